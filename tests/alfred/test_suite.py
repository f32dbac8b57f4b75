"""The eb-alfred suite in tasks/: EB-ALFRED's 300 tasks, their subsets, provenance and licences."""

import json

import pytest

from eai.host.manager import get_plugins
from tests.helpers import ROOT, run_eai

SUBSETS = ("base", "common_sense", "complex_instruction", "long_horizon", "spatial", "visual_appearance")


@pytest.fixture(scope="module")
def stats():
    result = run_eai("tasks", "stats", "eb-alfred", "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_300_tasks_50_per_subset_types_as_in_the_data(stats):
    assert (stats["tasks"], stats["task_names"]) == (300, 7)
    assert stats["subsets"] == {subset: 50 for subset in SUBSETS}
    assert stats["task_names_by_subset"]["long_horizon"] == {
        "pick_cool_then_place_in_recep": 16, "pick_heat_then_place_in_recep": 28, "pick_two_obj_and_place": 6}
    assert stats["task_names_by_subset"]["base"] == {
        "look_at_obj_in_light": 7, "pick_and_place_simple": 10, "pick_and_place_with_movable_recep": 10,
        "pick_clean_then_place_in_recep": 13, "pick_two_obj_and_place": 10}
    assert stats["steps_by_subset"]["long_horizon"]["min"] > 15  # every long-horizon gold plan
    assert stats["goals"] == {"state": 206, "relation": 375, "action": 0}
    assert (stats["operators"], stats["steps"]) == (9, 2908)  # spatial_22, visual_appearance_14: a find less
    assert 150 < stats["actions_per_task"]["min"] < stats["actions_per_task"]["max"] < 320  # the paper: 171-298


def test_task_ids_follow_the_splits_order(eb_tasks):
    suite = get_plugins().suites.get("eb-alfred")
    assert suite.ids()[:2] == ["base_0", "base_1"] and suite.ids()[-1] == "visual_appearance_49"
    assert suite.select(["long_horizon", "base_3"]) == ["base_3"] + [f"long_horizon_{i}" for i in range(50)]
    first = eb_tasks["base_0"]
    assert first.extra["alfred"]["trajectory"] == \
        "pick_clean_then_place_in_recep-Ladle-None-DiningTable-4/trial_T20190909_164840_568811"
    assert (first.extra["alfred"]["repeat_idx"], first.extra["alfred"]["episode"]) == (2, 0)
    assert first.instruction == "Rinse off a ladle and move it to the table."


def test_a_task_reads_as_eb_alfred_names_it(eb_tasks):
    task = eb_tasks["base_0"]
    assert task.name == "pick_clean_then_place_in_recep"
    assert task.goal.ltl == ("exists x0. (Ladle(x0) and is_clean(x0) and exists x1. (DiningTable(x1) and "
                             "in_receptacle(x0, x1)))")
    assert [str(a) for a in task.gold_plan] == [
        "FIND(Ladle_2)", "PICK_UP(Ladle_2)", "FIND(Sink)", "PUT_DOWN()", "TURN_ON(Faucet)", "TURN_OFF(Faucet)",
        "PICK_UP(Ladle_2)", "FIND(DiningTable)", "PUT_DOWN()"]
    cabinets = [o.id for o in task.objects if o.class_name == "Cabinet"]
    assert cabinets[:2] == ["Cabinet", "Cabinet_2"]
    thor = task.extra["alfred"]["thor_ids"]
    assert thor["Sink"] == "Sink|-01.39|+00.98|+00.44|SinkBasin" and thor["Faucet"] == "Faucet|-01.39|+01.37|+00.17"
    assert ["Faucet", "Sink"] in task.extra["alfred"]["beside"]


def test_objects_the_plan_does_not_touch_are_free_standing(eb_tasks):
    """Only what a pick-up shows has a receptacle at the start (never a guess from positions)."""
    for task in eb_tasks.values():
        placed = {a[1] for a in task.init if a[0] == "in_receptacle"}
        touched = {arg for action in task.gold_plan for arg in action.args}
        wholes = task.extra["alfred"]["slices"]
        assert placed <= touched | set(wholes.values()) | set(task.relevant), task.id


def test_synthetic_objects_are_flagged_and_have_no_thor_id(eb_tasks):
    task = eb_tasks["base_0"]  # FloorPlan4: the layout has no stove burner, toaster, coffee machine, garbage can
    synthetic = task.extra["alfred"]["synthetic"]
    assert {"StoveBurner", "Toaster", "CoffeeMachine", "GarbageCan"} <= set(synthetic)
    assert not set(synthetic) & set(task.extra["alfred"]["thor_ids"])
    assert all(task.object_by_id[o].has("receptacle") for o in ("StoveBurner", "Toaster", "GarbageCan"))


def test_provenance_pins_the_commit_every_file_and_all_three_licence_facts():
    record = json.loads((ROOT / "tasks" / "eb-alfred" / "provenance.json").read_text())
    eb, alfworld = record["sources"]
    assert eb["commit"] == "b24793607b7c5f1f236dad6d9c3f3c94d0bd4b04" and eb["repository"] == "EmbodiedBench/EmbodiedBench"
    trajectories = [f for f in eb["files"] if f.endswith(".json") and "/json_2.1.0/" in f]
    assert len(trajectories) == 213  # distinct trial/repeat pairs of the 300 tasks
    assert "embodiedbench/envs/eb_alfred/data/splits/splits.json" in eb["files"]
    assert eb["licence"].startswith("MIT License") and "Copyright (c) 2019 ALFRED" in eb["licence"]
    assert "no top-level licence file" in eb["licence_note"] and "Apache-2.0" in eb["licence_note"]
    assert alfworld["version"] == "0.4.2" and alfworld["licence"].startswith("MIT License")
    readme = (ROOT / "tasks" / "README.md").read_text()
    assert "| `eb-alfred/` | github.com/EmbodiedBench/EmbodiedBench at commit" in readme
    assert "Copyright (c) 2019 ALFRED" in readme and "Apache-2.0" in readme


def test_a_run_takes_subset_names_as_task_ids():
    from eai.exceptions import EaiError
    from eai.runner.selection import check_selection

    plugins = get_plugins()
    check_selection(plugins, ["eb-alfred"], ["action_sequencing"], ["long_horizon", "base_3"])
    with pytest.raises(EaiError, match="did you mean 'long_horizon'"):
        check_selection(plugins, ["eb-alfred"], ["action_sequencing"], ["long_horizn"])
