"""EmbodiedBench's answer format read as EB's planner reads it: a step's
``action_id`` decides its action where the task's action list is numbered as
EB numbers it, its other fields (``action_description``) are not read, and
an id that disagrees with the step's name is recorded in the record."""

import json

from eai.plugins import get_plugins
from eai.responses import Response
from eai.scoring import score
from eai.testing.answers import eb_answer


def record(suite, task_id, steps):
    text = json.dumps({"executable_plan": steps})
    return score(get_plugins(), suite, "action_sequencing", [Response(task_id, text)]).records[0]


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
