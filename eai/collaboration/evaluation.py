"""PARTNR's evaluation functions over a trajectory of symbolic states:
propositions, the dependencies that say when each is queried, the
constraints that invalidate them, and percent complete and success
(docs/collaboration.md gives the rules, the tie and lag rules among them).

A proposition asking ``number`` objects counts as that many **units**, unit
``k`` satisfied once ``k`` of them are (PARTNR's unrolling); percent complete
is the share of units satisfied and not invalidated by a constraint, success
that all are.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from eai.exceptions import EaiError
from eai.simulation.predicates import Holding, PredicateMap, Proposition
from eai.tasks.evaluation_spec import ConstraintSpec, DependencySpec, EvaluationSpec
from eai.world import Atom, Task

if TYPE_CHECKING:
    from eai.simulation.simulator import Simulator


@dataclass(frozen=True)
class Dependency:
    """Query ``propositions`` only while ``relation`` holds of ``depends_on``
    (all of them, or any with ``mode`` "any")."""

    propositions: tuple[int, ...]
    depends_on: tuple[int, ...]
    relation: str
    mode: str = "all"


@dataclass(frozen=True)
class ArgConstraint:
    """The objects satisfying argument ``arg_names[i]`` of proposition
    ``propositions[i]`` must be the same for all (``same``) or pairwise different."""

    propositions: tuple[int, ...]
    arg_names: tuple[str, ...]
    same: bool


@dataclass(frozen=True)
class EvaluationFunctions:
    """A task's propositions, dependencies and constraints, checked.
    ``order`` is a DAG of (before, after) propositions; ``terminal`` the
    propositions that must still hold at the end."""

    propositions: tuple[Proposition, ...]
    dependencies: tuple[Dependency, ...] = ()
    order: tuple[tuple[int, int], ...] = ()
    terminal: frozenset[int] = frozenset()
    arguments: tuple[ArgConstraint, ...] = ()

    @classmethod
    def read(cls, data: Mapping[str, Any], objects: Collection[str], predicates: PredicateMap | None,
             simulator: str = "") -> EvaluationFunctions:
        """Evaluation functions from their task-file form (``eai.tasks.evaluation_spec``);
        an EaiError says in one line what is wrong."""
        if predicates is None:
            raise EaiError(f"simulator {simulator!r} has no predicate map for evaluation functions")
        try:
            spec = EvaluationSpec.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise EaiError(f"evaluation: {where}: {first['msg']}") from None
        props = []
        for i, p in enumerate(spec.propositions):
            if not predicates.knows(p.function_name):
                raise EaiError(f"simulator {simulator!r} has no predicate {p.function_name}")
            try:
                props.append(Proposition.read(p.function_name, p.args, objects))
            except EaiError as exc:
                raise EaiError(f"evaluation proposition {i}: {exc}") from None
        n = len(props)
        deps = tuple(_dependency(d, n) for d in spec.dependencies)
        _acyclic([(d, p) for dep in deps for d in dep.depends_on for p in dep.propositions], "dependencies")
        order: list[tuple[int, int]] = []
        terminal: set[int] = set()
        arguments = []
        for c in spec.constraints:
            if c.type == "TemporalConstraint":
                order.extend(_edges(c.args, n))
            elif c.type == "TerminalSatisfactionConstraint":
                terminal |= set(_indices(c.args, "proposition_indices", n, {"n_propositions"}))
            else:
                arguments.append(_arg_constraint(c, props))
        _acyclic(order, "TemporalConstraint dag_edges")
        return cls(tuple(props), deps, tuple(sorted(set(order))), frozenset(terminal), tuple(arguments))

    @property
    def units(self) -> int:
        return sum(p.number for p in self.propositions)


def _indices(args: Mapping[str, Any], key: str, n: int, allowed: set[str]) -> list[int]:
    extra = sorted(set(args) - {key} - allowed)
    if extra:
        raise EaiError(f"evaluation constraint takes no argument {extra[0]!r}")
    value = args.get(key)
    if not isinstance(value, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in value):
        raise EaiError(f"evaluation constraint needs {key} as a list of proposition indices")
    _in_range(value, n)
    return value


def _in_range(indices: Sequence[int], n: int) -> None:
    bad = [i for i in indices if not 0 <= i < n]
    if bad:
        raise EaiError(f"evaluation: proposition index {bad[0]} out of range (there are {n})")


def _dependency(spec: DependencySpec, n: int) -> Dependency:
    _in_range(spec.proposition_indices + spec.depends_on, n)
    return Dependency(tuple(spec.proposition_indices), tuple(spec.depends_on), spec.relation_type,
                      spec.dependency_mode)


def _edges(args: Mapping[str, Any], n: int) -> list[tuple[int, int]]:
    extra = sorted(set(args) - {"dag_edges", "n_propositions"})
    if extra:
        raise EaiError(f"TemporalConstraint takes no argument {extra[0]!r}")
    edges = args.get("dag_edges")
    if not isinstance(edges, list) or not all(
            isinstance(e, list | tuple) and len(e) == 2 and all(isinstance(i, int) for i in e) for e in edges):
        raise EaiError("TemporalConstraint needs dag_edges as a list of [before, after] index pairs")
    _in_range([i for e in edges for i in e], n)
    return [(a, b) for a, b in edges]


def _acyclic(edges: Sequence[tuple[int, int]], what: str) -> None:
    import networkx as nx  # here: eai --help stays light

    graph = nx.DiGraph(edges)
    if not nx.is_directed_acyclic_graph(graph):
        raise EaiError(f"evaluation: {what} form a cycle")


def _arg_constraint(spec: ConstraintSpec, props: Sequence[Proposition]) -> ArgConstraint:
    indices = _indices(spec.args, "proposition_indices", len(props), {"arg_names", "n_propositions"})
    names = spec.args.get("arg_names")
    if not isinstance(names, list) or len(names) != len(indices):
        raise EaiError(f"{spec.type} needs one arg_names entry per proposition index")
    for i, name in zip(indices, names, strict=True):
        if name not in props[i].arg_names:
            raise EaiError(f"{spec.type}: proposition {i} ({props[i].predicate}) has no argument {name!r}")
    return ArgConstraint(tuple(indices), tuple(names), spec.type == "SameArgConstraint")


class Tracker:
    """Percent complete and success as a trajectory unfolds, one state at a
    time (PARTNR's proposition tracker and constraint validation).

    Rules (docs/collaboration.md): a dependency is judged on the states up to
    and including the current one (no one-step lag); a proposition's
    satisfaction time is the index of the first state where it holds; two
    propositions satisfied in one state are tied, which breaks a temporal
    order (``after`` needs a strictly later state) and, for argument
    constraints, makes the one listed first the reference.
    """

    def __init__(self, functions: EvaluationFunctions, predicates: PredicateMap) -> None:
        self.functions = functions
        self.predicates = predicates
        import networkx as nx  # here: eai --help stays light

        n = len(functions.propositions)
        self._graph = nx.DiGraph()
        self._graph.add_nodes_from(range(n))
        self._graph.add_edges_from((d, p) for dep in functions.dependencies
                                   for d in dep.depends_on for p in dep.propositions)
        self._query_order = list(nx.lexicographical_topological_sort(self._graph))
        order = nx.DiGraph(functions.order)
        self._before = {p: sorted(nx.ancestors(order, p)) for p in order}
        self._held: list[list[bool]] = [[] for _ in range(n)]
        self.counts: list[int] = [0] * n  # gated count in the last state
        # satisfied_at[i][k-1]: first state where unit k of proposition i held (-1: never)
        self.satisfied_at: list[list[int]] = [[-1] * p.number for p in functions.propositions]
        # the proposition's satisfying objects when each unit was first satisfied
        self._values: list[list[Holding | None]] = [[None] * p.number for p in functions.propositions]
        self.steps = 0

    def update(self, atoms: Collection[Atom]) -> None:
        """Add the next state of the trajectory."""
        t = self.steps
        for i in self._query_order:
            prop = self.functions.propositions[i]
            queried = all(self._dependency_holds(dep) for dep in self.functions.dependencies
                          if i in dep.propositions)
            holding = prop.holding(atoms, self.predicates) if queried else Holding(0, {})
            self.counts[i] = holding.count
            self._held[i].append(holding.count == prop.number)
            for k in range(holding.count):
                if self.satisfied_at[i][k] == -1:
                    self.satisfied_at[i][k] = t
                    self._values[i][k] = holding
        self.steps += 1

    def _dependency_holds(self, dep: Dependency) -> bool:
        """Judged on the states so far, the current one included (its
        propositions already updated: they come first in query order)."""
        def test(j: int) -> bool:
            held = self._held[j]
            if dep.relation == "while_satisfied":
                return bool(held) and held[-1]
            if dep.relation == "after_satisfied":
                return any(held)
            if dep.relation == "after_unsatisfied":
                return any(a and not b for a, b in zip(held, held[1:], strict=False))
            return not any(held)  # before_satisfied
        return (all if dep.mode == "all" else any)(test(j) for j in dep.depends_on)

    def valid(self) -> list[list[bool]]:
        """Per proposition and unit: satisfied and not invalidated by a constraint."""
        valid = [[t != -1 for t in units] for units in self.satisfied_at]
        for j, before in self._before.items():
            times = [t for i in before for t in self.satisfied_at[i]]
            for k, t in enumerate(self.satisfied_at[j]):
                if -1 in times or (times and t <= max(times)):
                    valid[j][k] = False
        for i in self.functions.terminal:
            for k in range(len(valid[i])):
                valid[i][k] = valid[i][k] and self.counts[i] > k
        for constraint in self.functions.arguments:
            for i, k in self._arg_violations(constraint):
                valid[i][k] = False
        return valid

    def _arg_violations(self, constraint: ArgConstraint) -> list[tuple[int, int]]:
        """The units breaking ``constraint``, judged in the order they were
        satisfied (ties: listing order), each on the objects that satisfied it
        then; the first is the reference, and units of one proposition are
        not compared with each other."""
        done = sorted((self.satisfied_at[i][k], pos, k, i, name) for pos, (i, name)
                      in enumerate(zip(constraint.propositions, constraint.arg_names, strict=True))
                      for k in range(len(self.satisfied_at[i])) if self.satisfied_at[i][k] != -1)
        seen: list[tuple[int, frozenset[str]]] = []
        bad = []
        for _, _, k, i, name in done:
            value = self._values[i][k].values[name]  # type: ignore[union-attr]
            if constraint.same:
                broken = bool(seen) and not value & seen[0][1]
            else:
                broken = any(value & other for j, other in seen if j != i)
            if broken:
                bad.append((i, k))
            seen.append((i, value))
        return bad

    @property
    def percent_complete(self) -> float:
        valid = [v for units in self.valid() for v in units]
        return sum(valid) / len(valid)

    @property
    def success(self) -> bool:
        return all(v for units in self.valid() for v in units)


def evaluate(functions: EvaluationFunctions, predicates: PredicateMap,
             states: Sequence[Collection[Atom]]) -> Tracker:
    """The tracker after the whole trajectory ``states`` (initial state first)."""
    tracker = Tracker(functions, predicates)
    for atoms in states:
        tracker.update(atoms)
    return tracker


def judge(task: Task, simulator: Simulator, states: Sequence[Collection[Atom]]) -> Tracker:
    """``task``'s evaluation functions over ``states``, in ``simulator``'s predicates."""
    predicates = simulator.evaluation_predicates
    functions = EvaluationFunctions.read(task.evaluation, task.object_by_id, predicates, simulator.name)
    return evaluate(functions, predicates, states)  # type: ignore[arg-type]
