"""The symbolic ReplicaCAD world on real episodes: EB-Habitat's skills with the
habitat domain's preconditions and effects."""

import random

import pytest

from eai.pddl.formula import And, Not, Pred
from eai.simulation.taxonomy import ErrorType, execute
from eai.world import Action
from tests.habitat.conftest import SAMPLE, load, plan


def test_gold_plans_of_a_sample_reach_their_goals_with_full_progress(simulator):
    for task in load(*SAMPLE):
        run = execute(simulator.world(task), list(task.gold_plan))
        assert run.executable, (task.id, run.detail)
        assert simulator.progress(task, run.trajectory) == 1.0, task.id


def test_the_initial_state_is_the_episode(simulator, ball_task):
    world = simulator.world(ball_task)
    state = world.initial
    assert ("on_top", "ball_1", "right_counter") in state and ("not_holding", "robot_0") in state
    assert ("closed_fridge", "fridge_push_point") in state and ("part_of", "left_drawer", "cab_push_point_7") in state
    assert not any(atom[0] in ("robot_at", "holding") for atom in state)
    (opened,) = load("conditional_instructions_002")
    assert ("opened_fridge", "fridge_push_point") in simulator.world(opened).initial


def test_pick_needs_the_robot_at_the_objects_receptacle_and_an_empty_hand(simulator, ball_task):
    world = simulator.world(ball_task)
    check = world.check(world.initial, Action("PICK", ("ball_1",)))
    assert check.missing == (Pred("robot_at", ("right_counter",)),)
    at = world.apply(world.initial, Action("NAV", ("right_counter",)))
    assert world.check(at, Action("PICK", ("ball_1",))).executable
    holding = world.apply(at, Action("PICK", ("ball_1",)))
    assert ("holding", "ball_1") in holding and ("on_top", "ball_1", "right_counter") not in holding
    assert ("not_holding", "robot_0") not in holding
    other = next(o for o in world.movables if world.view(at).where(o) == "right_counter" and o != "ball_1")
    assert world.check(holding, Action("PICK", (other,))).missing == (Pred("not_holding", ("robot_0",)),)


def test_place_needs_an_object_in_hand_and_the_robot_at_the_receptacle(simulator, ball_task):
    world = simulator.world(ball_task)
    check = world.check(world.initial, Action("PLACE", ("sofa",)))
    assert check.missing == (Not(Pred("not_holding", ("robot_0",))), Pred("robot_at", ("sofa",)))
    state = world.initial
    for action in plan("NAV right_counter", "PICK ball_1", "NAV sofa", "PLACE sofa"):
        state = world.apply(state, action)
    assert ("on_top", "ball_1", "sofa") in state and ("not_holding", "robot_0") in state
    assert ("holding", "ball_1") not in state


def test_an_object_in_a_closed_drawer_cannot_be_picked_but_one_in_the_closed_fridge_can(simulator, ball_task):
    """The domain's pick checks the drawers (cab_type) only, as EB-Habitat's does."""
    world = simulator.world(ball_task)
    state = world.initial
    for action in plan("NAV right_counter", "PICK ball_1", "NAV left_drawer", "PLACE left_drawer", "NAV right_counter"):
        state = world.apply(state, action)
    assert ("in", "ball_1", "cab_push_point_7") in state and ("closed_cab", "cab_push_point_7") in state
    back = world.apply(state, Action("NAV", ("left_drawer",)))
    shut = Not(And((Pred("in", ("ball_1", "cab_push_point_7")), Pred("closed_cab", ("cab_push_point_7",)))))
    assert world.check(back, Action("PICK", ("ball_1",))).missing == (shut,)
    opened = back
    for action in plan("NAV cab_push_point_7", "OPEN_CAB cab_push_point_7", "NAV left_drawer"):
        opened = world.apply(opened, action)
    assert world.check(opened, Action("PICK", ("ball_1",))).executable
    fridge = world.initial
    for action in plan("NAV right_counter", "PICK ball_1", "NAV refrigerator", "PLACE refrigerator"):
        fridge = world.apply(fridge, action)
    assert ("in", "ball_1", "fridge_push_point") in fridge and ("closed_fridge", "fridge_push_point") in fridge
    assert world.check(fridge, Action("PICK", ("ball_1",))).executable


