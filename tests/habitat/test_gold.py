"""Whole-suite checks (slow): every gold plan reaches its goal with full
progress; Fast Downward solves every gold problem with the converted domain,
and its plans run in the symbolic world; gold answers score 100 for goal
interpretation and transition modeling; the default baseline runs all four
modules on 50 tasks."""

import json

import pytest

from eai.host.manager import get_plugins
from eai.modules import get_module
from eai.pddl.parser import parse_problem
from eai.results.responses import Response
from eai.results.scoring import score
from eai.simulation.goals import GoalChecker
from eai.simulation.planner import Budget
from eai.simulation.taxonomy import execute
from eai.world import Action
from eai_modules.transition_modeling.gold import gold_model
from tests.habitat.conftest import needs_entry_point
from tests.helpers import run_eai

pytestmark = pytest.mark.slow
MODULES = ("goal_interpretation", "subgoal_decomposition", "action_sequencing", "transition_modeling")


@pytest.mark.parametrize("suite, n", [("langr", 1099), ("eb-habitat", 300)])
def test_every_gold_plan_reaches_its_goal(suite, n):
    plugins = get_plugins()
    tasks = plugins.suites.get(suite).load()
    responses = [Response(t.id, json.dumps([[a.name, *a.args] for a in t.gold_plan])) for t in tasks]
    result = score(plugins, suite, "action_sequencing", responses)
    summary = result.summary
    assert (summary["n"], summary["task_success_rate"], summary["task_progress"]) == (n, 100.0, 100.0)
    assert summary.get("excluded", 0) == len(tasks) - n
    assert all(r["success"] and r["additional_steps"] == 0 for r in result.records if not r.get("excluded"))


@pytest.mark.parametrize("suite", ["langr", "eb-habitat"])
def test_gold_goals_score_100_for_goal_interpretation(suite):
    plugins = get_plugins()
    literal = lambda lit: list(lit.atom) if lit.positive else ["not", list(lit.atom)]  # noqa: E731
    responses = [Response(t.id, json.dumps({"node goals": [literal(lit) for lit in t.goal.state],
                                            "edge goals": [literal(lit) for lit in t.goal.relation]}))
                 for t in plugins.suites.get(suite).load()]
    summary = score(plugins, suite, "goal_interpretation", responses).summary
    assert summary["overall"]["f1"] == 100.0 and summary["hallucination_rate"] == 0.0


def test_gold_operators_score_100_and_fast_downward_solves_every_gold_problem(own_tmp):
    plugins = get_plugins()
    model = gold_model(plugins, "langr")
    tasks = [t for t in plugins.suites.get("langr").load() if get_module("transition_modeling").applies_to(t)]
    responses = [Response(t.id, "\n".join(op.to_pddl("") for op in model.operators(t))) for t in tasks]
    # a generous time limit: Fast Downward's is wall-clock, and a loaded machine slows every run
    result = score(plugins, "langr", "transition_modeling", responses, {"workers": 2, "planner_seconds": 300})
    summary = result.summary
    assert summary["n"] == 1099 and (summary["f1"], summary["planner_success_rate"]) == (100.0, 100.0), \
        [r["identifier"] for r in result.records if not r["success"]][:5]


def test_fast_downwards_plans_with_the_whole_domain_run_in_the_symbolic_world(own_tmp):
    """The converted domain and the world agree: a plan Fast Downward finds for
    an EB-Habitat task (all seven operators available) reaches the goal when
    the world executes it (``pick ?obj ?robot`` is ``PICK(obj)``)."""
    plugins = get_plugins()
    simulator = plugins.simulators.get("habitat")
    domain = simulator.transition_model()
    tasks = [t for t in plugins.suites.get("eb-habitat").load() if t.transition_model]
    jobs = [(domain, parse_problem(t.transition_model.problem)) for t in tasks]
    results = plugins.planners.get("fast_downward").solve_all(jobs, Budget(cpu_seconds=30, wall_seconds=300), 2)
    for task, result in zip(tasks, results):
        assert result.solved, (task.id, result.detail)
        steps = [Action(a.name.upper(), a.args[:1]) for a in result.plan]
        run = execute(simulator.world(task), steps)
        assert run.executable and GoalChecker(task, simulator.vocabulary).check(run.trajectory).success, task.id


@needs_entry_point
def test_the_default_baseline_runs_all_four_modules_on_50_langr_tasks(tmp_path):
    out = tmp_path / "run"
    result = run_eai("run", "--suite", "langr", "--limit", "50", "--out", str(out), "--quiet", "--no-cache")
    assert result.returncode == 0, result.stderr
    for module in MODULES:
        summary = json.loads((out / "langr" / module / "baseline_auto" / "summary.json").read_text())
        assert summary["n"] == 50, module
    action = json.loads((out / "langr" / "action_sequencing" / "baseline_auto" / "summary.json").read_text())
    assert action["task_success_rate"] == 100.0 and "task_progress" in action
    assert (out / "report.md").is_file()
