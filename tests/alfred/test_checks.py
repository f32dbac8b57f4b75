"""Single faults in real EB-ALFRED gold plans, answered in EB-ALFRED's own format
and scored as action sequencing: one test per error category of the paper."""

import json

import pytest

from eai.host.manager import get_plugins
from eai.results.responses import Response
from eai.results.scoring import score
from eai.testing.answers import eb_answer
from eai.testing.faults import act, inserted, moved, without


def record(task, plan, simulator):
    text = plan if isinstance(plan, str) else eb_answer(simulator, task, plan)
    return score(get_plugins(), "eb-alfred", "action_sequencing", [Response(task.id, text)]).records[0]


@pytest.fixture(scope="module")
def ladle(eb_tasks):
    """base_0: rinse the ladle in the sink, put it on the dining table."""
    return eb_tasks["base_0"]


@pytest.fixture(scope="module")
def heat(eb_tasks):
    """long_horizon_0: slice an apple, heat a slice in the microwave, put it in the garbage can."""
    return eb_tasks["long_horizon_0"]


def test_the_gold_plan_in_eb_words_succeeds_with_full_progress(ladle, simulator):
    got = record(ladle, list(ladle.gold_plan), simulator)
    assert got["success"] and got["executable"] and got["task_progress"] == 1.0
    assert got["goals"]["total"] == [2, 2]


def test_an_unreadable_answer_is_a_parsing_error(ladle, simulator):
    got = record(ladle, "I would first look for the ladle.", simulator)
    assert got["error_type"] == "parsing"
    assert got["task_progress"] == 0.3333  # nothing ran: the ladle starts on the dining table, one condition of three


def test_an_instance_the_scene_lacks_is_a_hallucination_not_a_crash(ladle, simulator):
    plan = inserted(ladle.gold_plan, 2, "find a Cabinet_99")
    got = record(ladle, plan, simulator)
    assert (got["error_type"], got["error_step"]) == ("hallucination", 2)
    assert "Cabinet_99" in got["error_detail"]
    assert record(ladle, ["fly to the moon"], simulator)["error_type"] == "hallucination"
    assert record(ladle, ["find a Unicorn"], simulator)["error_type"] == "hallucination"


def test_a_wrong_number_of_objects_is_an_arity_error(ladle, simulator):
    text = json.dumps([{"action": "PUT_DOWN", "object": "Sink"}])
    assert record(ladle, text, simulator)["error_type"] == "arity"


@pytest.mark.parametrize("step, why", [
    (act("OPEN", "Ladle_2"), "cannot be opened"),
    (act("PICK_UP", "Fridge"), "cannot be picked up"),
    (act("SLICE", "Ladle_2"), "cannot be sliced"),
    (act("TURN_ON", "Ladle_2"), "cannot be turned on"),
])
def test_acting_on_what_cannot_afford_it_is_an_affordance_error(ladle, simulator, step, why):
    got = record(ladle, inserted(ladle.gold_plan, 1, step), simulator)
    assert (got["error_type"], got["error_step"]) == ("affordance", 1) and why in got["error_detail"]


def test_picking_up_without_finding_is_a_missing_step(heat, simulator):
    got = record(heat, without(heat.gold_plan, 0), simulator)  # no FIND(Knife_2)
    assert (got["error_type"], got["error_step"]) == ("missing_step", 0)
    assert "Cannot find Knife_2 to pick up" in got["error_detail"]


def test_finding_something_else_in_between_is_a_wrong_order(ladle, simulator):
    """The ladle was within reach, and a find in between took the robot away."""
    got = record(ladle, inserted(ladle.gold_plan, 1, act("FIND", "Fridge")), simulator)
    assert (got["error_type"], got["error_step"]) == ("wrong_order", 2)


def test_slicing_without_a_knife_is_a_missing_step(heat, simulator):
    got = record(heat, heat.gold_plan[2:], simulator)  # never picks up the knife
    assert (got["error_type"], got["error_step"]) == ("missing_step", 1)
    assert "Hold a knife first" in got["error_detail"]


def test_putting_into_a_closed_microwave_is_a_missing_step(heat, simulator):
    opening = [str(a) for a in heat.gold_plan].index("OPEN(Microwave)")
    got = record(heat, heat.gold_plan[:opening] + heat.gold_plan[opening + 1:opening + 2], simulator)
    assert (got["error_type"], got["error_step"]) == ("missing_step", opening)
    assert "Putting the object on Microwave failed" in got["error_detail"]


def test_opening_after_putting_in_is_a_wrong_order(heat, simulator):
    opening = [str(a) for a in heat.gold_plan].index("OPEN(Microwave)")
    got = record(heat, moved(heat.gold_plan, opening, opening + 1), simulator)  # PUT_DOWN, then OPEN
    assert (got["error_type"], got["error_step"]) == ("wrong_order", opening)


def test_picking_up_with_the_hand_full_is_a_wrong_order(ladle, simulator):
    """The hand was empty before the first pick-up: the step that filled it came too soon (paper D.2)."""
    plan = (*ladle.gold_plan[:2], act("FIND", "Apple"), act("PICK_UP", "Apple"))
    got = record(ladle, plan, simulator)
    assert (got["error_type"], got["error_step"]) == ("wrong_order", 3)
    assert "Robot is currently holding Ladle" in got["error_detail"]


def test_turning_the_microwave_on_while_open(heat, simulator):
    closing = [str(a) for a in heat.gold_plan].index("CLOSE(Microwave)")
    got = record(heat, without(heat.gold_plan, closing), simulator)
    assert (got["error_type"], got["error_step"]) == ("wrong_order", closing)  # it was closed before OPEN
    assert "Close the Microwave first" in got["error_detail"]


def test_opening_twice_is_an_additional_step_on_a_successful_plan(heat, simulator):
    opening = [str(a) for a in heat.gold_plan].index("OPEN(Microwave)")
    got = record(heat, inserted(heat.gold_plan, opening + 1, act("OPEN", "Microwave")), simulator)
    assert got["success"] and got["additional_steps"] == 1


def test_progress_counts_eb_alfreds_goal_conditions(heat, simulator):
    """Four conditions: a slice made, a slice in the garbage can, a slice heated, a heated slice in it.
    The apple lay in the garbage can, so its slices do once it is sliced."""
    assert record(heat, heat.gold_plan[:3], simulator)["task_progress"] == 0.0
    assert record(heat, heat.gold_plan[:4], simulator)["task_progress"] == 0.5
    turned_on = [str(a) for a in heat.gold_plan].index("TURN_ON(Microwave)")
    assert record(heat, heat.gold_plan[:turned_on + 1], simulator)["task_progress"] == 0.75
    assert record(heat, heat.gold_plan, simulator)["task_progress"] == 1.0
