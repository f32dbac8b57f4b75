"""The step-by-step protocol: the symbolic environment conforms, the kit catches what does not,
and episodes run their plans through a live environment."""

import asyncio
import json

import pytest

from eai.exceptions import EaiError
from eai.host.hookspecs import hookimpl
from eai.host.manager import get_plugins, load_plugins, set_plugins
from eai.runner.run import RunConfig, run
from eai.simulation.environment import (
    Environment,
    EnvironmentProvider,
    Observation,
    StepResult,
    SymbolicEnvironment,
    SymbolicProvider,
    Unbuildable,
)
from eai.simulation.taxonomy import execute
from eai.testing.environment import EnvironmentConformance, conformance_problems
from eai.world import Action
from tests.compose.test_compose import ScriptedPlugin

# BEHAVIOR tasks whose goals are checked quickly at every step (the kit checks after each one)
BEHAVIOR_SAMPLE = ["bottling_fruit", "boxing_books_up_for_storage", "cleaning_a_car", "cleaning_bathtub"]


def suite_tasks(suite, count=None, names=None):
    ids = get_plugins().suites.get(suite).ids()
    if names:
        ids = [i for i in ids if any(i.startswith(name + "_0") for name in names)]
    return get_plugins().suites.get(suite).load(ids[:count] if count else ids)


def provider_of(suite):
    plugins = get_plugins()
    return SymbolicProvider(plugins.simulators.get(plugins.suites.get(suite).simulator))


class TestSymbolicVirtualHome(EnvironmentConformance):
    @pytest.fixture
    def provider(self):
        return provider_of("virtualhome")

    @pytest.fixture
    def tasks(self):
        return suite_tasks("virtualhome", 12)


class TestSymbolicBehavior(EnvironmentConformance):
    @pytest.fixture
    def provider(self):
        return provider_of("behavior")

    @pytest.fixture
    def tasks(self):
        return suite_tasks("behavior", names=BEHAVIOR_SAMPLE)


class Forgetful(SymbolicEnvironment):
    """Resets only the first time (later resets report the state as it is), and carries out unknown actions."""

    def reset(self, task):
        if self._world is not None:
            return Observation(frozenset(self._trajectory.final))
        return super().reset(task)

    def step(self, action):
        result = super().step(action)
        return result if action.name != "NO_SUCH_ACTION" else StepResult(True, "", result.atoms, False)


class Wrapping(EnvironmentProvider):
    def __init__(self, suite, environment):
        self.name, self.simulator, self._environment = f"wrapped-{suite}", suite, environment

    def open(self):
        plugins = get_plugins()
        return self._environment(plugins.simulators.get(self.simulator))


def test_the_kit_finds_what_a_broken_environment_does_wrong():
    problems = conformance_problems(Wrapping("virtualhome", Forgetful), suite_tasks("virtualhome", 1))
    assert any("second reset gave another state" in p for p in problems)
    assert any("NO_SUCH_ACTION" in p and "carried out" in p for p in problems)
    assert any("failed with no feedback" in p for p in problems)


@pytest.mark.parametrize("suite,count", [("virtualhome", 15), ("behavior", None)])
def test_a_plan_runs_the_same_in_the_symbolic_environment_as_in_the_world(suite, count):
    names = None if suite == "virtualhome" else BEHAVIOR_SAMPLE
    plugins = get_plugins()
    simulator = plugins.simulators.get(plugins.suites.get(suite).simulator)
    for task in suite_tasks(suite, count, names):
        world = simulator.world(task)
        for plan in (task.gold_plan, task.gold_plan[1:], task.gold_plan[::-1]):
            direct = execute(world, plan)
            with SymbolicProvider(simulator).open() as live:
                stepped = execute(world, plan, environment=live)
            assert (stepped.trajectory, stepped.error_type, stepped.error_step, stepped.additional_steps) == \
                (direct.trajectory, direct.error_type, direct.error_step, direct.additional_steps), task.id
            sent = len(stepped.trajectory.actions) + len(stepped.additional_steps) + (stepped.error_type is not None)
            assert len(stepped.feedback) == sent


class Slippery(SymbolicEnvironment):
    """A real simulator's physics: the second action of every episode slips (not carried out)."""

    def reset(self, task):
        self._steps = 0
        return super().reset(task)

    def step(self, action):
        self._steps += 1
        if self._steps == 2:
            atoms = frozenset(self._trajectory.final)
            return StepResult(False, f"{action} slipped", atoms, False)
        return super().step(action)


def test_an_action_the_environment_refuses_although_the_world_allows_it_fails_without_effect():
    plugins = get_plugins()
    simulator = plugins.simulators.get("virtualhome")
    task = plugins.suites.get("virtualhome").load(["27_2"])[0]
    world = simulator.world(task)
    with Slippery(simulator) as live:
        execution = execute(world, task.gold_plan, environment=live)
    assert 1 in execution.failed_steps
    assert execution.trajectory.states[2] == execution.trajectory.states[1]
    assert "slipped" in execution.feedback[1]


class Choosy(Wrapping):
    """An engine that cannot build task 417_1 (what it needs is not in its scene)."""

    description = "a choosy engine 1.0"

    def __init__(self):
        super().__init__("virtualhome", SymbolicEnvironment)
        self.name = "choosy-virtualhome"

    def unbuildable(self, task):
        return Unbuildable("no kitchen", "the engine's scene has none") if task.id == "417_1" else None


