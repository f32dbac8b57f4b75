"""Refining subgoals into actions by search, and choosing among ``or`` alternatives.

Semantics (paper sections 2.4 and D.3, with the LTL reading of :mod:`eai.ltl`):

* Subgoals are refined in order, each from the state the previous one left.
  A subgoal is reached at the first pair (state, next action) where it holds.
  A state formula is reached by the planner's plan to a state where it holds.
  A subgoal naming actions (``LOOKAT(tv.410)``) is reached by such a plan
  followed by one of the actions it names, executed where the subgoal holds
  together with that action: ``FACING(character.65, tv.410) and
  LOOKAT(tv.410)`` turns to the tv, then looks at it.
* The planner (``bfs`` by default: a shortest plan) acts only on the objects
  ``World.search_objects`` gives for the subgoal's propositions, with the
  actions ``World.search_actions`` gives for them and those of the subgoals
  it keeps (below), within the budget of one search. Among shortest plans it
  prefers one that keeps the subgoals already reached (the earlier state
  subgoals holding where the search starts): lying in the bathtub, then on
  the couch, is reached by lying down on the couch, not by sitting on it.
* A subgoal that holds where it starts needs no action, and one closed by a
  named action whose effect already holds does nothing: both are additional
  steps, and such an action is left out of the trajectory (it satisfies no
  action goal, as in :func:`eai.simulation.taxonomy.execute`). (Upstream flagged the first only where its fixed action template
  hit an action VirtualHome calls redundant, e.g. ``CLOSED`` of a closed box.)
* A subgoal the search proves unreachable stops the refinement: an
  affordance error if it names an action its objects cannot afford, a wrong
  order if it held earlier in the trajectory (the plan asks for it again
  when it can no longer be had), a missing step otherwise (something the
  plan needed before it is missing). Running out of budget stops it too,
  as its own outcome, not an error of the plan.
* A subgoal whose top level is ``or`` has alternatives. Combinations are
  refined depth first in written order; after ``MAX_BRANCHES`` complete or
  failed ones, only first alternatives are taken. The best is kept (the
  paper's maximum over refinements): success, then executability, goals
  met, subgoals refined, fewer additional steps, fewer actions, and among
  equals the first in written order. Searches are shared between branches
  that reach the same state.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import product
from typing import Any

from eai.base.limits import MAX_NODES
from eai.ltl import And, Forall, Formula, Implies, Not, Or, Prim, Then, Universe, holds, to_text
from eai.ltl.universe import ACTION, CLASS_TEST
from eai.simulation.goals import GoalChecker, GoalReport
from eai.simulation.planner import Budget, Outcome, PlanResult, SearchPlanner
from eai.simulation.simulator import World
from eai.simulation.taxonomy import ErrorType
from eai.world import Action, State, Trajectory

MAX_BRANCHES = 16

REACHED, HELD, UNREACHABLE, BUDGET_EXHAUSTED, PLANNER_ERROR = (
    "reached", "held", "unreachable", "budget_exhausted", "planner_error")
_OUTCOMES = {Outcome.UNSOLVABLE: UNREACHABLE, Outcome.BUDGET_EXHAUSTED: BUDGET_EXHAUSTED, Outcome.ERROR: PLANNER_ERROR,
             Outcome.INFRASTRUCTURE_FAILURE: PLANNER_ERROR}


@dataclass(frozen=True)
class Subgoal:
    """One alternative of a subgoal line, in the world's names."""

    formula: Formula
    universe: Universe

    @cached_property
    def text(self) -> str:
        return to_text(self.formula)

    @cached_property
    def actions(self) -> tuple[Action, ...]:
        """The ground actions it names, in written order, each once."""
        named = (Action(p[0], p[1:]) for p in propositions(self.formula, self.universe)
                 if self.universe.kind(Prim(p[0], p[1:])) == ACTION)
        return tuple(dict.fromkeys(named))