@pytest.mark.parametrize("action, needs", [
    ("PICK tv_stand", "movable_entity_type"), ("NAV ball_1", "place_receptacle or fridge_type or cab_type"),
    ("PLACE fridge_push_point", "place_receptacle"), ("OPEN_FRIDGE cab_push_point_4", "fridge_type"),
    ("OPEN_CAB robot_0", "cab_type"), ("CLOSE_CAB refrigerator", "cab_type"),
])
def test_affordance_is_the_operators_parameter_type(simulator, ball_task, action, needs):
    world = simulator.world(ball_task)
    (step,) = plan(action)
    check = world.check(world.initial, step)
    assert not check.affordable and f"needs a {needs}" in check.reason


def test_actions_whose_effect_holds_are_redundant(simulator):
    (task,) = load("conditional_instructions_002")  # the fridge starts open
    world = simulator.world(task)
    at = world.apply(world.initial, Action("NAV", ("fridge_push_point",)))
    assert world.check(at, Action("NAV", ("fridge_push_point",))).redundant
    assert world.check(at, Action("OPEN_FRIDGE", ("fridge_push_point",))).redundant
    closed = world.apply(at, Action("CLOSE_FRIDGE", ("fridge_push_point",)))
    assert ("closed_fridge", "fridge_push_point") in closed and ("opened_fridge", "fridge_push_point") not in closed
    assert world.check(closed, Action("CLOSE_FRIDGE", ("fridge_push_point",))).redundant


def test_successors_are_the_executable_actions_that_change_the_state(simulator):
    """On random walks through real episodes: successors() is exactly the
    actions check() allows and finds not redundant, with apply()'s states."""
    rng = random.Random(7)
    for task in load("context_000", "multiple_objects_000", "conditional_instructions_002"):
        world = simulator.world(task)
        every = [Action(name, (obj,)) for name in simulator.vocabulary.actions for obj in world.objects]
        state = world.initial
        for _ in range(40):
            found = dict(world.successors(state))
            allowed = [a for a in every if world.check(state, a).executable and not world.check(state, a).redundant]
            assert sorted(found) == sorted(allowed)
            assert all(found[a] == world.apply(state, a) for a in allowed)
            state = found[rng.choice(sorted(found))]


def test_a_wrong_order_and_a_missing_step_on_a_real_episode(simulator, ball_task):
    world = simulator.world(ball_task)
    swapped = execute(world, plan("PICK ball_1", "NAV right_counter", "NAV tv_stand", "PLACE tv_stand"))
    assert swapped.error_type == ErrorType.WRONG_ORDER and swapped.error_step == 0
    missing = execute(world, plan("NAV right_counter", "NAV tv_stand", "PLACE tv_stand"))
    assert missing.error_type == ErrorType.MISSING_STEP and missing.error_step == 2


@pytest.mark.parametrize("written, meant", [
    ("tv_stand", "tv_stand"), ("TV stand", "tv_stand"), ("black table", "black_table"),
    ("receptacle_aabb_TvStnd1_Top1_frl_apartment_tvstand", "tv_stand"), ("Ball_1", "ball_1"),
    ("ball", "ball_1"), ("hammer", "hammer_1"), ("block", None), ("unicorn", None),
])
def test_names_a_model_may_write(simulator, ball_task, written, meant):
    assert simulator.world(ball_task).resolve_args([written]) == [meant]


def test_feedback_speaks_eb_habitats_words(simulator, ball_task):
    world = simulator.world(ball_task)
    at = world.apply(world.initial, Action("NAV", ("right_counter",)))
    said = lambda state, step: world.feedback(Action(*plan(step)[0]), world.check(state, plan(step)[0]))  # noqa: E731
    assert said(at, "PICK ball_1") == "Last action executed successfully and you are holding ball."
    assert said(world.initial, "PICK ball_1").startswith("Last action is invalid. Robot cannot pick any object that is not near")
    assert said(world.initial, "PLACE sofa").startswith("Last action is invalid. Robot cannot place any object when not holding")
    assert said(world.initial, "OPEN_CAB cab_push_point_7") == (
        "Last action is invalid. Check whether the receptacle is already open or the robot is not near the receptacle.")
    cab = world.apply(world.initial, Action("NAV", ("cab_push_point_7",)))
    assert said(cab, "OPEN_CAB cab_push_point_7") == "Last action executed successfully and now cabinet 7 is open."
