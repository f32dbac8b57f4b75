"""Single faults in real tasks, judged by ``check``: affordance, missing
preconditions (as ground formulas), redundancy, containment, posture, hands."""

import pytest

from eai.pddl.formula import Not, Or, Pred
from eai.testing.faults import act, run
from eai_virtualhome.world import VirtualHomeWorld

C = "character.65"


def test_dropping_the_walk_before_a_grab_misses_next_to(vh_tasks):
    task = vh_tasks["684_2"]  # WALK(home_office), WALK(remote_control), GRAB(remote_control)
    world = VirtualHomeWorld(task)
    walk_room, walk_remote, grab = task.gold_plan[:3]
    assert (walk_remote.name, grab.name) == ("WALK", "GRAB")
    state = run(world, [walk_room])
    check = world.check(state, grab)
    assert check.affordable and not check.redundant
    assert Pred("NEXT_TO", (C, "remote_control.1000")) in check.missing
    assert world.check(run(world, [walk_remote], state), grab).executable


def test_open_needs_can_open(world):
    check = world.check(world.initial, act("OPEN", "soap.1002"))
    assert not check.affordable and "CAN_OPEN" in check.reason


def test_switching_on_twice_is_redundant_the_second_time(world):
    machine = "washing_machine.1001"
    state = run(world, [act("WALK", machine)])
    assert world.check(state, act("SWITCHON", machine)).executable
    state = run(world, [act("SWITCHON", machine)], state)
    second = world.check(state, act("SWITCHON", machine))
    assert second.redundant and second.affordable and not second.missing


def test_redundancy_comes_before_preconditions(world):
    state = run(world, [act("WALK", "washing_machine.1001"), act("SWITCHON", "washing_machine.1001"),
                        act("WALK", "bathroom.1")])
    far = world.check(state, act("SWITCHON", "washing_machine.1001"))
    assert far.redundant and not far.missing
    assert world.check(world.initial, act("STANDUP")).redundant


def test_grab_from_a_closed_container_is_blocked_until_open(world):
    machine, jacket = "washing_machine.1001", "clothes_jacket.1003"
    state = run(world, [act("WALK", machine)])
    assert ("NEXT_TO", C, jacket) in state  # walking to the machine reaches what is in it...
    blocked = world.check(state, act("GRAB", jacket))
    assert blocked.missing == (Pred("OPEN", (machine,)),)  # ...but it is closed
    state = run(world, [act("OPEN", machine), act("GRAB", jacket)], state)
    assert ("HOLDS_RH", C, jacket) in state and ("INSIDE", jacket, machine) not in state


def test_putin_a_closed_container_misses_open(world):
    state = run(world, [act("WALK", "soap.1002"), act("GRAB", "soap.1002"), act("WALK", "washing_machine.1001")])
    check = world.check(state, act("PUTIN", "soap.1002", "washing_machine.1001"))
    assert check.missing == (Pred("OPEN", ("washing_machine.1001",)),)


def test_put_needs_the_object_held(world):
    state = run(world, [act("WALK", "washing_machine.1001")])
    check = world.check(state, act("PUTBACK", "soap.1002", "washing_machine.1001"))
    assert check.missing == (Or((Pred("HOLDS_RH", (C, "soap.1002")), Pred("HOLDS_LH", (C, "soap.1002")))),)


def test_two_hands_at_most(world):
    state = run(world, [act("WALK", "basket_for_clothes.1000"), act("GRAB", "soap.1002"),
                        act("OPEN", "basket_for_clothes.1000"), act("GRAB", "basket_for_clothes.2000")])
    assert ("HOLDS_RH", C, "soap.1002") in state and ("HOLDS_LH", C, "basket_for_clothes.2000") in state
    check = world.check(state, act("GRAB", "basket_for_clothes.1000"))
    assert check.missing == (Or((Not(Pred("HOLDS_RH", (C, "soap.1002"))),
                                 Not(Pred("HOLDS_LH", (C, "basket_for_clothes.2000"))))),)
    assert world.check(state, act("GRAB", "soap.1002")).redundant


