"""Our ``Domain`` and ``Problem`` as a unified-planning problem, built through
UP's API (never through its PDDL reader), and written back as PDDL for Fast
Downward with UP's writer.

UP checks every operator as it is built: an undefined predicate, a wrong
number of arguments, an argument of the wrong type, an unbound variable or a
formula that is no effect. Such an operator is *rejected* (left out, with
UP's reason) and the others stay. A fault in the problem itself (an undeclared
object or predicate, an ill-typed goal) raises :class:`ProblemError`.

Decisions the EAI files force:

- Names: UP wants every name used once, but VirtualHome and BEHAVIOR name an
  action like a predicate (``open``) and VirtualHome an object like a type
  (``character``). Predicates and types keep their names; a clashing action or
  object gets ``_1`` (``_2``...) appended. :attr:`Conversion.names` maps the
  names of the written PDDL back to ours.
- Types: ``object`` is the root and a type declared without a parent is its
  child, as in PDDL (so a ``character`` is an ``object``).
- Init atoms whose arguments do not fit the predicate's types (122 VirtualHome
  problems have some, e.g. ``(facing couch television)`` where ``facing``
  wants a character) are left out and counted: no well-typed operator can read
  or change them, so they cannot matter to a plan.
- UP's writer leaves out ``:effect`` for an action without effects, which Fast
  Downward rejects (up_writer.py writes ``:effect (and)``).
- Quantified conditions over one literal are written out over the problem's
  objects first (``eai.pddl.expand``): the same task, without the axioms Fast
  Downward's heuristics estimate so poorly, and checked by UP exactly as
  written (only well-typed quantifiers are written out).
- Each conversion has a unified-planning environment of its own
  (up_environment.py), so a worker's conversions never depend on the ones
  before, and the domain's constants are written in the problem's order
  (up_writer.py, which also keeps the writer from walking the problem again
  and again).

Importing this module imports unified-planning's model and writer (about
0.12 s, with what it never uses kept out: worker.py, up_environment.py); a planner worker (worker.py) does
it once and calls :func:`prepare` run after run (a few ms each).
"""

from __future__ import annotations

import json
import pickle
from dataclasses import dataclass, field
from pathlib import Path

from unified_planning.exceptions import UPException
from unified_planning.model import Fluent, InstantaneousAction, Object, Variable

from eai.plugin_api import (
    And,
    Domain,
    Exists,
    Forall,
    Formula,
    Imply,
    Not,
    Operator,
    Or,
    Pred,
    Problem,
    When,
    expand_quantifiers,
)
from eai_fast_downward.runner import JOB, REPORT
from eai_fast_downward.up_environment import FreshEnvironment
from eai_fast_downward.up_writer import BuiltProblem, Writer

INVALID_PROBLEM = 31  # Fast Downward's code for input its translator cannot use


def prepare() -> int:
    """The planner host's preparer, in a run's directory: the job as PDDL files
    and a report, or ``invalid problem: ...`` on stdout and INVALID_PROBLEM."""
    domain, problem = pickle.loads(Path(JOB).read_bytes())
    try:
        conversion = convert(domain, problem)
    except ProblemError as exc:
        print(f"invalid problem: {exc}")
        return INVALID_PROBLEM
    names = write_pddl(conversion, Path("domain.pddl"), Path("problem.pddl"))
    report = {"names": names, "rejected": conversion.rejected}
    Path(REPORT).write_text(json.dumps(report))
    return 0


class ProblemError(Exception):
    """The problem cannot be built (undeclared object or predicate, ill-typed goal)."""


class _Rejected(Exception):
    """One operator is not well formed; the message says why."""


@dataclass
class Conversion:
    problem: BuiltProblem  # do not change it
    rejected: dict[str, str] = field(default_factory=dict)  # operator -> UP's reason
    dropped_init: int = 0  # ill-typed init atoms left out
    names: dict[str, str] = field(default_factory=dict)  # UP name -> ours, actions and objects


def convert(domain: Domain, problem: Problem) -> Conversion:
    """The UP problem of ``problem`` in ``domain``; see the module docstring."""
    domain = expand_quantifiers(domain, problem)
    builder = _Builder(domain, FreshEnvironment())
    up_problem = BuiltProblem(problem.name, builder.env)
    for fluent in builder.fluents.values():
        up_problem.add_fluent(fluent, default_initial_value=False)
    conversion = Conversion(up_problem)
    for name, typ in problem.objects:
        try:
            obj = Object(builder.unique(name), builder.type(typ), builder.env)
        except _Rejected as exc:
            raise ProblemError(f"object {name}: {exc}") from None
        builder.objects[name] = obj
        conversion.names[obj.name] = name
        up_problem.add_object(obj)
    for atom in problem.init:
        try:
            up_problem.set_initial_value(builder.atom(Pred(atom[0], atom[1:]), {}), True)
        except _Rejected as exc:
            if not isinstance(exc.__cause__, UPException):
                raise ProblemError(f"init {' '.join(atom)}: {exc}") from None
            conversion.dropped_init += 1
    try:
        up_problem.add_goal(builder.condition(problem.goal, {}))
    except (_Rejected, UPException) as exc:
        raise ProblemError(f"goal: {exc}") from None
    for operator in domain.operators:
        try:
            action = builder.action(operator)
        except (_Rejected, UPException) as exc:
            conversion.rejected[operator.name] = str(exc).strip()[:300]
            continue
        conversion.names[action.name] = operator.name
        up_problem.add_action(action)
    return conversion