@dataclass(frozen=True)
class Step:
    """What refining one subgoal gave."""

    subgoal: Subgoal
    outcome: str
    actions: tuple[Action, ...] = ()
    additional: bool = False
    expanded: int = 0
    error: ErrorType | None = None
    detail: str = ""
    done: int = 0  # the trajectory's actions once this subgoal was refined

    @property
    def refined(self) -> bool:
        return self.outcome in (REACHED, HELD)


@dataclass(frozen=True)
class Refinement:
    """One combination of alternatives, refined as far as it goes."""

    steps: tuple[Step, ...]
    trajectory: Trajectory
    goals: GoalReport
    executable: bool

    def rank(self) -> tuple:
        refined = [step for step in self.steps if step.refined]
        return (self.executable and self.goals.success, self.executable, self.goals.total[0], len(refined),
                -sum(step.additional for step in self.steps), -len(self.trajectory.actions))


class Refiner:
    """Refines the subgoal lines of one task with one planner and budget per search;
    ``acting``: for a planner that acts on them rather than a judge of them (:meth:`closing`)."""

    def __init__(self, world: World, planner: SearchPlanner, budget: Budget, checker: GoalChecker,
                 acting: bool = False) -> None:
        self.world = world
        self.acting = acting
        self.planner = planner
        self.budget = budget
        self.checker = checker
        self.universe = checker.universe
        self._searches: dict[tuple[Formula, int, tuple[Formula, ...]], PlanResult] = {}
        self.branches = 0

    def refine(self, lines: Sequence[Sequence[Subgoal]], state: State | None = None) -> Refinement:
        """The best refinement of ``lines`` (each a non-empty list of alternatives)
        from ``state`` (default: the world's initial state)."""
        start = Trajectory((self.world.initial if state is None else state,))
        if not lines:
            return self._leaf((), start, len(lines))
        best: Refinement | None = None
        stack: list[tuple[int, int, Trajectory, tuple[Step, ...]]] = [
            (0, j, start, ()) for j in reversed(range(len(lines[0])))]
        while stack:
            i, j, trajectory, steps = stack.pop()
            if j > 0 and self.branches >= MAX_BRANCHES:
                continue
            step, trajectory = self._step(lines[i][j], trajectory, steps)
            steps += (step,)
            if step.refined and i + 1 < len(lines):
                stack.extend((i + 1, k, trajectory, steps) for k in reversed(range(len(lines[i + 1]))))
                continue
            leaf = self._leaf(steps, trajectory, len(lines))
            if best is None or leaf.rank() > best.rank():
                best = leaf
        assert best is not None
        return best

    def _leaf(self, steps: tuple[Step, ...], trajectory: Trajectory, lines: int) -> Refinement:
        self.branches += 1
        executable = len(steps) == lines and all(step.refined for step in steps)
        return Refinement(steps, trajectory, self.checker.check(trajectory), executable)

    def _step(self, subgoal: Subgoal, trajectory: Trajectory, before: tuple[Step, ...]) -> tuple[Step, Trajectory]:
        start = trajectory.final
        kept = self._reached(before, start)
        key = (subgoal.formula, start.bits, kept)
        result = self._searches.get(key)
        if result is None:
            named = list(propositions(subgoal.formula, self.universe))
            objects = self.world.search_objects(start, named)
            actions = self.world.search_actions(named + [p for f in kept for p in propositions(f, self.universe)])
            goal = lambda state: self.closing(subgoal, state) is not None  # noqa: E731
            prefer = (lambda state: all(holds(f, state, self.universe) for f in kept)) if kept else None
            result = self._searches[key] = self.planner.search(self.world, start, goal, self.budget, objects,
                                                               prefer=prefer, actions=actions)
        if not result.solved:
            outcome = _OUTCOMES[result.outcome]
            error, detail = self._diagnose(subgoal, trajectory) if outcome == UNREACHABLE \
                else (None, f"{subgoal.text}: {result.detail}")
            return Step(subgoal, outcome, expanded=result.expanded, error=error, detail=detail,
                        done=len(trajectory.actions)), trajectory
        state = start
        for action in result.plan:
            state = self.world.apply(state, action)
            trajectory = trajectory.extend(action, state)
        closing = self.closing(subgoal, state)
        assert closing is not None, f"the planner's plan does not reach {subgoal.text}"
        additional = not result.plan and not closing
        for action in closing:
            if self.world.check(state, action).redundant:
                additional = True  # a no-op, left out of the trajectory (eai.simulation.taxonomy.execute)
            else:
                state = self.world.apply(state, action)
                trajectory = trajectory.extend(action, state)
        outcome = REACHED if result.plan or closing else HELD
        return Step(subgoal, outcome, result.plan + closing, additional, result.expanded,
                    done=len(trajectory.actions)), trajectory

    def _reached(self, steps: tuple[Step, ...], state: State) -> tuple[Formula, ...]:
        """The state subgoals (naming no action) refined in ``steps`` that hold in ``state``."""
        formulas = (step.subgoal.formula for step in steps if step.refined and not step.subgoal.actions)
        return tuple(f for f in dict.fromkeys(formulas) if holds(f, state, self.universe))

    def closing(self, subgoal: Subgoal, state: State) -> tuple[Action, ...] | None:
        """() if ``subgoal`` holds in ``state``; (a,) if it holds with a named action
        ``a`` that can be done there (``acting``: and does something there,
        since a no-op meets no action goal); None if neither."""
        if holds(subgoal.formula, state, self.universe):
            return ()
        for action in subgoal.actions:
            check = self.world.check(state, action)
            usable = not (check.redundant or check.missing) if self.acting else check.redundant or not check.missing
            if check.affordable and usable and holds(subgoal.formula, state, self.universe, action):
                return (action,)
        return None

    def _diagnose(self, subgoal: Subgoal, trajectory: Trajectory) -> tuple[ErrorType, str]:
        for action in subgoal.actions:
            check = self.world.check(trajectory.final, action)
            if not check.affordable:
                return ErrorType.AFFORDANCE, f"{subgoal.text}: {action}: {check.reason}"
        for k, action in enumerate(trajectory.actions):
            if holds(subgoal.formula, trajectory.states[k], self.universe, action):
                return ErrorType.WRONG_ORDER, f"{subgoal.text}: held before step {k} but cannot be reached again"
        return ErrorType.MISSING_STEP, f"{subgoal.text}: unreachable from the state the previous subgoals left"