def test_sitting_blocks_walking_until_standup(vh_tasks):
    world = VirtualHomeWorld(vh_tasks["509_2"])
    state = run(world, [act("WALK", "bed.105"), act("LIE", "bed.105")])
    assert ("LYING", C) in state and ("ONTOP", C, "bed.105") in state
    assert world.check(state, act("WALK", "bedroom.67")).missing == (Not(Pred("LYING", (C,))),)
    assert world.check(state, act("SLEEP")).executable
    state = run(world, [act("STANDUP")], state)
    assert ("ONTOP", C, "bed.105") not in state
    assert world.check(state, act("SLEEP")).missing == (Or((Pred("LYING", (C,)), Pred("SITTING", (C,)))),)
    assert world.check(state, act("WALK", "bedroom.67")).executable


def test_switching_on_an_unplugged_device_needs_plugin(world):
    phone = "phone.247"  # PLUGGED_OUT at the start
    state = run(world, [act("WALK", phone)])
    assert world.check(state, act("SWITCHON", phone)).missing == (Pred("PLUGGED_IN", (phone,)),)
    state = run(world, [act("PLUGIN", phone), act("SWITCHON", phone)], state)
    assert ("ON", phone) in state
    state = run(world, [act("PLUGOUT", phone)], state)
    assert ("PLUGGED_OUT", phone) in state and ("OFF", phone) in state


def test_lookat_needs_facing_and_turning_needs_the_room(world):
    computer = "computer.417"
    assert world.check(world.initial, act("LOOKAT", computer)).missing == (Pred("FACING", (C, computer)),)
    assert world.check(world.initial, act("TURNTO", computer)).missing == (Pred("INSIDE", (C, "home_office.319")),)
    state = run(world, [act("WALK", "home_office.319"), act("TURNTO", computer), act("LOOKAT", computer)])
    assert ("FACING", C, computer) in state
    state = run(world, [act("WALK", "bathroom.1")], state)
    assert ("FACING", C, computer) not in state


def test_cut_needs_a_knife(world, vh_tasks):
    assert not world.scene.knives
    assert "knife" in world.check(world.initial, act("CUT", "food_kiwi.2001")).reason
    task = next(t for t in vh_tasks.values() if any(o.class_name == "knife" for o in t.objects))
    other = VirtualHomeWorld(task)
    food = next(o.id for o in task.objects if o.has("CUTTABLE"))
    check = other.check(other.initial, act("CUT", food))
    assert check.affordable and Or(tuple(Pred(h, (C, k)) for k in other.scene.knives
                                         for h in ("HOLDS_RH", "HOLDS_LH"))) in check.missing


def test_walking_moves_what_is_held_and_drops_old_proximity(world):
    state = run(world, [act("WALK", "soap.1002"), act("GRAB", "soap.1002"), act("WALK", "computer.417")])
    assert ("INSIDE", C, "home_office.319") in state and ("INSIDE", "soap.1002", "home_office.319") in state
    assert ("INSIDE", "soap.1002", "dining_room.201") not in state
    assert ("NEXT_TO", C, "basket_for_clothes.1000") not in state
    assert ("NEXT_TO", C, "computer.417") in state and ("NEXT_TO", C, "soap.1002") in state


@pytest.mark.parametrize("action, why", [
    (act("GRAB", "character.65"), "character"),
    (act("GRAB", "bathroom.1"), "room"),
    (act("GRAB", "no_such.1"), "unknown object"),
    (act("GRAB"), "takes 1"),
    (act("PUTBACK", "soap.1002", "soap.1002"), "distinct"),
    (act("FLY", "soap.1002"), "unknown action"),
])
def test_impossible_actions_are_not_affordable(world, action, why):
    check = world.check(world.initial, action)
    assert not check.affordable and why in check.reason


def test_class_affordances_of_virtualhome(vh_tasks):
    world = VirtualHomeWorld(vh_tasks["562_1"])  # GRAB water, POUR it on the hands
    state = run(world, vh_tasks["562_1"].gold_plan)
    assert ("INSIDE", "water.1000", "hands_both.1001") in state
    assert not world.scene.holds(state, "water.1000")  # poured water leaves the hand
