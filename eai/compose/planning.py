"""Acting on a symbolic goal with a planner (as LLM+P does): from the goal,
subgoal lines; from the lines, actions found by search.

Lines: each action goal on an object that affords it (taken from the goal's
own objects first, then the task's relevant objects), then the relation and
state goals (of the goal's first option, for quantified goals) in the
simulator's ``subgoal_order``. Actions: subgoal decomposition's
refinement of those lines with a search planner (``bfs`` and its budget by
default). It plans for whatever goal the task holds, so a pipeline can hand
it a goal a model interpreted; the baselines hand it the annotated goal.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from eai.host.manager import get_plugins
from eai.modules.subgoals.ground import ground_lines
from eai.modules.subgoals.parse import parse_subgoals
from eai.modules.subgoals.refine import Refiner, budget
from eai.simulation.goals import GoalChecker
from eai.simulation.planner import Budget, SearchPlanner
from eai.simulation.simulator import Simulator, World
from eai.world import Action, Atom, Task

PLANNER = "bfs"  # the search planner acting on a goal uses unless the options name one


def subgoal_lines(task: Task, simulator: Simulator, world: World | None = None) -> list[str]:
    """The lines (see the module docstring); ``world``: ``task``'s, if one is at hand."""
    world = world or simulator.world(task)
    actions = simulator.vocabulary.actions
    goal_objects = [a for lit in task.goal.relation + task.goal.state for a in lit.atom[1:]]
    candidates = list(dict.fromkeys(goal_objects + list(task.relevant)))
    lines = []
    for alternatives in task.goal.action:
        unary = [name for name in alternatives if name in actions and actions[name].arity == 1]
        target = next((o for o in candidates
                       if any(world.check(world.initial, Action(name, (o,))).affordable for name in unary)), None)
        if unary and target is not None:
            lines.append(" or ".join(str(Action(name, (target,))) for name in unary))
        else:
            lines.append(" or ".join(f"{name}()" for name in alternatives))
    return lines + [str(lit) for lit in simulator.goal_lines(task.goal.state, task.goal.relation)]


def subgoals(task: Task, simulator: Simulator, world: World | None = None) -> str:
    """``task``'s subgoal lines as a subgoal-decomposition answer: ``{"output": [line, ...]}``."""
    return json.dumps({"output": subgoal_lines(task, simulator, world)})


def plan_actions(task: Task, simulator: Simulator, planner: SearchPlanner, limits: Budget,
                 start: Iterable[Atom] | None = None) -> tuple[Action, ...]:
    """Actions reaching ``task``'s goal line by line (as far as the search gets),
    from the state of atoms ``start`` (default: the initial state) in ``task``'s world."""
    world = simulator.world(task)
    checker = GoalChecker(task, simulator.vocabulary)
    lines, error = ground_lines(parse_subgoals(subgoals(task, simulator, world)), world, simulator.vocabulary,
                                checker.universe)
    if error is not None:
        return ()
    state = None if start is None else world.index.state(start)
    return Refiner(world, planner, limits, checker).refine(lines, state).trajectory.actions


def planned_actions(task: Task, simulator: Simulator, start: Iterable[Atom] | None = None) -> tuple[Action, ...]:
    """``plan_actions`` with the default planner and budget."""
    return plan_actions(task, simulator, get_plugins().planners.get(PLANNER), budget({}), start)


def plan(task: Task, simulator: Simulator, start: Iterable[Atom] | None = None) -> str:
    """``planned_actions`` as ``[[ACTION, obj, ...], ...]`` (from ``start``: an agent replanning from where it is)."""
    return json.dumps([[a.name, *a.args] for a in planned_actions(task, simulator, start)])