def propositions(formula: Formula, universe: Universe) -> Iterator[tuple[str, ...]]:
    """The ground propositions of ``formula`` as ``(name, object, ...)``, quantified
    variables taking every object in their scope; class tests left out."""
    yield from _ground(formula, universe, {})


def _ground(formula: Formula, universe: Universe, scopes: dict[str, tuple[str, ...]]) -> Iterator[tuple[str, ...]]:
    if isinstance(formula, Prim):
        if universe.kind(formula) != CLASS_TEST:
            for args in product(*(scopes.get(arg, (arg,)) for arg in formula.args)):
                yield (formula.name, *args)
    elif isinstance(formula, Not):
        yield from _ground(formula.arg, universe, scopes)
    elif isinstance(formula, Implies):
        yield from _ground(formula.lhs, universe, scopes)
        yield from _ground(formula.rhs, universe, scopes)
    elif isinstance(formula, (And, Or, Then)):
        for arg in formula.args:
            yield from _ground(arg, universe, scopes)
    else:
        domain, body = universe.scope(formula.var, formula.body, not isinstance(formula, Forall))
        yield from _ground(body, universe, {**scopes, formula.var: domain})


def budget(options: Mapping[str, Any]) -> Budget:
    """One search's budget: the ``max_nodes`` option (states expanded; None: no
    limit). Counted, so a verdict never depends on the machine or its load."""
    return Budget(nodes=options.get("max_nodes", MAX_NODES))
