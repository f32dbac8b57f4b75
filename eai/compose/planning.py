"""Acting on a symbolic goal with a planner (as LLM+P does): from the goal,
subgoal lines; from the lines, actions found by search.

Lines: the states the goal's LTL asks for before others (``A then B``: A, when
it names no action: holding two things at once, then putting both down), each
action goal on the objects that afford it (taken from the goal's own objects
first, then the task's relevant objects; ``POUR(water, coffee maker)``), then
the relation and state goals (of the goal's first option, for quantified
goals) in the simulator's ``subgoal_order``. Actions: subgoal decomposition's
refinement of those lines with a search planner (``bfs`` and its budget by
default), acting rather than judging: a named action must do something (one
whose effect already holds meets no action goal, so the computer is switched on
before it is switched off), and the state lines a later line undid are
reached again at the end (facing the remote control after switching the
television on). A plan that still misses the goal is tried again with the
relation and state goals in the other order, then, for a goal with
quantifiers, with its other options (:func:`plan_actions`). It plans for
whatever goal the task holds, so a pipeline can hand it a goal a model
interpreted; the baselines hand it the annotated goal.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from itertools import islice, permutations

from eai.host.manager import get_plugins
from eai.ltl import Prim, Then, holds, options, parse, to_text
from eai.ltl.universe import ACTION
from eai.modules.subgoals.ground import ground_lines
from eai.modules.subgoals.parse import parse_subgoals
from eai.modules.subgoals.refine import Refiner, Subgoal, budget, propositions
from eai.simulation.goals import GoalChecker
from eai.simulation.planner import Budget, SearchPlanner
from eai.simulation.simulator import Simulator, World
from eai.world import Action, Atom, Literal, State, Task, Trajectory

PLANNER = "bfs"  # the search planner acting on a goal uses unless the options name one
OPTIONS_PLANNED, OPTIONS_SEEN = 20, 1000  # other options of a quantified goal planned, and looked at


def subgoal_lines(task: Task, simulator: Simulator, world: World | None = None,
                  order: tuple[str, str] | None = None) -> list[str]:
    """The lines (see the module docstring; relation and state goals in ``order``, default
    the simulator's); ``world``: ``task``'s, if one is at hand."""
    world = world or simulator.world(task)
    goal_objects = [a for lit in task.goal.relation + task.goal.state for a in lit.atom[1:]]
    candidates = list(dict.fromkeys(goal_objects + list(task.relevant)))
    lines = earlier_states(task, simulator)
    lines += [action_line(alternatives, simulator, world, candidates) for alternatives in task.goal.action]
    return lines + [str(lit) for lit in simulator.goal_lines(task.goal.state, task.goal.relation, order)]


def earlier_states(task: Task, simulator: Simulator) -> list[str]:
    """The operands of the goal's ``A then B ...`` before its last, those naming no
    action (action goals have lines of their own), as subgoal lines."""
    if not task.goal.ltl.strip() or not isinstance(formula := parse(task.goal.ltl), Then):
        return []
    universe = GoalChecker(task, simulator.vocabulary).universe
    return [to_text(operand) for operand in formula.args[:-1]
            if all(universe.kind(Prim(p[0], p[1:])) != ACTION for p in propositions(operand, universe))]


def action_line(alternatives: Sequence[str], simulator: Simulator, world: World, candidates: list[str]) -> str:
    """An action goal's line: its one-object actions on the first candidate that
    affords one of them, else its two-object ones on the first such pair; else
    its names without objects."""
    actions = simulator.vocabulary.actions
    for arity in (1, 2):
        named = [name for name in alternatives if name in actions and actions[name].arity == arity]
        target = next((args for args in permutations(candidates, arity) if named and any(
            world.check(world.initial, Action(name, args)).affordable for name in named)), None)
        if target is not None:
            return " or ".join(str(Action(name, target)) for name in named)
    return " or ".join(f"{name}()" for name in alternatives)


def subgoals(task: Task, simulator: Simulator, world: World | None = None) -> str:
    """``task``'s subgoal lines as a subgoal-decomposition answer: ``{"output": [line, ...]}``."""
    return json.dumps({"output": subgoal_lines(task, simulator, world)})


def plan_actions(task: Task, simulator: Simulator, planner: SearchPlanner, limits: Budget,
                 start: Iterable[Atom] | None = None) -> tuple[Action, ...]:
    """Actions reaching ``task``'s goal line by line (as far as the search gets),
    from the state of atoms ``start`` (default: the initial state) in ``task``'s world.
    When that plan misses the goal, the relation and state goals are planned in the
    other order (soak the rag and clean with it before putting it in the bucket), then
    a goal with quantifiers over states, which has many options (which candle goes on
    which table), with each option of :func:`other_options` in turn, until a plan
    reaches the goal."""
    world = simulator.world(task)
    checker = GoalChecker(task, simulator.vocabulary)
    state = world.initial if start is None else world.index.state(start)
    done = refined(task, simulator, world, planner, limits, state)
    if done is None or checker.check(done).success:
        return () if done is None else done.actions
    tries = [(task, simulator.subgoal_order[::-1])]
    tries += [(option, simulator.subgoal_order) for option in other_options(task, checker, state)] \
        if checker.quantified else []
    for tried_task, order in tries:
        tried = refined(tried_task, simulator, world, planner, limits, state, order)
        if tried is not None and checker.check(tried).success:
            return tried.actions
    return done.actions


def refined(task: Task, simulator: Simulator, world: World, planner: SearchPlanner, limits: Budget,
            state: State, order: tuple[str, str] | None = None) -> Trajectory | None:
    """The refinement of ``task``'s subgoal lines (relation and state goals in ``order``,
    default the simulator's) from ``state``, followed when it misses the goal by
    :func:`reach_again`; None if the lines cannot be read in ``world``."""
    checker = GoalChecker(task, simulator.vocabulary)
    answer = json.dumps({"output": subgoal_lines(task, simulator, world, order)})
    lines, error = ground_lines(parse_subgoals(answer), world, simulator.vocabulary, checker.universe)
    if error is not None:
        return None
    refiner = Refiner(world, planner, limits, checker, acting=True)
    done = refiner.refine(lines, state).trajectory
    if checker.check(done).success:
        return done
    return reach_again(refiner, lines[len(lines) - len(task.goal.state) - len(task.goal.relation):], done)


def other_options(task: Task, checker: GoalChecker, state: State) -> Iterator[Task]:
    """``task`` with the literals of each other option of its quantified goal, those
    holding in ``state`` first, none relating a thing to itself (``nextto(x, x)``
    never holds), at most ``OPTIONS_PLANNED``."""
    annotated = {(lit.positive, lit.atom) for lit in task.goal.state + task.goal.relation}
    found = (option.literals for option in options(checker.formula, checker.universe, prefer=state))  # type: ignore[arg-type]
    usable = (literals for literals in islice(found, OPTIONS_SEEN) if set(literals) != annotated
              and not any(positive and len(atom) == 3 and atom[1] == atom[2] for positive, atom in literals))
    for literals in islice(usable, OPTIONS_PLANNED):
        chosen = [Literal(positive, atom) for positive, atom in literals]
        yield replace(task, goal=replace(task.goal, state=tuple(lit for lit in chosen if len(lit.atom) == 2),
                                         relation=tuple(lit for lit in chosen if len(lit.atom) != 2)))


def reach_again(refiner: Refiner, lines: Sequence[Sequence[Subgoal]], done: Trajectory) -> Trajectory:
    """``done`` followed by the refinement, from where it ends, of the ``lines``
    naming no action that do not hold there (a later line undid them)."""
    undone = [line for line in lines if all(
        not alternative.actions and not holds(alternative.formula, done.final, refiner.universe)
        for alternative in line)]
    again = refiner.refine(undone, done.final).trajectory if undone else Trajectory((done.final,))
    return Trajectory(done.states + again.states[1:], done.actions + again.actions)


def planned_actions(task: Task, simulator: Simulator, start: Iterable[Atom] | None = None) -> tuple[Action, ...]:
    """``plan_actions`` with the default planner and budget."""
    return plan_actions(task, simulator, get_plugins().planners.get(PLANNER), budget({}), start)


def plan(task: Task, simulator: Simulator, start: Iterable[Atom] | None = None) -> str:
    """``planned_actions`` as ``[[ACTION, obj, ...], ...]``; from ``start`` (an agent
    replanning from where it is) with nothing to do, the :func:`keeping_step`, if any."""
    actions = planned_actions(task, simulator, start)
    if not actions and start is not None:
        actions = keeping_step(task, simulator, start)
    return json.dumps([[a.name, *a.args] for a in actions])


def keeping_step(task: Task, simulator: Simulator, start: Iterable[Atom]) -> tuple[Action, ...]:
    """The cheapest action from the state of atoms ``start`` after which ``task``'s goal
    holds, as a plan of one step (none if no action keeps it). An agent under
    EmbodiedBench's protocol succeeds when the goal holds after a step it takes (the
    goal is not checked before the first), so with the goal holding and no step taken
    it needs one that is no additional step (after a no-op success is not checked) and
    undoes nothing: of those, the one changing the fewest atoms, then the first in
    written order."""
    world = simulator.world(task)
    checker = GoalChecker(task, simulator.vocabulary)
    state = world.index.state(start)
    keeping = [((state.bits ^ after.bits).bit_count(), str(action), action)
               for action, after in world.successors(state)
               if not world.check(state, action).redundant and checker.reached(Trajectory((state, after), (action,)))]
    return (min(keeping)[2],) if keeping else ()