def write_pddl(conversion: Conversion, domain_file: Path, problem_file: Path) -> dict[str, str]:
    """Write the PDDL files; returns their action and object names -> ours."""
    writer = Writer(conversion.problem)
    writer.write_domain(str(domain_file))
    writer.write_problem(str(problem_file))
    names = {}
    for item in [*conversion.problem.actions, *conversion.problem.all_objects]:
        try:
            names[writer.get_pddl_name(item)] = conversion.names[item.name]
        except UPException:  # an action the writer left out, its precondition being false
            pass
    return names


class _Builder:
    """Types, fluents and objects of one conversion, and formulas over them."""

    def __init__(self, domain: Domain, env: FreshEnvironment) -> None:
        self.env = env
        self.em = self.env.expression_manager
        self.parents = {name: parent for name, parent in domain.types if name != "object"}
        self.types = {"object": self.env.type_manager.UserType("object")}
        self.taken = {"object", *self.parents}
        self.fluents = {}
        for decl in domain.predicates:
            signature = {_var(v): self.type(t) for v, t in decl.parameters}
            if len(signature) != len(decl.parameters):
                raise ProblemError(f"predicate {decl.name} names a parameter twice")
            self.fluents[decl.name] = _Fluent(decl.name, environment=env, **signature)
            self.taken.add(decl.name)
        self.objects: dict[str, Object] = {}

    def unique(self, name: str) -> str:
        """``name``, or ``name_<n>`` when it is already used."""
        candidate, n = name, 0
        while candidate in self.taken:
            n += 1
            candidate = f"{name}_{n}"
        self.taken.add(candidate)
        return candidate

    def type(self, name: str, seen: tuple[str, ...] = ()):
        name = name or "object"
        if name not in self.types:
            if name not in self.parents or name in seen:
                raise _Rejected(f"undeclared type {name}")
            father = self.type(self.parents[name], (*seen, name))
            self.types[name] = self.env.type_manager.UserType(name, father)
        return self.types[name]

    def action(self, operator: Operator) -> InstantaneousAction:
        names = [_var(v) for v, _ in operator.parameters]
        if len(set(names)) != len(names):
            raise _Rejected("a parameter is named twice")
        action = InstantaneousAction(self.unique(operator.name), _env=self.env,
                                     **{n: self.type(t) for n, (_, t) in zip(names, operator.parameters)})
        scope = {v: self.em.ParameterExp(action.parameter(n)) for n, (v, _) in zip(names, operator.parameters)}
        action.add_precondition(self.condition(operator.precondition, scope))
        for fluent, value, conditions, variables in self.effects(operator.effect, scope, (), ()):
            action.add_effect(fluent, value, self.em.And(*conditions), variables)
        return action

    def effects(self, f: Formula, scope: dict, conditions: tuple, variables: tuple):
        """``(atom, value, conditions, forall variables)`` for every literal ``f`` sets."""
        if isinstance(f, Pred):
            return [(self.atom(f, scope), True, conditions, variables)]
        if isinstance(f, Not) and isinstance(f.arg, Pred):
            return [(self.atom(f.arg, scope), False, conditions, variables)]
        if isinstance(f, And):
            return [e for child in f.args for e in self.effects(child, scope, conditions, variables)]
        if isinstance(f, When):
            condition = self.condition(f.cond, scope)
            return self.effects(f.effect, scope, (*conditions, condition), variables)
        if isinstance(f, Forall):
            inner, new = self.bind(f.vars, scope)
            return self.effects(f.body, inner, conditions, (*variables, *new))
        raise _Rejected(f"not an effect: {type(f).__name__.lower()} in an effect")

    def condition(self, f: Formula, scope: dict):
        if isinstance(f, Pred):
            return self.atom(f, scope)
        if isinstance(f, Not):
            return self.em.Not(self.condition(f.arg, scope))
        if isinstance(f, And):
            return self.em.And(*(self.condition(a, scope) for a in f.args))
        if isinstance(f, Or):
            return self.em.Or(*(self.condition(a, scope) for a in f.args))
        if isinstance(f, Imply):
            return self.em.Implies(self.condition(f.lhs, scope), self.condition(f.rhs, scope))
        if isinstance(f, (Exists, Forall)):
            inner, variables = self.bind(f.vars, scope)
            body = self.condition(f.body, inner)
            return self.em.Exists(body, *variables) if isinstance(f, Exists) else self.em.Forall(body, *variables)
        raise _Rejected(f"not a condition: {type(f).__name__.lower()}")

    def bind(self, typed: tuple, scope: dict) -> tuple[dict, list]:
        variables = [Variable(_var(v), self.type(t), self.env) for v, t in typed]
        return {**scope, **{v: self.em.VariableExp(var) for (v, _), var in zip(typed, variables)}}, variables

    def atom(self, f: Pred, scope: dict):
        fluent = self.fluents.get(f.name)
        if fluent is None:
            raise _Rejected(f"undefined predicate {f.name}")
        if len(f.args) != fluent.arity:
            raise _Rejected(f"{f.name} takes {fluent.arity} argument(s), got {len(f.args)}")
        args = []
        for term in f.args:
            value = scope.get(term) if term.startswith("?") else self.objects.get(term)
            if value is None:
                raise _Rejected(f"{'unbound variable' if term.startswith('?') else 'undeclared object'} {term} in {f.name}")
            args.append(value)
        try:
            expression = fluent(*args)
            self.env.type_checker.get_type(expression)  # UP checks types lazily; now
            return expression
        except UPException as exc:
            raise _Rejected(f"({f.name} {' '.join(f.args)}): {exc}") from exc


class _Fluent(Fluent):
    """A fluent that hashes as UP's does, computed once (UP's hashes its name,
    type and every parameter at each of the hundreds of lookups per conversion)."""

    _hash: int | None = None

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = super().__hash__()
        return self._hash


def _var(name: str) -> str:
    return name.lstrip("?")
