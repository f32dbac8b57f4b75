"""Single faults in real activities, run through the kernel's ``execute``, and
the checks behind them: affordance, missing preconditions as ground formulas,
wrong order, redundancy."""

import pytest

from eai.pddl.formula import And, Not, Or, Pred
from eai.simulation.taxonomy import ErrorType, execute
from eai.testing.faults import act, moved, run, without
from eai_behavior.world import BehaviorWorld
from tests.behavior.goal import reached

SINK, BRUSH, BATHTUB = "sink.n.01_1", "scrub_brush.n.01_1", "bathtub.n.01_1"


# -- the kernel's categories on real gold plans ------------------------------------

def test_the_bathtub_gold_plan(world, bathtub):
    assert [str(a) for a in bathtub.gold_plan[:4]] == [
        "TOGGLE_ON(sink.n.01_1)", "RIGHT_GRASP(scrub_brush.n.01_1)", "RIGHT_PLACE_INSIDE(sink.n.01_1)",
        "SOAK(scrub_brush.n.01_1)"]
    result = execute(world, bathtub.gold_plan)
    assert result.executable and reached(bathtub, result.trajectory)


def test_dropping_a_needed_step_is_a_missing_step(world, bathtub):
    result = execute(world, without(bathtub.gold_plan, 0))  # no TOGGLE_ON(sink)
    assert (result.error_type, result.error_step) == (ErrorType.MISSING_STEP, 2)
    assert "SOAK(scrub_brush.n.01_1)" in result.detail and "(toggled_on sink.n.01_1)" in result.detail


def test_a_step_after_the_one_that_needs_it_is_a_wrong_order(world, bathtub):
    result = execute(world, moved(bathtub.gold_plan, 0, 3))  # TOGGLE_ON(sink) after SOAK
    assert (result.error_type, result.error_step) == (ErrorType.WRONG_ORDER, 2)


def test_undoing_a_precondition_too_early_is_a_wrong_order(world, bathtub):
    plan = moved(bathtub.gold_plan, 4, 3)  # TOGGLE_OFF(sink) before SOAK: it held before
    result = execute(world, plan)
    assert (result.error_type, result.error_step) == (ErrorType.WRONG_ORDER, 4)


def test_grasping_what_cannot_be_grasped_is_an_affordance_error(world, bathtub):
    for fixed in (BATHTUB, "floor.n.01_1", SINK):
        result = execute(world, (act("LEFT_GRASP", fixed),) + bathtub.gold_plan)
        assert (result.error_type, result.error_step) == (ErrorType.AFFORDANCE, 0)
        assert "cannot be held" in result.detail


def test_placing_into_a_closed_container_misses_open(activities):
    task = activities["packing_car_for_trip"]
    assert str(task.gold_plan[0]) == "OPEN(car.n.01_1)"
    world = BehaviorWorld(task)
    result = execute(world, without(task.gold_plan, 0))
    assert (result.error_type, result.error_step) == (ErrorType.MISSING_STEP, 2)
    assert result.detail.endswith("(open car.n.01_1)")
    late = execute(world, (act("RIGHT_GRASP", "briefcase.n.01_1"), act("RIGHT_PLACE_INSIDE", "car.n.01_1"),
                           act("OPEN", "car.n.01_1")))
    assert (late.error_type, late.error_step) == (ErrorType.WRONG_ORDER, 1)
    full = execute(world, moved(task.gold_plan, 0, 3))  # OPEN comes later, but with both hands full
    assert (full.error_type, full.error_step) == (ErrorType.MISSING_STEP, 2)


def test_a_redundant_grasp_is_an_additional_step(world, bathtub):
    plan = bathtub.gold_plan[:2] + (act("RIGHT_GRASP", BRUSH), act("LEFT_GRASP", BRUSH)) + bathtub.gold_plan[2:]
    result = execute(world, plan)
    assert result.executable and result.additional_steps == (2, 3)
    assert reached(bathtub, result.trajectory)


