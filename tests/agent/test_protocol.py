"""EmbodiedBench's episode protocol (eai/agent/protocol.py) played by scripted agents in the real
worlds: success the first time the goal holds, the paper's error class of each failed step, the
budgets, and what the agent is told."""

from eai.agent.protocol import Budgets
from eai.host.manager import get_plugins
from eai.testing.answers import eb_answer
from eai.world import Action
from tests.agent.scripted import FAILED_CALL, plan_text, play, task_of

WASH = task_of("virtualhome", "27_2")  # walk, find and open the washing machine, put soap and a jacket in, switch it on
GOLD = list(WASH[0].gold_plan)


def test_27_2_gold_plan_succeeds_in_one_turn():
    record, sent = play(*WASH, [plan_text(GOLD)])
    assert (record["success"], record["ended"], record["steps"], record["turns"]) == (True, "success", 14, 1)
    assert record["progress"] == 1.0 and record["step_errors"] == [] and len(sent) == 1


def test_eb_alfred_base_0_gold_then_a_step_more_succeeds_at_the_gold_plans_end():
    """Issue 33: gold plus PICK_UP(Ladle_2) fails a whole-plan judge but succeeds in EB, where success ends the episode."""
    task, simulator = task_of("eb-alfred", "base_0")
    plan = [*task.gold_plan, Action("PICK_UP", ("Ladle_2",))]
    record, _ = play(task, simulator, [eb_answer(simulator, task, plan)])
    assert (record["success"], record["ended"], record["steps"]) == (True, "success", len(task.gold_plan))
    assert record["turn_log"][0]["steps"][0]["feedback"] == "Last action executed successfully."


def failed_step(plan, turns=1):
    """The first error class the episode recorded for ``plan`` (then the gold plan from where it is)."""
    record, _ = play(*WASH, [plan, plan_text(GOLD)] if turns > 1 else [plan])
    return record, record["step_errors"][0]


def test_27_2_without_grabbing_the_soap_is_a_missing_step_at_step_8():
    record, error = failed_step(plan_text(GOLD[:6] + GOLD[7:]))
    assert (error["error_type"], error["step"], error["action"]) == ("missing_step", 8, "PUTBACK(soap.1002, washing_machine.1001)")
    assert record["invalid_actions"] >= 1


def test_27_2_grabbing_the_jacket_after_putting_it_back_is_a_wrong_order_at_step_11():
    plan = GOLD[:10] + [GOLD[11], GOLD[10]] + GOLD[12:]
    _, error = failed_step(plan_text(plan))
    assert (error["error_type"], error["step"]) == ("wrong_order", 11)


def test_27_2_grabbing_the_washing_machine_is_an_affordance_error_at_step_1():
    _, error = failed_step(plan_text([Action("GRAB", ("washing_machine.1001",))]))
    assert (error["error_type"], error["step"]) == ("affordance", 1)


def test_27_2_opening_the_open_washing_machine_again_is_an_additional_step_and_the_episode_goes_on():
    record, error = failed_step(plan_text(GOLD[:8] + [GOLD[7]] + GOLD[8:]))
    assert (error["error_type"], error["step"]) == ("additional_step", 9)
    assert (record["success"], record["invalid_actions"], record["steps"], record["turns"]) == (True, 0, 15, 1)


def test_27_2_an_action_that_does_not_exist_is_a_hallucination_after_the_steps_before_it():
    record, error = failed_step(plan_text(GOLD[:3])[:-1] + ', ["FLY", "basket_for_clothes.1000"]]', turns=2)
    assert (error["error_type"], error["step"], error["turn"]) == ("hallucination", None, 0)
    assert record["turn_log"][0]["steps"][2]["action"] == "FIND(basket_for_clothes.1000)"
    assert (record["invalid_actions"], record["success"]) == (1, True)


def test_27_2_grab_with_two_objects_is_an_arity_error():
    _, error = failed_step(plan_text([("GRAB", "soap.1002", "clothes_jacket.1003")]), turns=2)
    assert error["error_type"] == "arity"


def test_27_2_prose_is_a_parsing_error_and_an_invalid_action_but_no_step():
    record, sent = play(*WASH, ["I would wash the clothes.", plan_text(GOLD)])
    assert record["turn_log"][0]["read_error"] and record["success"]
    assert (record["invalid_actions"], record["steps"], record["turns"]) == (1, 14, 2)
    assert "Last action is invalid. Your answer could not be read as a plan" in sent[1][0].content


def test_27_2_an_agent_answering_prose_forever_ends_at_max_invalid():
    record, sent = play(*WASH, ["no"])
    assert (record["ended"], record["invalid_actions"], record["steps"], len(sent)) == ("max_invalid", 10, 0, 10)
    assert record["success"] is False and record["progress"] < 1


def test_27_2_an_agent_looping_on_a_step_that_changes_nothing_ends_at_max_steps():
    record, _ = play(*WASH, [plan_text(GOLD[:8]), plan_text([GOLD[7]])], Budgets(max_steps=12))
    assert (record["ended"], record["steps"], record["invalid_actions"], record["turns"]) == ("max_steps", 12, 0, 5)
    assert [e["error_type"] for e in record["step_errors"]] == ["additional_step"] * 4


def test_27_2_an_empty_plan_ends_the_episode():
    record, _ = play(*WASH, ["[]"])
    assert (record["ended"], record["steps"], record["success"]) == ("empty_plan", 0, False)


def test_27_2_a_failed_model_call_ends_the_episode_as_a_model_error_not_an_invalid_action():
    record, _ = play(*WASH, [plan_text(GOLD[:3]), FAILED_CALL])
    assert record["model_error"] == str(FAILED_CALL) and record["ended"] == "model_error"
    assert "invalid_actions" not in record and len(record["turn_log"]) == 2


def test_27_2_the_next_turn_shows_the_action_history_with_feedback_and_asks_a_plan_from_the_current_state():
    record, sent = play(*WASH, [plan_text(GOLD[:6] + GOLD[7:]), plan_text(GOLD[6:])])
    second = sent[1][0].content
    assert sent[1][0].content.startswith(sent[0][0].content.split("\n")[0])
    assert "The action history:\nStep 0, WALK(dining_room.201), env feedback:" in second
    assert "from the current state" in second and record["success"]
    assert record["turn_log"][1]["observation"].startswith("\n\n The action history:")
    assert record["executed"] == [str(a) for a in GOLD[:6] + [GOLD[7], GOLD[6]] + GOLD[8:]]  # the second OPEN changed nothing


def test_behavior_bottling_fruit_grasping_the_fridge_is_an_affordance_error():
    task, simulator = task_of("behavior", next(i for i in get_plugins().suites.get("behavior").ids()
                                               if i.startswith("bottling_fruit")))
    record, _ = play(task, simulator, [plan_text([("LEFT_GRASP", "electric_refrigerator.n.01_1")])], Budgets(max_invalid=1))
    assert record["step_errors"][0]["error_type"] == "affordance" and record["ended"] == "max_invalid"
