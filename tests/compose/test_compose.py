"""Pipelines, replanning and random action failures, with scripted models on the real suites."""

import asyncio
import json

import pytest

from eai.base import jsonl
from eai.compose.pipeline import parse_pipeline
from eai.exceptions import EaiError, UnknownNameError
from eai.host.hookspecs import hookimpl
from eai.host.manager import load_plugins, set_plugins
from eai.llm.model import LanguageModel, ModelProvider
from eai.runner.run import RunConfig, run
from tests.helpers import run_eai

TASKS = ["27_2", "417_1", "11_1", "311_1", "432_1", "443_2"]


def goal_json(task, drop=0):
    literals = (task.goal.state + task.goal.relation)[drop:]
    return json.dumps({"node goals": [[*l.atom] if l.positive else ["not", [*l.atom]] for l in literals if len(l.atom) == 2],
                       "edge goals": [[*l.atom] for l in literals if len(l.atom) == 3],
                       "action goals": [{"action": step[0]} for step in task.goal.action]})


def plan_json(actions):
    return json.dumps([[a.name, *a.args] for a in actions])


class Scripted(LanguageModel):
    """``gold``: gold goals and gold plans; ``drop``: gold goals but the first one;
    ``fixer``: a plan missing its GRAB until told what went wrong; ``stubborn``: always missing it."""

    provider = "scripted"
    cacheable = False

    def __init__(self, model):
        self.model = model

    async def generate(self, request):
        task = request.task
        if request.module == "goal_interpretation":
            return goal_json(task, drop=1 if self.model == "drop" else 0)
        plan = task.gold_plan
        if self.model == "stubborn" or (self.model == "fixer" and len(request.messages) == 1):
            plan = tuple(a for a in plan if a.name != "GRAB")
        return plan_json(plan)


class Provider(ModelProvider):
    name = "scripted"

    def create(self, model, options):
        return Scripted(model)


class ScriptedPlugin:
    @hookimpl
    def eai_register_models(self, register):
        register(Provider())


@pytest.fixture
def plugins():
    plugins = load_plugins(extra={"scripted": ScriptedPlugin()})
    set_plugins(plugins)
    return plugins


def records(plugins, tmp_path, module, model, **options):
    out = tmp_path / f"{module}-{model}-{json.dumps(options, sort_keys=True)}".replace("/", "_")
    config = RunConfig(suites=["virtualhome"], modules=[module], models=[f"scripted:{model}"], out=out,
                       task_ids=TASKS, cache=None, **options)
    (folder,) = asyncio.run(run(config, plugins))
    return {r["identifier"]: r for _, r in jsonl.read(folder / "records.jsonl")}, folder


def test_a_perfect_goal_interpreter_with_the_planner_solves_what_the_planner_alone_solves(plugins, tmp_path):
    alone, _ = records(plugins, tmp_path, "planner", "gold")
    piped, _ = records(plugins, tmp_path, "goal_interpretation+planner", "gold")
    assert {k: r["success"] for k, r in piped.items()} == {k: r["success"] for k, r in alone.items()}
    assert sum(r["success"] for r in alone.values()) >= 5


def test_dropping_a_goal_lowers_pipeline_success_but_not_modular_success(plugins, tmp_path):
    modular, _ = records(plugins, tmp_path, "action_sequencing", "drop")
    piped, _ = records(plugins, tmp_path, "goal_interpretation+planner", "drop")
    gold, _ = records(plugins, tmp_path, "goal_interpretation+planner", "gold")
    assert all(r["success"] for k, r in modular.items() if k not in {"317_2", "430_2", "688_1"})
    assert sum(r["success"] for r in piped.values()) < sum(r["success"] for r in gold.values())


def test_a_model_that_fixes_its_plan_after_a_missing_step_message_succeeds_second(plugins, tmp_path):
    once, _ = records(plugins, tmp_path, "action_sequencing", "fixer")
    assert once["27_2"]["error_type"] == "missing_step" and not once["27_2"]["success"]
    replanned, folder = records(plugins, tmp_path, "action_sequencing", "fixer", replan=3)
    assert replanned["27_2"]["success"]
    assert replanned["27_2"]["attempts"] == [{"error_type": "missing_step", "success": False},
                                             {"error_type": None, "success": True}]
    logged = {i["identifier"]: i["attempt_log"] for _, i in jsonl.read(folder / "responses.jsonl")}["27_2"]
    assert [sorted(a) for a in logged] == [["answer", "feedback"], ["answer"]]  # what the model was sent, then
    assert "GRAB" not in logged[0]["answer"] and "GRAB" in logged[1]["answer"]
    assert logged[0]["feedback"].startswith("Your plan did not achieve the task.\nStep ")
    _, stubborn = records(plugins, tmp_path, "action_sequencing", "stubborn", replan=1)
    tried = {i["identifier"]: i["attempt_log"] for _, i in jsonl.read(stubborn / "responses.jsonl")}["27_2"]
    assert tried == [logged[0], {"answer": logged[0]["answer"]}]  # no attempt left: nothing was sent after the last
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["first_attempt_success_rate"] < summary["task_success_rate"] == 100.0


def test_random_failures_repeat_with_the_seed_and_vanish_at_zero(plugins, tmp_path):
    plain, plain_folder = records(plugins, tmp_path, "action_sequencing", "gold")
    zero, zero_folder = records(plugins, tmp_path, "action_sequencing", "gold", action_failure_p=0.0, seed=4)
    assert (zero_folder / "records.jsonl").read_bytes() == (plain_folder / "records.jsonl").read_bytes()
    first, a = records(plugins, tmp_path, "action_sequencing", "gold", action_failure_p=0.3, seed=7)
    again, b = records(plugins, tmp_path / "again", "action_sequencing", "gold", action_failure_p=0.3, seed=7)
    assert (a / "records.jsonl").read_bytes() == (b / "records.jsonl").read_bytes()
    assert any(r["failed_actions"] for r in first.values())
    assert sum(r["success"] for r in first.values()) < sum(r["success"] for r in plain.values())


def test_pipelines_are_checked(plugins):
    assert parse_pipeline("goal_interpretation+subgoal_decomposition", plugins).name == \
        "goal_interpretation+subgoal_decomposition"
    with pytest.raises(UnknownNameError, match="goal_interpretation.*planner"):
        parse_pipeline("goal_interpretation+teleport", plugins)
    with pytest.raises(EaiError, match="only come last"):
        parse_pipeline("action_sequencing+planner", plugins)


def test_compose_cli_explains_stages_and_names_the_known_ones():
    help_text = run_eai("compose", "--help").stdout
    assert "goal_interpretation" in help_text and "planner" in help_text
    result = run_eai("compose", "goal_interpretation+teleport", "--limit", "1")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "unknown stage 'teleport'" in result.stderr and "action_sequencing" in result.stderr
