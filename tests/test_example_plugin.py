"""The example plugin, installed by pip as a user would, is discovered and
listed; installed as a distribution, it runs every module it claims."""

import json
import os
import subprocess
import sys

import pytest

from eai.host.manager import load_plugins, set_plugins
from eai.viewer.model import collect_runs
from tests.distributions import make_distribution
from tests.helpers import ROOT, run_eai

EXAMPLE = ROOT / "examples" / "eai-example-plugin"


@pytest.mark.slow
def test_pip_installed_example_plugin_is_listed(tmp_path):
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
         str(ROOT / "examples" / "eai-example-plugin")],
        check=True, capture_output=True, text=True, timeout=600,
    )
    env = {"PYTHONPATH": os.pathsep.join([str(target), *sys.path]), "EAI_LOAD_PLUGINS": "lamps"}
    result = run_eai("list", "plugins", "--json", env=env)
    assert result.returncode == 0, result.stderr
    assert [(r["name"], r["distribution"], r["ok"]) for r in json.loads(result.stdout)] == [
        ("lamps", "eai-example-plugin", True)
    ]


def test_the_example_plugin_runs_every_module_it_claims_through_eai_run(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(EXAMPLE))
    from eai_example.lamps import LampSimulator

    site = make_distribution(tmp_path / "site", "eai-example-plugin", {}, {"lamps": "eai_example.plugin"})
    env = {"PYTHONPATH": os.pathsep.join([str(site), str(EXAMPLE), *sys.path]), "EAI_LOAD_PLUGINS": "lamps,modules,baselines,bfs"}
    result = run_eai("run", "--suite", "lamps", "--out", str(tmp_path / "run"), "--quiet", env=env)
    assert result.returncode == 0, result.stderr
    summaries = {p.parent.parent.name: json.loads(p.read_text()) for p in (tmp_path / "run").glob("lamps/*/*/summary.json")}
    # its fifth module asks with the action-sequencing prompt, so runs where action sequencing does
    assert sorted(LampSimulator().modules) == ["action_sequencing", "goal_interpretation"]
    assert sorted(summaries) == ["action_sequencing", "goal_interpretation", "plan_lcs"]
    assert all(s["n"] == 2 and s["model_errors"] == 0 for s in summaries.values())
    assert summaries["action_sequencing"]["task_success_rate"] == 100.0
    assert summaries["plan_lcs"]["f1"] == 100.0  # the baseline planner's plans are the gold plans
    result = run_eai("run", "--suite", "lamps", "--module", "transition_modeling", "--out", str(tmp_path / "tm"), env=env)
    assert result.returncode == 2 and result.stderr == (
        "error: no suite chosen runs transition_modeling (what each runs: lamps: goal_interpretation, action_sequencing)\n")


# The example's fifth module, plan_lcs, on ET-Plan-Bench-style tasks: the plan a
# model writes against the gold plan, every step as written. Per task, the answer
# and what action sequencing and plan_lcs make of it:
SCRIPTED = {
    "navigation_001": lambda plan: plan,  # the gold plan: both succeed
    "place_on_001": lambda plan: [plan[1], plan[0], *plan[2:]],  # GRAB before FIND: fails, LCS 3 of 4
    "temporal_001": lambda plan: [["FLY", "moon.1"], *plan],  # a made-up first step: nothing runs, LCS 9 of 9
}


@pytest.fixture
def example_plugins(tmp_path, monkeypatch):
    """The example installed as a distribution (for the commands) and loaded here (for the viewer)."""
    monkeypatch.syspath_prepend(str(EXAMPLE))
    import eai_example.plugin

    site = make_distribution(tmp_path / "site", "eai-example-plugin", {}, {"lamps": "eai_example.plugin"})
    plugins = load_plugins(extra={"lamps": eai_example.plugin})
    set_plugins(plugins)
    yield plugins, {"PYTHONPATH": os.pathsep.join([str(site), str(EXAMPLE), *sys.path]),
                    "EAI_LOAD_PLUGINS": f"{os.environ['EAI_LOAD_PLUGINS']},lamps"}
    set_plugins(None)


def test_the_example_s_fifth_module_runs_scores_reports_and_shows_in_the_viewer(example_plugins, fake_model_server,
                                                                               tmp_path):
    plugins, env = example_plugins
    simulator = plugins.simulators.get("virtualhome")
    answers = {simulator.prompt("action_sequencing", task): json.dumps(SCRIPTED[task.id]([[a.name, *a.args] for a in task.gold_plan]))
               for task in plugins.suites.get("etplan-vh").load(list(SCRIPTED))}
    fake_model_server.answer = lambda body: answers[body["messages"][-1]["content"]]
    out = tmp_path / "run"
    result = run_eai("run", "--suite", "etplan-vh", "--module", "plan_lcs", "--module", "action_sequencing", "--tasks",
                     ",".join(SCRIPTED), "--model", "openai:scripted", "--base-url", fake_model_server.url, "--no-cache",
                     "--quiet", "--out", str(out), env=env)
    assert result.returncode == 0, result.stderr
    records = {p.parent.parent.name: {r["identifier"]: r for r in map(json.loads, p.read_text().splitlines())}
               for p in out.glob("etplan-vh/*/*/records.jsonl")}
    lcs = {i: (r["success"], r["precision"], r["recall"], r["f1"], r["unread_steps"]) for i, r in records["plan_lcs"].items()}
    assert lcs == {"navigation_001": (True, 1.0, 1.0, 1.0, 0), "place_on_001": (False, 0.75, 0.75, 0.75, 0),
                   "temporal_001": (False, 0.9, 1.0, 0.9474, 1)}
    # what it adds to action sequencing: the made-up step stops the plan there, so none of it ran
    assert [(r["success"], r["error_type"], r["lcs_ratio"]) for r in records["action_sequencing"].values()] == [
        (True, None, 1.0), (False, "wrong_order", 0.0), (False, "hallucination", 0.0)]
    summary = json.loads(next(out.glob("etplan-vh/plan_lcs/*/summary.json")).read_text())
    assert (summary["n"], summary["precision"], summary["recall"], summary["f1"], summary["same_rate"]) == (
        3, 88.33, 91.67, 89.91, 33.33)
    report = (out / "report.md").read_text()
    assert "### Plan LCS: Plan similarity (%): the plan as written against the gold plan" in report
    assert "| openai:scripted | 3 | 0 | 88.3 | 91.7 | 89.9 | 33.3 | 0.0 |" in report
    [unit] = [u for run in collect_runs([out], plugins)["runs"] for u in run["units"] if u["module"] == "plan_lcs"]
    shown = {t["id"]: t for t in unit["tasks"]}
    assert shown["temporal_001"]["status"] == "failure" and shown["temporal_001"]["prompt_as_sent"] is True
    assert shown["temporal_001"]["parsed"]["steps"][0]["name"] == "FLY"
    assert shown["temporal_001"]["record"]["written"][:2] == ["? FLY", "FIND stamp"]
