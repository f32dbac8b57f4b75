"""The skills' effects and rules on real tasks: ALFRED's state changes, reach,
slices, EB-ALFRED's nearest-object reading, and the defaults of the start state."""

import pytest

from eai.testing.faults import act, run
from eai_alfred.world import AlfredWorld


@pytest.fixture(scope="module")
def kitchen(eb_tasks):
    """base_0 (FloorPlan4): a sink with its faucet, a microwave, a fridge, three apples, two knives."""
    task = eb_tasks["base_0"]
    return task, AlfredWorld(task)


def holding(world, state):
    return world.view(state).held


def test_the_faucet_cleans_what_is_in_its_sink_when_turned_on(kitchen):
    task, world = kitchen
    state = run(world, [act("FIND", "Ladle_2"), act("PICK_UP", "Ladle_2"), act("FIND", "Sink"), act("PUT_DOWN")])
    assert ("in_receptacle", "Ladle_2", "Sink") in state and ("is_clean", "Ladle_2") not in state
    on = run(world, [act("TURN_ON", "Faucet")], state)  # within reach: the faucet stands by the sink
    assert ("is_clean", "Ladle_2") in on and ("is_on", "Faucet") in on
    assert ("is_clean", "Ladle_2") in run(world, [act("TURN_OFF", "Faucet")], on)  # clean stays


def test_the_microwave_heats_what_is_in_it_and_only_when_turned_on(kitchen):
    task, world = kitchen
    state = run(world, [act("FIND", "Apple"), act("PICK_UP", "Apple"), act("FIND", "Microwave"),
                        act("OPEN", "Microwave"), act("PUT_DOWN")])
    assert ("is_hot", "Apple") not in state
    assert not world.check(state, act("TURN_ON", "Microwave")).executable  # open: close it first
    state = run(world, [act("CLOSE", "Microwave"), act("TURN_ON", "Microwave")], state)
    assert ("is_hot", "Apple") in state
    assert not world.check(state, act("OPEN", "Microwave")).executable  # on: turn it off first


def test_closing_the_fridge_cools_what_is_in_it(kitchen):
    task, world = kitchen
    state = run(world, [act("FIND", "Apple"), act("PICK_UP", "Apple"), act("FIND", "Fridge"), act("OPEN", "Fridge"),
                        act("PUT_DOWN")])
    assert ("is_cool", "Apple") not in state
    assert ("is_cool", "Apple") in run(world, [act("CLOSE", "Fridge")], state)


def test_slices_appear_where_the_whole_lay(eb_tasks):
    task = eb_tasks["long_horizon_0"]  # Apple_3 lies in the garbage can
    world = AlfredWorld(task)
    slices = [s for s, whole in task.extra["alfred"]["slices"].items() if whole == "Apple_3"]
    assert len(slices) == 2
    assert not world.check(world.initial, act("FIND", slices[0])).executable  # no slice before slicing
    state = run(world, task.gold_plan[:4])  # knife in hand, apple sliced
    assert ("is_sliced", "Apple_3") in state
    assert {("in_receptacle", s, "GarbageCan") for s in slices} <= set(state)
    assert not [a for a in state if a[0] == "in_receptacle" and a[1] == "Apple_3"]
    assert holding(world, state) == "Knife_2"


def test_pick_up_the_apple_after_slicing_picks_up_a_slice(eb_tasks):
    """EB-ALFRED's example plans say 'pick up the Apple' for a slice."""
    task = eb_tasks["long_horizon_0"]
    world = AlfredWorld(task)
    state = run(world, [*task.gold_plan[:4], act("FIND", "GarbageCan"), act("PUT_DOWN")])
    after = world.apply(state, act("PICK_UP", "Apple_3"))
    assert holding(world, after) == "AppleSliced_5"
    assert not world.check_exact(state, act("PICK_UP", "Apple_3")).affordable  # the whole is gone


def test_pick_up_names_a_type_eb_alfred_takes_the_nearest(kitchen):
    task, world = kitchen
    state = run(world, [act("FIND", "Apple_2")])
    assert world.check(state, act("PICK_UP", "Apple")).executable
    assert holding(world, world.apply(state, act("PICK_UP", "Apple"))) == "Apple_2"
    assert not world.check_exact(state, act("PICK_UP", "Apple")).executable


def test_reach_after_a_find(eb_tasks):
    task = eb_tasks["base_2"]  # a roll of toilet paper in Cabinet_4 (closed), one on its hanger
    world = AlfredWorld(task)
    state = run(world, [act("FIND", "Cabinet_4")])
    check = world.check(state, act("PICK_UP", "ToiletPaper_2"))
    assert "not visible because it is in Cabinet_4" in check.reason
    state = run(world, [act("OPEN", "Cabinet_4"), act("PICK_UP", "ToiletPaper_2")], state)  # in the found receptacle
    found = run(world, [act("FIND", "ToiletPaper_3")])
    assert world.check(found, act("PICK_UP", "ToiletPaper_3")).executable


def test_put_down_goes_into_the_receptacle_found_last(kitchen):
    task, world = kitchen
    state = run(world, [act("FIND", "Apple"), act("PICK_UP", "Apple")])
    check = world.check(state, act("PUT_DOWN"))  # the apple found last is no receptacle
    assert check.missing and "no receptacle" in check.reason
    state = run(world, [act("FIND", "CounterTop_2"), act("PUT_DOWN")], state)
    assert ("in_receptacle", "Apple", "CounterTop_2") in state
    assert world.check(state, act("DROP")).redundant  # nothing in hand


def test_dropped_objects_lie_in_no_receptacle(kitchen):
    task, world = kitchen
    state = run(world, [act("FIND", "Ladle_2"), act("PICK_UP", "Ladle_2"), act("DROP")])
    assert not [a for a in state if "Ladle_2" in a[1:] and a[0] in ("holds", "in_receptacle")]


def test_the_start_state(eb_tasks):
    """Everything that opens starts closed, but two boxes the gold plan uses unopened; lamps start as ALFRED sets them."""
    opened = {(task.id, a[1]) for task in eb_tasks.values() for a in task.init if a[0] == "is_open"}
    assert opened == {("spatial_39", "Box"), ("visual_appearance_19", "Box")}
    assert not [a for task in eb_tasks.values() for a in task.init if a[0] in ("at", "holds", "is_on", "is_clean")]


def test_feedback_speaks_eb_alfreds_words(kitchen):
    task, world = kitchen
    ok = act("FIND", "Sink")
    assert world.feedback(ok, world.check(world.initial, ok)) == "Last action executed successfully."
    bad = act("PICK_UP", "Ladle_2")
    assert world.feedback(bad, world.check(world.initial, bad)) == (
        "Last action is invalid. Cannot find Ladle_2 to pick up. Find the object before picking up it")
    state = run(world, [act("FIND", "Fridge"), act("OPEN", "Fridge")])
    again = act("OPEN", "Fridge")
    assert world.feedback(again, world.check(state, again)).startswith("Last action changed nothing. Open action failed.")
