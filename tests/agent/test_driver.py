"""The agent driver (eai/runner/drivers/agent.py) in the runner: the planner baseline as an agent
on every suite, byte-identical results whatever the calls in flight or the shards, and a run
interrupted mid-suite that resumes losing no finished episode."""

import asyncio
import json

import pytest

from eai import api
from eai.agent.play import gold_solvable as is_gold_solvable
from eai.host.hookspecs import hookimpl
from eai.host.manager import get_plugins, load_plugins, set_plugins
from eai.llm.calls import CallsStopped
from eai.llm.model import LanguageModel, ModelProvider
from eai.results.store import ResponseLog
from eai.runner.config import RunConfig
from eai.runner.run import run
from tests.helpers import ROOT, code_blocks
from tests.scale.test_shards import same_as_plain

EPISODE = {"episode": True, "max_steps": 30, "max_invalid": 10, "act_as": "json"}
SUITES = ("virtualhome", "behavior", "eb-alfred", "langr", "eb-habitat", "etplan-vh", "partnr-vh")


def gold_solvable(suite, ids):
    """The tasks of ``ids`` that are gold-solvable (:func:`eai.agent.play.gold_solvable`)."""
    plugins = get_plugins()
    found = plugins.suites.get(suite)
    simulator = plugins.simulators.get(found.simulator)
    return [task.id for task in found.load(ids) if is_gold_solvable(task, simulator)]


def records_of(folder):
    return [json.loads(line) for line in next(folder.rglob("records.jsonl")).read_text().splitlines()]


@pytest.mark.parametrize("suite", SUITES)
def test_the_planner_as_an_agent_succeeds_on_the_gold_solvable_tasks_of(suite, tmp_path):
    ids = get_plugins().suites.get(suite).ids()[:4]
    solvable = gold_solvable(suite, ids)
    assert solvable, suite
    folder = api.run(["baseline:planner"], [suite], ["action_sequencing"], tmp_path, tasks=solvable,
                     use_cache=False, options=EPISODE, say=lambda line: None).folder
    records = records_of(folder)
    assert [(r["identifier"], r["success"], r["ended"]) for r in records] == [(i, True, "success") for i in solvable]
    summary = json.loads(next(folder.rglob("summary.json")).read_text())
    assert (summary["success_rate"], summary["ended"], summary["episode"]["max_steps"]) == (100.0, {"success": len(solvable)}, 30)
    assert json.loads((folder / "run.json").read_text())["options"]["episode"] is True


def test_agent_records_are_byte_identical_whatever_the_calls_in_flight(tmp_path):
    files = []
    for concurrency in (1, 4):
        folder = api.run(["baseline:planner"], ["virtualhome", "eb-habitat"], ["action_sequencing"],
                         tmp_path / str(concurrency), limit=5, concurrency=concurrency, use_cache=False,
                         options=EPISODE, say=lambda line: None).folder
        files.append({p.relative_to(folder): p.read_bytes() for p in folder.rglob("records.jsonl")})
    assert files[0] == files[1] and len(files[0]) == 2


def test_agent_shards_merged_are_the_plain_run(tmp_path):
    same_as_plain(tmp_path, 2, suites=["eb-alfred"], modules=["action_sequencing"], models=["baseline:planner"],
                  limit=5, options=EPISODE)


class Stopping(LanguageModel):
    """The planner baseline, but calls stop (a server given up on) at the task named ``stop_at``."""

    provider, cacheable = "stopping", False

    def __init__(self, stop_at):
        self.model, self.stop_at = "planner", stop_at
        self.planner = get_plugins().models.get("baseline").create("planner", {})

    async def generate(self, request):
        if request.task.id == self.stop_at:
            raise CallsStopped("the server has sent nothing but failures for 300 s")
        return await self.planner.generate(request)


class Plugin:
    def __init__(self, stop_at):
        self.stop_at = stop_at

    @hookimpl
    def eai_register_models(self, register):
        stop_at = self.stop_at

        class Provider(ModelProvider):
            name = "stopping"

            def create(self, model, options):
                return Stopping(stop_at)

        register(Provider())


def test_an_agent_run_stopped_mid_suite_resumes_losing_no_finished_episode(tmp_path):
    ids = get_plugins().suites.get("virtualhome").ids()[:4]
    config = RunConfig(models=["stopping:planner"], modules=["action_sequencing"], suites=["virtualhome"],
                       task_ids=ids, out=tmp_path / "run", cache=None, concurrency=1, options=dict(EPISODE))
    set_plugins(load_plugins(extra={"stopping": Plugin(ids[2])}))
    with pytest.raises(CallsStopped):
        asyncio.run(run(config, get_plugins()))
    log = ResponseLog(tmp_path / "run/virtualhome/action_sequencing/stopping_planner/responses.jsonl")
    finished = {i: r for i, r in log.read_items().items() if not r["error"]}
    assert ids[2] not in finished and set(ids[:2]) <= set(finished)  # the tasks ahead of it may have finished too
    set_plugins(load_plugins(extra={"stopping": Plugin("no task")}))
    config.resume = True
    (folder,) = asyncio.run(run(config, get_plugins()))
    after = log.read_items()
    assert all(after[i] == finished[i] for i in finished)  # kept as they were, not played again
    logged = [json.loads(line)["identifier"] for line in log.path.read_text().splitlines()]
    assert sorted(logged) == sorted(ids)  # each episode logged once: none played twice
    assert [(r["identifier"], r["success"]) for r in records_of(folder)] == [(i, True) for i in ids]


def test_the_python_example_of_docs_episodes_runs_as_written(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (block,) = code_blocks(ROOT / "docs" / "episodes.md")
    exec(compile(block, "docs/episodes.md", "exec"), {})
    assert capsys.readouterr().out.strip().splitlines()[-1] == "100.0"
    run = json.loads((tmp_path / "runs/agent/run.json").read_text())
    assert run["options"]["episode"] and run["options"]["act_as"] == "json"


def test_the_planner_as_an_agent_calling_tools_succeeds_on_eb_alfred(tmp_path):
    solvable = gold_solvable("eb-alfred", get_plugins().suites.get("eb-alfred").ids()[:3])
    folder = api.run(["baseline:planner"], ["eb-alfred"], ["action_sequencing"], tmp_path, tasks=solvable,
                     use_cache=False, options={**EPISODE, "act_as": "tools"}, say=lambda line: None).folder
    records = records_of(folder)
    assert [r["success"] for r in records] == [True] * len(solvable)
    assert json.loads(records[0]["turn_log"][0]["answer"])[0]["name"] == "find"