def test_grasping_from_a_closed_fridge_misses_open(activities):
    task = activities["bottling_fruit"]
    assert str(task.gold_plan[0]) == "OPEN(electric_refrigerator.n.01_1)"
    result = execute(BehaviorWorld(task), without(task.gold_plan, 0))
    assert (result.error_type, result.error_step) == (ErrorType.MISSING_STEP, 0)
    assert "(open electric_refrigerator.n.01_1)" in result.detail


# -- checks ----------------------------------------------------------------------------

def test_a_place_needs_something_in_that_hand(world):
    check = world.check(world.initial, act("LEFT_PLACE_ONTOP", BATHTUB))
    assert check.affordable and len(check.missing) == 1
    assert Pred("holding_left", (BRUSH,)) in check.missing[0].args
    assert Pred("holding_left", (BATHTUB,)) not in check.missing[0].args  # only what can be held


def test_grasping_needs_that_hand_empty(world):
    state = run(world, [act("RIGHT_GRASP", BRUSH)])
    check = world.check(state, act("RIGHT_GRASP", "bucket.n.01_1"))
    assert check.missing == (Not(Pred("holding_right", (BRUSH,))),)
    assert world.check(state, act("LEFT_GRASP", "bucket.n.01_1")).executable


def test_release(world):
    assert world.check(world.initial, act("LEFT_RELEASE", BRUSH)).redundant  # nothing in hand
    state = run(world, [act("RIGHT_GRASP", BRUSH)])
    assert world.check(state, act("LEFT_RELEASE", BRUSH)).missing == (Pred("holding_left", (BRUSH,)),)
    state = run(world, [act("RIGHT_RELEASE", BRUSH)], state)
    assert not [a for a in state if BRUSH in a]  # held, then released: it rests on nothing


def test_both_hands_full_blocks_open_and_toggle_but_not_clean(activities):
    task = activities["cleaning_oven"]  # rags and a brush in a closed cabinet, a stained oven
    world = BehaviorWorld(task)
    state = run(world, [act("OPEN", "cabinet.n.01_1"), act("RIGHT_GRASP", "scrub_brush.n.01_1"),
                        act("LEFT_GRASP", "rag.n.01_1")])
    full = Or((Not(Pred("holding_left", ("rag.n.01_1",))), Not(Pred("holding_right", ("scrub_brush.n.01_1",)))))
    assert world.check(state, act("TOGGLE_ON", SINK)).missing == (full,)
    assert world.check(state, act("CLOSE", "cabinet.n.01_1")).missing == (full,)
    assert full not in world.check(state, act("CLEAN", "oven.n.01_1")).missing


def test_stains_need_a_soaked_tool(world):
    state = run(world, [act("RIGHT_GRASP", BRUSH)])
    check = world.check(state, act("CLEAN", BATHTUB))
    (ways,) = check.missing
    assert And((Pred("holding_right", (BRUSH,)), Pred("soaked", (BRUSH,)))) in ways.args
    state = run(world, [act("RIGHT_PLACE_INSIDE", SINK), act("TOGGLE_ON", SINK), act("SOAK", BRUSH),
                        act("RIGHT_GRASP", BRUSH), act("CLEAN", BATHTUB)], state)
    assert ("stained", BATHTUB) not in state
    assert world.check(state, act("CLEAN", BATHTUB)).redundant


def test_soaking_needs_a_running_sink(world):
    check = world.check(world.initial, act("SOAK", BRUSH))
    assert check.missing == (And((Pred("inside", (BRUSH, SINK)), Pred("toggled_on", (SINK,)))),)
    state = run(world, [act("RIGHT_GRASP", BRUSH), act("RIGHT_PLACE_INSIDE", SINK)])
    assert world.check(state, act("SOAK", BRUSH)).missing == (Pred("toggled_on", (SINK,)),)


def test_object_interactable_only_outside_closed_containers(activities):
    task = activities["bottling_fruit"]
    world = BehaviorWorld(task)
    fridge, strawberry = "electric_refrigerator.n.01_1", "strawberry.n.01_1"
    for action in (act("LEFT_GRASP", strawberry), act("SLICE", strawberry)):
        assert Pred("open", (fridge,)) in world.check(world.initial, action).missing


