"""The example plugin, installed by pip as a user would, is discovered and
listed; installed as a distribution, it runs every module it claims."""

import json
import os
import subprocess
import sys

import pytest

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
    env = {"PYTHONPATH": os.pathsep.join([str(site), str(EXAMPLE), *sys.path]), "EAI_LOAD_PLUGINS": "lamps,baselines,bfs"}
    result = run_eai("run", "--suite", "lamps", "--out", str(tmp_path / "run"), "--quiet", env=env)
    assert result.returncode == 0, result.stderr
    summaries = {p.parent.parent.name: json.loads(p.read_text()) for p in (tmp_path / "run").glob("lamps/*/*/summary.json")}
    assert sorted(summaries) == sorted(LampSimulator().modules) == ["action_sequencing", "goal_interpretation"]
    assert all(s["n"] == 2 and s["model_errors"] == 0 for s in summaries.values())
    assert summaries["action_sequencing"]["task_success_rate"] == 100.0
    result = run_eai("run", "--suite", "lamps", "--module", "transition_modeling", "--out", str(tmp_path / "tm"), env=env)
    assert result.returncode == 2 and result.stderr == (
        "error: no suite chosen runs transition_modeling (what each runs: lamps: goal_interpretation, action_sequencing)\n")
