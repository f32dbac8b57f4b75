"""Goal satisfaction of an executed trajectory: state, relation and action goals.

State and relation goals are literals checked in the final state; action goals
must occur in order among the executed actions (a step is met by any of its
alternative action names). A task succeeds when all of them hold and the LTL
goal holds on the trajectory (paper section 2.1).

For a goal with quantifiers over states (BEHAVIOR), the literals come from the
goal option that best matches the final state (paper section 2.3): options are
grounded lazily, those true in the final state first, and the best of the first
few is kept. Such a task succeeds when some goal option holds in the final
state. An option lists what the goal asks for, not the exclusions that
``forn`` implies ("no other object"), so this is BDDL's reading of
``forpairs`` (every a has some b and every b some a) rather than the
"exactly one" the LTL translation spells out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from itertools import islice
from typing import Any

from eai.ltl import Exists, Forall, Formula, ForN, Universe, evaluate, has_then, holds, options, parse
from eai.ltl.syntax import And, Implies, Not, Or, Prim, Then
from eai.ltl.universe import STATE
from eai.simulation.simulator import Vocabulary
from eai.world import Literal, State, Task, Trajectory

OPTIONS_EXAMINED = 20


@dataclass(frozen=True)
class GoalReport:
    """Satisfied and total goals of each kind, and task success."""

    state: tuple[int, int]
    relation: tuple[int, int]
    action: tuple[int, int]
    success: bool
    unmet: tuple[str, ...] = ()  # the goals not satisfied, as text

    @property
    def total(self) -> tuple[int, int]:
        return (self.state[0] + self.relation[0] + self.action[0], self.state[1] + self.relation[1] + self.action[1])

    def to_dict(self) -> dict[str, list[int]]:
        return {"state": list(self.state), "relation": list(self.relation), "action": list(self.action),
                "total": list(self.total)}


class GoalChecker:
    """The goal of one task, parsed once, checked against trajectories."""

    def __init__(self, task: Task, vocabulary: Vocabulary) -> None:
        self.task = task
        self.formula = parse(task.goal.ltl) if task.goal.ltl.strip() else None
        predicates = vocabulary.state_predicates | vocabulary.relation_predicates
        self.universe = Universe(task.objects, vocabulary.actions, predicates, dict(task.goal.classes))
        self.quantified = (self.formula is not None and not has_then(self.formula)
                           and _quantifies_states(self.formula, self.universe))

    def check(self, trajectory: Trajectory | None) -> GoalReport:
        """The report for ``trajectory``; None (nothing ran) satisfies no goal."""
        goal = self.task.goal
        if trajectory is None:
            return GoalReport((0, len(goal.state)), (0, len(goal.relation)), (0, len(goal.action)), False)
        met_actions = _actions_in_order(goal.action, [a.name for a in trajectory.actions])
        action = (met_actions, len(goal.action))
        unmet_actions = tuple(" or ".join(step) for step in goal.action[met_actions:])
        if self.quantified and holds(self.formula, trajectory.final, self.universe):  # type: ignore[arg-type]
            # some option holds: count the goals as the annotated option does, all met
            state, relation = (len(goal.state),) * 2, (len(goal.relation),) * 2
            return GoalReport(state, relation, action, action[0] == action[1], unmet_actions)
        state_goals, relation_goals = self.literals(trajectory.final)
        final = trajectory.final
        state = (_hits(state_goals, final), len(state_goals))
        relation = (_hits(relation_goals, final), len(relation_goals))
        unmet = tuple(str(lit) for lit in state_goals + relation_goals if (lit.atom in final) != lit.positive)
        met = all(hit == total for hit, total in (state, relation, action))
        if self.quantified:  # success: some goal option holds (its literals are what we checked)
            return GoalReport(state, relation, action, met, unmet + unmet_actions)
        ltl = self.formula is None or evaluate(self.formula, trajectory, self.universe)
        return GoalReport(state, relation, action, met and ltl, unmet + unmet_actions)

    def reached(self, trajectory: Trajectory) -> bool:
        """``check(trajectory).success``, without choosing a goal option when
        the quantified goal holds outright."""
        if self.quantified and holds(self.formula, trajectory.final, self.universe):  # type: ignore[arg-type]
            steps = self.task.goal.action
            return _actions_in_order(steps, [a.name for a in trajectory.actions]) == len(steps)
        return self.check(trajectory).success

    def literals(self, final: State) -> tuple[tuple[Literal, ...], tuple[Literal, ...]]:
        """The state and relation goals to check in ``final``."""
        if not self.quantified:
            return self.task.goal.state, self.task.goal.relation
        best: tuple[float, tuple[Literal, ...]] | None = None
        for option in islice(options(self.formula, self.universe, prefer=final), OPTIONS_EXAMINED):  # type: ignore[arg-type]
            literals = tuple(Literal(positive, atom) for positive, atom in option.literals)
            score = _hits(literals, final) / len(literals) if literals else 1.0
            if best is None or score > best[0]:
                best = (score, literals)
            if score == 1.0:
                break
        chosen = best[1] if best else ()
        return (tuple(lit for lit in chosen if len(lit.atom) == 2),
                tuple(lit for lit in chosen if len(lit.atom) != 2))


def exact_types(task: Task) -> Task:
    """``task`` with its goal's class tests read exactly, each of its own
    class only (the option ``exact_types``: no benchmark's wider reading,
    such as ALFRED's substring match, :attr:`eai.world.Goal.classes`)."""
    return replace(task, goal=replace(task.goal, classes=())) if task.goal.classes else task


def read_types(tasks: list[Task], options: Mapping[str, Any]) -> list[Task]:
    """``tasks``, read exactly when ``options`` ask for ``exact_types``."""
    return [exact_types(task) for task in tasks] if options.get("exact_types") else tasks


def _hits(literals: Iterable[Literal], state: State) -> int:
    return sum((lit.atom in state) == lit.positive for lit in literals)


def _actions_in_order(steps: tuple[tuple[str, ...], ...], executed: list[str]) -> int:
    """How many action-goal steps occur, in order, among the executed actions."""
    met, position = 0, 0
    for step in steps:
        while position < len(executed) and executed[position] not in step:
            position += 1
        if position == len(executed):
            break
        met, position = met + 1, position + 1
    return met


def _quantifies_states(formula: Formula, universe: Universe, bound: bool = False) -> bool:
    """Does a quantifier bind a state or relation predicate's argument?"""
    if isinstance(formula, Prim):
        return bound and universe.kind(formula) == STATE
    if isinstance(formula, (Forall, Exists, ForN)):
        return _quantifies_states(formula.body, universe, True)
    if isinstance(formula, Not):
        return _quantifies_states(formula.arg, universe, bound)
    if isinstance(formula, Implies):
        return any(_quantifies_states(f, universe, bound) for f in (formula.lhs, formula.rhs))
    if isinstance(formula, (And, Or, Then)):
        return any(_quantifies_states(f, universe, bound) for f in formula.args)
    return False
