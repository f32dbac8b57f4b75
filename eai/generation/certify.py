"""A generated task's certificate: a gold plan a planner found within a
counted budget, which the simulator executes to the task's goal.

The planner reaches the candidate's stages one after the other (the
subgoal-decomposition refinement, :mod:`eai.modules.subgoals.refine`);
the plan it gives is then executed again from the initial state in a fresh
world and must run without an error or an additional step and satisfy every
goal, the LTL formula included.
"""

from __future__ import annotations

from collections.abc import Sequence

from eai.collaboration.evaluation import judge
from eai.ltl import parse
from eai.modules.subgoals.refine import Refiner, Subgoal
from eai.simulation.goals import GoalChecker
from eai.simulation.planner import Budget, SearchPlanner
from eai.simulation.simulator import Simulator
from eai.simulation.taxonomy import execute
from eai.world import Action, Task

PLANNER = "bfs"
NODES = 5000  # states one search may expand


def certify(task: Task, stages: Sequence[str], simulator: Simulator, planner: SearchPlanner,
            budget: Budget = Budget(nodes=NODES)) -> tuple[Action, ...] | None:
    """A plan reaching ``task``'s goal through ``stages``, or None when the
    planner finds none within ``budget`` (per stage), its plan falls short, or
    the goal holds from the start (an empty plan certifies no task)."""
    checker = GoalChecker(task, simulator.vocabulary)
    lines = [[Subgoal(parse(stage), checker.universe)] for stage in stages]
    best = Refiner(simulator.world(task), planner, budget, checker).refine(lines)
    if not (best.executable and best.goals.success):
        return None
    plan = best.trajectory.actions
    return plan if plan and reaches(task, plan, simulator, checker) else None


def reaches(task: Task, plan: Sequence[Action], simulator: Simulator, checker: GoalChecker | None = None) -> bool:
    """Whether ``plan`` runs from ``task``'s initial state without an error or
    an additional step and satisfies its goal, and its evaluation functions
    if it has any (percent complete 1)."""
    run = execute(simulator.world(task), plan)
    checker = checker or GoalChecker(task, simulator.vocabulary)
    if not (run.executable and not run.additional_steps and checker.check(run.trajectory).success):
        return False
    return not task.evaluation or judge(task, simulator, run.trajectory.states).success
