"""Gold plans in the simulator and in the PDDL domain: a sample of every task
type and subset in the default run, all 300 (and Fast Downward on all 300
gold problems) marked slow."""

import pytest

from eai.host.manager import get_plugins
from eai.pddl.parser import parse_problem
from eai.simulation.goals import GoalChecker
from eai.simulation.planner import Budget
from eai.simulation.taxonomy import execute
from eai.world import Action
from tests.planners.plan_check import World as PddlWorld


def reaches_goal(task, simulator):
    run = execute(simulator.world(task), task.gold_plan)
    return run.executable and not run.additional_steps and GoalChecker(task, simulator.vocabulary).check(run.trajectory).success


def as_operators(task, simulator):
    """The gold plan as the domain's operators: put_down and drop name the object in hand, put_down the receptacle."""
    world = simulator.world(task)
    state, steps = world.initial, []
    for action in task.gold_plan:
        view = world.view(state)
        args = {"PUT_DOWN": (view.held, view.at), "DROP": (view.held,)}.get(action.name, action.args)
        steps.append(Action(action.name.lower(), tuple(arg.lower() for arg in args)))  # PDDL names are lower case
        state = world.apply(state, action)
    return steps


def test_sampled_gold_plans_reach_their_goals_in_the_simulator_and_the_domain(sample, simulator):
    assert len(sample) >= 25
    domain = simulator.transition_model()
    for task in sample:
        assert reaches_goal(task, simulator), task.id
        PddlWorld(domain, parse_problem(task.transition_model.problem)).run(as_operators(task, simulator))


def test_fast_downward_solves_sampled_gold_problems(sample, simulator):
    planner = get_plugins().planners.get("fast_downward")
    domain = simulator.transition_model()
    jobs = [(domain, parse_problem(task.transition_model.problem)) for task in sample[:3]]
    results = planner.solve_all(jobs, Budget(cpu_seconds=30, wall_seconds=360), None)
    assert [(r.outcome.value, r.detail) for r in results if not r.solved] == []


@pytest.mark.slow
def test_all_300_gold_plans_reach_their_goals_in_the_simulator_and_the_domain(eb_tasks, simulator):
    domain = simulator.transition_model()
    failed = [t.id for t in eb_tasks.values() if not reaches_goal(t, simulator)]
    assert failed == []  # docs/metrics.md: no exception
    for task in eb_tasks.values():
        PddlWorld(domain, parse_problem(task.transition_model.problem)).run(as_operators(task, simulator))


@pytest.mark.slow
def test_fast_downward_solves_all_300_gold_problems(eb_tasks, simulator):
    planner = get_plugins().planners.get("fast_downward")
    domain = simulator.transition_model()
    tasks = list(eb_tasks.values())
    results = planner.solve_all([(domain, parse_problem(t.transition_model.problem)) for t in tasks],
                                Budget(cpu_seconds=30, wall_seconds=360), None)
    assert [t.id for t, r in zip(tasks, results) if not r.solved] == []
