"""``search_objects``: what a search for a subgoal acts on (named objects, tools, containers)."""

from eai.world import Action
from eai_behavior.world import BehaviorWorld


def test_a_stain_needs_cleaning_tools_and_water(world):
    assert world.search_objects(world.initial, [("stained", "bathtub.n.01_1")]) == {
        "bathtub.n.01_1", "scrub_brush.n.01_1", "sink.n.01_1"}


def test_a_held_object_only_when_what_it_carries_is_named_and_never_the_agent(world, activities):
    state = world.apply(world.initial, Action("LEFT_GRASP", ("scrub_brush.n.01_1",)))
    assert world.search_objects(state, [("ontop", "agent.n.01_1", "bathtub.n.01_1")]) == {"bathtub.n.01_1"}
    assert world.search_objects(state, [("soaked", "scrub_brush.n.01_1")]) == {
        "scrub_brush.n.01_1", "sink.n.01_1"}
    food = BehaviorWorld(activities["preserving_food"])  # a strawberry carried in the held pan (not openable)
    state = food.initial
    for name, obj in (("LEFT_GRASP", "strawberry.n.01_1"), ("LEFT_PLACE_INSIDE", "pan.n.01_1"), ("RIGHT_GRASP", "pan.n.01_1")):
        state = food.apply(state, Action(name, (obj,)))
    assert not food.scene.openable("pan.n.01_1")
    assert food.search_objects(state, [("inside", "strawberry.n.01_1", "jar.n.01_1")]) == {
        "pan.n.01_1", "jar.n.01_1", "strawberry.n.01_1", "strawberry.n.01_1_part_0", "strawberry.n.01_1_part_1"}


def test_slicing_parts_and_closed_containers(activities):
    world = BehaviorWorld(activities["bottling_fruit"])  # the strawberry is in the closed fridge
    whole = {"strawberry.n.01_1", "strawberry.n.01_1_part_0", "strawberry.n.01_1_part_1",
             "electric_refrigerator.n.01_1"}
    assert world.search_objects(world.initial, [("sliced", "strawberry.n.01_1")]) == whole | {"carving_knife.n.01_1"}
    part = world.search_objects(world.initial, [("ontop", "strawberry.n.01_1_part_0", "countertop.n.01_1")])
    assert part == whole | {"carving_knife.n.01_1", "countertop.n.01_1"}