def test_open_and_toggle_exclude_each_other(activities):
    task = activities["making_tea"]  # the stove is openable and toggleable
    world = BehaviorWorld(task)
    stove = "stove.n.01_1"
    state = run(world, [act("OPEN", stove)])
    assert world.check(state, act("TOGGLE_ON", stove)).missing == (Not(Pred("open", (stove,))),)
    state = run(world, [act("CLOSE", stove), act("TOGGLE_ON", stove)], state)
    assert world.check(state, act("OPEN", stove)).missing == (Not(Pred("toggled_on", (stove,))),)


@pytest.mark.parametrize("action, why", [
    (act("OPEN", BRUSH), "openable"),
    (act("SLICE", BRUSH), "sliceable"),
    (act("LEFT_GRASP", "agent.n.01_1"), "agent"),
    (act("LEFT_GRASP", "no_such.n.01_1"), "unknown object"),
    (act("LEFT_GRASP"), "takes 1"),
    (act("LEFT_PLACE_NEXTTO_ONTOP", BATHTUB, BATHTUB), "distinct"),
    (act("LEFT_PLACE_INSIDE", "floor.n.01_1"), "inside a floor"),
    (act("FLY", BRUSH), "unknown action"),
])
def test_impossible_actions_are_not_affordable(world, action, why):
    check = world.check(world.initial, action)
    assert not check.affordable and why in check.reason


def test_navigating_changes_nothing_and_is_never_needed(world, bathtub):
    check = world.check(world.initial, act("NAVIGATE_TO", BATHTUB))
    assert check.executable and not check.redundant
    assert world.apply(world.initial, act("NAVIGATE_TO", BATHTUB)) == world.initial
    plan = tuple(step for action in bathtub.gold_plan for step in (act("NAVIGATE_TO", action.args[0]), action))
    result = execute(world, plan)
    assert result.executable and reached(bathtub, result.trajectory)


# -- defaults and where things end up ------------------------------------------------------

def test_defaults(world, activities):
    assert ("open", "bucket.n.01_1") in world.initial  # an open-topped receptacle
    fridge = BehaviorWorld(activities["bottling_fruit"])
    assert ("open", "electric_refrigerator.n.01_1") not in fridge.initial  # other openables start closed
    sneakers = BehaviorWorld(activities["cleaning_sneakers"])
    assert ("onfloor", "table.n.02_1", "floor.n.01_1") in sneakers.initial  # a fixture on its room's floor
    assert not [a for a in world.initial if a[0].startswith("holding")]


def test_placing_under_or_next_to_a_fixture_stands_on_its_floor(activities):
    task = activities["cleaning_sneakers"]
    world = BehaviorWorld(task)
    shoe, table = "gym_shoe.n.01_1", "table.n.02_1"
    state = run(world, [act("LEFT_GRASP", shoe), act("LEFT_PLACE_UNDER", table)])
    assert {("under", shoe, table), ("onfloor", shoe, "floor.n.01_1")} <= set(state)


def test_things_put_at_one_place_are_next_to_each_other(activities):
    task = activities["storing_the_groceries"]
    final = execute(BehaviorWorld(task), task.gold_plan).trajectory.final
    assert ("nextto", "cereal.n.03_1", "cereal.n.03_2") in final  # both put inside the cabinet


def test_a_grasped_container_carries_its_contents(activities):
    task = activities["assembling_gift_baskets"]
    world = BehaviorWorld(task)
    basket, candle = "basket.n.01_1", "candle.n.01_1"
    state = run(world, [act("LEFT_GRASP", candle), act("LEFT_PLACE_INSIDE", basket), act("RIGHT_GRASP", basket),
                        act("RIGHT_PLACE_ONTOP", "table.n.02_1")])
    assert {("inside", candle, basket), ("ontop", basket, "table.n.02_1")} <= set(state)


def test_transferring_contents(activities):
    task = activities["preserving_food"]
    world = BehaviorWorld(task)
    pan, jar, berry = "pan.n.01_1", "jar.n.01_1", "strawberry.n.01_1"
    state = run(world, [act("LEFT_GRASP", berry), act("LEFT_PLACE_INSIDE", pan), act("RIGHT_GRASP", pan)])
    assert ("inside", berry, pan) in state
    state = run(world, [act("RIGHT_TRANSFER_CONTENTS_INSIDE", jar)], state)
    assert ("inside", berry, jar) in state and ("inside", berry, pan) not in state
    assert ("holding_right", pan) in state
    assert world.check(state, act("RIGHT_TRANSFER_CONTENTS_INSIDE", jar)).redundant  # the pan is empty


