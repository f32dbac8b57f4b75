"""The generated partnr-vh suite: evaluation functions in the task files,
certified gold plans, regeneration byte for byte (slow)."""

from __future__ import annotations

import filecmp
import subprocess
import sys

import pytest

from eai.api import load_suite
from eai.base.paths import tasks_dir
from eai.collaboration.evaluation import judge
from eai.host.manager import get_plugins
from eai.simulation.taxonomy import execute

SAMPLE = ["constraint_free_002", "spatial_002", "temporal_002", "heterogeneous_002"]


def plan_states(task, simulator, plan):
    return execute(simulator.world(task), plan).trajectory.states


@pytest.mark.parametrize("task_id", SAMPLE)
def test_gold_plans_reach_percent_complete_one(task_id):
    simulator = get_plugins().simulators.get("virtualhome")
    task = load_suite("partnr-vh", [task_id])[0]
    assert task.evaluation["propositions"]
    assert judge(task, simulator, plan_states(task, simulator, task.gold_plan)).success
    assert judge(task, simulator, plan_states(task, simulator, ())).percent_complete == 0


def test_temporal_tasks_fail_when_done_in_the_other_order():
    simulator = get_plugins().simulators.get("virtualhome")
    task = load_suite("partnr-vh", ["temporal_001"])[0]
    plan = list(task.gold_plan)
    cut = next(i for i, step in enumerate(plan) if i and step.name == "FIND" and step.args[0] != plan[0].args[0]
               and any(s.name in ("PUTBACK", "PUTIN") for s in plan[:i]))
    swapped = plan[cut:] + plan[:cut]
    tracker = judge(task, simulator, plan_states(task, simulator, swapped))
    assert tracker.percent_complete == 0.5 and not tracker.success


@pytest.mark.slow
def test_every_gold_plan_is_certified():
    simulator = get_plugins().simulators.get("virtualhome")
    for task in load_suite("partnr-vh"):
        assert judge(task, simulator, plan_states(task, simulator, task.gold_plan)).success, task.id


@pytest.mark.slow
def test_the_committed_suite_is_regenerated_byte_for_byte(tmp_path):
    out = tmp_path / "partnr-again"
    subprocess.run([sys.executable, "-m", "eai", "tasks", "generate", "partnr", "--scene", "virtualhome/446_2",
                    "--n", "100", "--seed", "0", "--out", str(out)], check=True, capture_output=True)
    committed = tasks_dir() / "partnr-vh"
    names = sorted(p.name for p in (committed / "tasks").iterdir())
    assert names == sorted(p.name for p in (out / "tasks").iterdir())
    match, mismatch, errors = filecmp.cmpfiles(committed / "tasks", out / "tasks", names, shallow=False)
    assert not mismatch and not errors
    assert (committed / "scene-446_2.json").read_bytes() == (out / "scene-446_2.json").read_bytes()
