"""EmbodiedBench's answer format read as EB's planner reads it: a step's
``action_id`` decides its action where the task's action list is numbered as
EB numbers it, its other fields (``action_description``) are not read, and
an id that disagrees with the step's name is recorded in the record."""

import json

from eai.host.manager import get_plugins
from eai.results.responses import Response
from eai.results.scoring import score
from eai.testing.answers import eb_answer


def record(suite, task_id, steps):
    text = json.dumps({"executable_plan": steps})
    return score(get_plugins(), suite, "action_sequencing", [Response(task_id, text)]).records[0]


# langr context_000: the ball on the right counter goes to the TV stand (EB-Habitat's ids: 10 right counter,
# 16 pick up the ball, 8 TV stand, 12 sofa, 52 place at the TV stand)
TO_RIGHT_COUNTER = {"action_id": 10, "action_name": "navigate to the right counter in the kitchen"}
PICK_BALL = {"action_id": 16, "action_name": "pick up the ball"}
PLACE_AT_TV_STAND = {"action_id": 52, "action_name": "place at the TV stand"}


def test_context_000_the_id_decides_and_a_name_saying_otherwise_is_recorded():
    steps = [TO_RIGHT_COUNTER, PICK_BALL, {"action_id": 8, "action_name": "navigate to the sofa"}, PLACE_AT_TV_STAND]
    got = record("langr", "context_000", steps)
    assert got["success"]  # id 8 is the TV stand, as EB executes it
    assert got["action_id_mismatches"] == [{"step": 2, "action_id": 8, "by_id": "navigate to the TV stand",
                                            "by_name": "navigate to the sofa"}]
    steps[2] = {"action_id": 12, "action_name": "navigate to the TV stand"}  # id 12: the sofa
    got = record("langr", "context_000", steps)
    assert (got["success"], got["error_type"], got["error_step"]) == (False, "missing_step", 3)
    assert got["action_id_mismatches"][0]["by_id"] == "navigate to the sofa"


def test_context_000_ids_alone_and_eb_examples_action_description_read_as_eb_reads_them():
    """EB's own example 1 writes ``action_description`` for its last steps: not read, the id decides."""
    alone = record("langr", "context_000", [{"action_id": i} for i in (10, 16, 8, 52)])
    described = record("langr", "context_000", [
        {"action_id": 10, "action_description": "navigate to the right counter in the kitchen"},
        {"action_id": 16, "action_description": "pick up the ball"},
        {"action_id": 8, "action_description": "navigate to the sofa"}, {"action_id": 52}])
    for got in (alone, described):
        assert got["success"] and "action_id_mismatches" not in got


def test_context_000_an_id_outside_eb_habitats_list_is_an_action_that_does_not_exist():
    for bad in (-1, 70):
        got = record("langr", "context_000", [TO_RIGHT_COUNTER, {"action_id": bad, "action_name": "pick up the ball"}])
        assert (got["error_type"], got["error_step"]) == ("hallucination", 1)
        assert f"action id {bad} is not in the task's action list (0 ~ 69)" in got["error_detail"]
        assert got["action_id_mismatches"] == [{"step": 1, "action_id": bad, "by_id": None, "by_name": "pick up the ball"}]


def test_base_0_an_id_of_eb_alfreds_scene_part_leaves_the_name_to_decide():
    """EB numbers a scene's further instances (``find a Ladle_2``) in AI2-THOR's order, ours by id: there
    the name decides; an id of the 162 global actions decides, as EB reads it."""
    plugins = get_plugins()
    simulator = plugins.simulators.get("alfred")
    [task] = plugins.suites.get("eb-alfred").load(["base_0"])
    listed = simulator.action_list(task)
    steps = json.loads(eb_answer(simulator, task, task.gold_plan))["executable_plan"]
    assert steps[0] == {"action_id": listed.actions.index("find a Ladle_2"), "action_name": "find a Ladle_2"}
    assert steps[0]["action_id"] >= listed.numbered == 162
    steps[0] = {"action_id": listed.actions.index("find a Cabinet_2"), "action_name": "find a Ladle_2"}
    got = record("eb-alfred", "base_0", steps)
    assert got["success"] and got["action_id_mismatches"][0]["by_id"] == "find a Cabinet_2"
    steps[0] = {"action_id": listed.actions.index("find a Sink"), "action_name": "find a Ladle_2"}
    got = record("eb-alfred", "base_0", steps)
    assert not got["success"] and got["action_id_mismatches"][0]["by_id"] == "find a Sink"


def test_27_2_virtualhome_has_no_action_list_and_ignores_ids():
    plugins = get_plugins()
    [task] = plugins.suites.get("virtualhome").load(["27_2"])
    steps = [{"action": a.name, "object": ", ".join(a.args), "action_id": 999} for a in task.gold_plan]
    plain = [{"action": a.name, "object": ", ".join(a.args)} for a in task.gold_plan]
    with_ids, without = record("virtualhome", "27_2", steps), record("virtualhome", "27_2", plain)
    assert with_ids == without and "action_id_mismatches" not in with_ids