class Absent(Wrapping):
    """An engine whose package is not installed here."""

    def __init__(self):
        super().__init__("virtualhome", SymbolicEnvironment)
        self.name = "absent-virtualhome"

    def missing(self):
        return "absent-engine is not installed: pip install absent-engine"


class LivePlugin:
    """Live environments for VirtualHome tasks, as a real-simulator package would register them."""

    @hookimpl
    def eai_register_environments(self, register):
        register(Wrapping("virtualhome", Slippery))
        register(Choosy())
        register(Absent())


@pytest.fixture
def plugins():
    plugins = load_plugins(extra={"scripted": ScriptedPlugin(), "live": LivePlugin()})
    set_plugins(plugins)
    return plugins


def run_records(plugins, out, **options):
    config = RunConfig(suites=["virtualhome"], modules=["action_sequencing"], models=["scripted:gold"], out=out,
                       task_ids=["27_2", "417_1"], cache=None, **options)
    (folder,) = asyncio.run(run(config, plugins))
    return [json.loads(line) for line in (folder / "records.jsonl").read_text().splitlines()]


def test_replanning_runs_plans_in_the_live_environment_and_tells_the_model_what_it_said(plugins, tmp_path):
    records = run_records(plugins, tmp_path / "live", environment="wrapped-virtualhome", replan=1)
    assert all(r["failed_actions"] and r["failed_actions"][0].startswith("1: ") for r in records)
    assert all("slipped" in r["environment_feedback"][1] for r in records)
    symbolic = run_records(plugins, tmp_path / "symbolic", replan=1)
    assert all(r["failed_actions"] == [] and r["success"] for r in symbolic)


def test_tasks_the_environment_cannot_build_are_not_played_and_the_run_names_them(plugins, tmp_path):
    said = []
    config = RunConfig(suites=["virtualhome"], modules=["action_sequencing"], models=["scripted:gold"], out=tmp_path,
                       task_ids=["27_2", "417_1"], cache=None, environment="choosy-virtualhome")
    (folder,) = asyncio.run(run(config, plugins, say=said.append))
    records = [json.loads(line) for line in (folder / "records.jsonl").read_text().splitlines()]
    summary = json.loads((folder / "summary.json").read_text())
    assert [r["identifier"] for r in records] == ["27_2"] and records[0]["success"]
    assert summary["unbuildable"] == {"417_1": "no kitchen: the engine's scene has none"} and summary["tasks"] == 1
    assert any("1 task(s) environment 'choosy-virtualhome' cannot build, not played" in line for line in said)
    assert json.loads((tmp_path / "run.json").read_text())["engine"] == "a choosy engine 1.0"


def test_a_run_needing_an_engine_this_machine_lacks_is_refused_before_any_call(plugins, tmp_path):
    config = RunConfig(suites=["virtualhome"], modules=["action_sequencing"], models=["scripted:gold"],
                       out=tmp_path, cache=None, environment="absent-virtualhome")
    with pytest.raises(EaiError, match="cannot run here: absent-engine is not installed: pip install absent-engine"):
        asyncio.run(run(config, plugins))
    assert not (tmp_path / "run.json").exists()


def test_doctor_says_an_engine_this_machine_lacks_is_not_installed_as_a_warning(plugins):
    from eai.health.doctor import gather
    [finding] = [f for f in gather(plugins) if f.name == "environment absent-virtualhome"]
    assert (finding.ok, finding.required) == (False, False) and "pip install absent-engine" in finding.detail


def test_a_run_json_written_before_engines_were_recorded_is_still_read(tmp_path):
    from eai.runner.manifest import RUN_OPTIONS, read_manifest
    (tmp_path / "run.json").write_text(json.dumps({key: None for key in RUN_OPTIONS if key != "engine"}))
    assert read_manifest(tmp_path)["engine"] is None


def test_an_environment_for_another_simulator_is_refused_in_one_line(plugins, tmp_path):
    config = RunConfig(suites=["behavior"], modules=["action_sequencing"], models=["scripted:gold"],
                       out=tmp_path, cache=None, environment="wrapped-virtualhome")
    with pytest.raises(EaiError, match="runs virtualhome tasks, not behavior tasks"):
        asyncio.run(run(config, plugins))


def test_feedback_after_a_failed_step_quotes_the_environment():
    from eai.compose.episode import feedback
    record = {"error_type": "missing_step", "error_step": 2, "error_detail": "GRAB(cup.1): unmet",
              "environment_feedback": ["ok", "ok", "You cannot reach the cup."], "unmet_goals": []}
    assert "Step 3 failed" in feedback(record) and "You cannot reach the cup." in feedback(record)


def test_a_step_before_reset_is_an_error():
    with pytest.raises(RuntimeError, match="before reset"):
        provider_of("virtualhome").open().step(Action("WALK", ("kitchen.1",)))


def test_environment_is_an_abstract_protocol():
    with pytest.raises(TypeError):
        Environment()  # type: ignore[abstract]


def test_doctor_runs_the_conformance_kit_on_each_live_environment(plugins):
    from eai.health.doctor import gather
    [finding] = [f for f in gather(plugins) if f.name == "environment wrapped-virtualhome"]
    assert finding.ok is False and "gold step 2" in finding.detail and "slipped" in finding.detail


def test_the_checks_eai_doctor_runs_need_no_pytest():
    import subprocess
    import sys

    code = "import sys, eai.health.doctor, eai.simulation.conformance; print('pytest' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"