def test_a_running_dishwasher_cleans_what_is_in_it(activities):
    task = activities["cleaning_up_after_a_meal"]
    world = BehaviorWorld(task)
    washer, plate = "dishwasher.n.01_1", "plate.n.04_1"
    state = run(world, [act("OPEN", washer), act("LEFT_GRASP", plate), act("LEFT_PLACE_INSIDE", washer),
                        act("CLOSE", washer)])
    assert ("stained", plate) in state
    assert ("stained", plate) not in run(world, [act("TOGGLE_ON", washer)], state)


# -- slicing -------------------------------------------------------------------------------

@pytest.fixture
def fruit(activities):
    """bottling_fruit, with the strawberry out of the fridge on the countertop and the knife in hand."""
    world = BehaviorWorld(activities["bottling_fruit"])
    state = run(world, [act("OPEN", "electric_refrigerator.n.01_1"), act("RIGHT_GRASP", "strawberry.n.01_1"),
                        act("RIGHT_PLACE_ONTOP", "countertop.n.01_1"), act("LEFT_GRASP", "carving_knife.n.01_1")])
    return world, state


def test_parts_only_after_slicing_and_the_whole_no_more(fruit):
    world, state = fruit
    whole, part = "strawberry.n.01_1", "strawberry.n.01_1_part_0"
    assert world.check(state, act("RIGHT_GRASP", part)).missing == (Pred("sliced", (whole,)),)
    state = run(world, [act("SLICE", whole)], state)
    assert ("ontop", part, "countertop.n.01_1") in state
    assert world.check(state, act("SLICE", whole)).redundant
    grasp_whole = world.check(state, act("RIGHT_GRASP", whole))
    assert not grasp_whole.affordable and "parts" in grasp_whole.reason
    assert world.check(state, act("RIGHT_GRASP", part)).executable


def test_slicing_needs_a_slicer_in_hand(fruit):
    world, state = fruit
    state = run(world, [act("LEFT_RELEASE", "carving_knife.n.01_1")], state)
    missing = world.check(state, act("SLICE", "strawberry.n.01_1")).missing
    assert missing == (Or((Pred("holding_left", ("carving_knife.n.01_1",)),
                           Pred("holding_right", ("carving_knife.n.01_1",)))),)


def test_a_sliced_whole_is_where_both_its_parts_are(fruit):
    world, state = fruit
    whole, jar = "strawberry.n.01_1", "jar.n.01_1"
    state = run(world, [act("SLICE", whole), act("LEFT_RELEASE", "carving_knife.n.01_1"), act("OPEN", jar),
                        act("RIGHT_GRASP", f"{whole}_part_0"), act("RIGHT_PLACE_INSIDE", jar)], state)
    assert ("inside", whole, jar) not in state and ("ontop", whole, "countertop.n.01_1") not in state
    state = run(world, [act("RIGHT_GRASP", f"{whole}_part_1"), act("RIGHT_PLACE_INSIDE", jar)], state)
    assert {("inside", whole, jar), ("sliced", whole)} <= set(state)


def test_a_sliced_whole_is_next_to_what_both_parts_are_next_to(fruit):
    world, state = fruit
    whole, jar = "strawberry.n.01_1", "jar.n.01_1"
    state = run(world, [act("SLICE", whole), act("RIGHT_GRASP", f"{whole}_part_0"), act("RIGHT_PLACE_NEXTTO", jar),
                        act("RIGHT_GRASP", f"{whole}_part_1"), act("RIGHT_PLACE_NEXTTO", jar)], state)
    assert {("nextto", whole, jar), ("nextto", jar, whole)} <= set(state)
    state = run(world, [act("RIGHT_GRASP", f"{whole}_part_1")], state)
    assert ("nextto", whole, jar) not in state and ("nextto", jar, whole) not in state
