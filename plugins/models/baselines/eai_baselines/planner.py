"""A planner-backed agent (as in LLM+P): from the symbolic goal, subgoals; from
subgoals, actions found by breadth-first search. A ceiling-style baseline for
subgoal decomposition and action sequencing: it knows the goal exactly and
plans with the simulator, so what it misses is what one-goal-at-a-time
planning misses.

Subgoals: each action goal on an object that affords it (taken from the
goal's own objects first, then the task's relevant objects), then the
relation goals, then the state goals of the goal's first option. Actions: the
subgoal module's refinement of those lines (``bfs``, its default budget).
"""

from __future__ import annotations

import json

from eai.goals import GoalChecker
from eai.modules.subgoal_decomposition.module import PLANNER, budget, ground_lines
from eai.modules.subgoal_decomposition.parse import parse_subgoals
from eai.modules.subgoal_decomposition.refine import Refiner
from eai.plugins import get_plugins
from eai.simulator import Simulator
from eai.world import Action, Task


def subgoal_lines(task: Task, simulator: Simulator) -> list[str]:
    world = simulator.world(task)
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
    return lines + [str(lit) for lit in task.goal.relation + task.goal.state]


def subgoals(task: Task, simulator: Simulator) -> str:
    return json.dumps({"output": subgoal_lines(task, simulator)})


def plan(task: Task, simulator: Simulator) -> str:
    """The refined actions of the subgoal lines, as ``[[ACTION, obj, ...], ...]``."""
    world = simulator.world(task)
    checker = GoalChecker(task, simulator.vocabulary)
    lines, error = ground_lines(parse_subgoals(subgoals(task, simulator)), world, simulator.vocabulary, checker.universe)
    if error is not None:
        return "[]"
    refiner = Refiner(world, get_plugins().planners.get(PLANNER), budget({}), checker)
    return json.dumps([[a.name, *a.args] for a in refiner.refine(lines).trajectory.actions])
