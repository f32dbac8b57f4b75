"""``search_objects``: what a search for a subgoal acts on (named objects and what they need)."""

from eai.world import Action
from eai_virtualhome.world import VirtualHomeWorld


def test_named_objects_and_closed_containers_around_them(world):
    objects = world.search_objects(world.initial, [("ONTOP", "clothes_jacket.1003", "soap.1002")])
    # the jacket is inside the closed washing machine, which must be opened first
    assert objects == {"clothes_jacket.1003", "soap.1002", "washing_machine.1001"}


def test_held_objects_and_never_the_character(world):
    state = world.initial
    for action in (Action("WALK", ("soap.1002",)), Action("GRAB", ("soap.1002",))):
        state = world.apply(state, action)
    objects = world.search_objects(state, [("NEXT_TO", "character.65", "basket_for_clothes.1000")])
    assert objects == {"basket_for_clothes.1000", "soap.1002"}


def test_seats_for_sitting_and_sleeping(world):
    objects = world.search_objects(world.initial, [("SITTING", "character.65")])
    assert {"couch.352", "bed.105", "chair.356"} <= objects
    assert world.search_objects(world.initial, [("SLEEP",)]) == objects


def test_left_hand_needs_something_in_the_right(world, wash_clothes):
    objects = world.search_objects(world.initial, [("HOLDS_LH", "character.65", "soap.1002")])
    grabbable = {o for o in wash_clothes.relevant if world.objects[o].has("GRABBABLE")}
    assert objects == grabbable | {"washing_machine.1001"}  # the jacket's container


def test_left_hand_swap_needs_something_else_for_the_right(vh_tasks):
    world = VirtualHomeWorld(vh_tasks["896_2"])
    state = world.initial
    for action in (Action("FIND", ("novel.1000",)), Action("GRAB", ("novel.1000",))):
        state = world.apply(state, action)
    assert ("HOLDS_RH", "character.65", "novel.1000") in state
    objects = world.search_objects(state, [("HOLDS_LH", "character.65", "novel.1000")])
    assert {"novel.1000", "bookmark.1001"} <= objects  # put the novel down, grab the bookmark, grab the novel
    state = world.apply(state, Action("FIND", ("mouse.413",)))
    state = world.apply(state, Action("GRAB", ("mouse.413",)))  # now the left hand, the right holds the novel
    held_elsewhere = world.search_objects(state, [("HOLDS_LH", "character.65", "keyboard.415")])
    assert "bookmark.1001" not in held_elsewhere  # the right hand is full already: the grab goes left


def test_knives_for_cut(vh_tasks):
    task = vh_tasks["850_1"]
    world = VirtualHomeWorld(task)
    food = next(o.id for o in task.objects if o.has("CUTTABLE"))
    assert world.search_objects(world.initial, [("CUT", food)]) >= {food, "knife.2005"}
