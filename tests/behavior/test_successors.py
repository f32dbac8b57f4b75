"""``successors``: executable, non-redundant, state-changing actions in a fixed order."""

from eai.ltl import Universe, holds, parse
from eai.world import Action
from eai_behavior.world import BehaviorWorld


def test_successors_are_executable_and_change_the_state(world):
    found = list(world.successors(world.initial))
    assert found
    for action, state in found:
        check = world.check(world.initial, action)
        assert check.executable and not check.redundant, (action, check)
        assert state == world.apply(world.initial, action) and state != world.initial
    names = {action.name for action, _ in found}
    assert "NAVIGATE_TO" not in names and not any("PLACE" in name for name in names)  # nothing in hand yet


def test_successors_do_not_depend_on_how_objects_are_given(world, bathtub):
    objects = list(bathtub.relevant)
    state = world.apply(world.initial, Action("RIGHT_GRASP", ("scrub_brush.n.01_1",)))
    forward = [a for a, _ in world.successors(state, objects)]
    backward = [a for a, _ in world.successors(state, reversed(objects))]
    assert forward == backward
    assert forward == [a for a, _ in BehaviorWorld(bathtub).successors(state, set(objects))]
    assert Action("RIGHT_PLACE_INSIDE", ("sink.n.01_1",)) in forward
    assert all(set(a.args) <= set(objects) for a in forward)


def test_breadth_first_search_over_successors(activities):
    """locking_every_window: closing its four open windows is the shortest plan."""
    task = activities["locking_every_window"]
    world = BehaviorWorld(task)
    goal, universe = parse(task.goal.ltl), Universe(task.objects)
    frontier, seen, depth = [world.initial], {world.initial}, 0
    while not any(holds(goal, state, universe) for state in frontier):
        depth += 1
        successors = [state for current in frontier for _, state in world.successors(current)]
        frontier = [state for state in dict.fromkeys(successors) if state not in seen]
        seen.update(frontier)
    assert depth == 4 and len(seen) == 16  # each window open or closed


def _after(world, *steps):
    state = world.initial
    for name, obj in steps:
        state = world.apply(state, Action(name, (obj,)))
    return state


def test_a_held_object_the_search_is_not_about_is_only_let_go(activities):
    """bottling_fruit, the knife in the left hand after slicing: placing it
    anywhere frees the hand no better than letting it go, so a search about
    the strawberry and the jar lets it go and places only the strawberry."""
    world = BehaviorWorld(activities["bottling_fruit"])
    state = _after(world, ("LEFT_GRASP", "carving_knife.n.01_1"), ("OPEN", "electric_refrigerator.n.01_1"),
                   ("SLICE", "strawberry.n.01_1"))
    about = world.search_objects(state, [("inside", "strawberry.n.01_1", "jar.n.01_1")])
    assert "carving_knife.n.01_1" not in about
    names = [str(a) for a, _ in world.successors(state, about)]
    assert "LEFT_RELEASE(carving_knife.n.01_1)" in names and not any(n.startswith("LEFT_PLACE") for n in names)
    everything = [str(a) for a, _ in world.successors(state)]
    assert "LEFT_PLACE_ONTOP(jar.n.01_1)" in everything  # with no object set, every action as before
    assert set(names) < set(everything)


def test_search_actions_leave_out_what_the_goal_cannot_use(world):
    placing = {f"{hand}_PLACE_{kind}" for hand in ("LEFT", "RIGHT") for kind in ("NEXTTO", "UNDER", "NEXTTO_ONTOP")}
    inside = world.search_actions([("inside", "scrub_brush.n.01_1", "sink.n.01_1")])
    assert not inside & (placing | {"FREEZE", "UNFREEZE", "COOK", "CLEAN", "SOAK", "DRY"})
    assert {"LEFT_GRASP", "RIGHT_PLACE_INSIDE", "LEFT_RELEASE", "OPEN", "CLOSE", "TOGGLE_ON", "SLICE"} <= inside
    assert placing <= world.search_actions([("nextto", "scrub_brush.n.01_1", "sink.n.01_1")])
    assert {"CLEAN", "SOAK"} <= world.search_actions([("stained", "bathtub.n.01_1")])
    assert "DRY" not in world.search_actions([("stained", "bathtub.n.01_1")])
    assert {"FREEZE", "UNFREEZE"} <= world.search_actions([("frozen", "bathtub.n.01_1")])
    assert "COOK" in world.search_actions([("COOK", "bathtub.n.01_1")])  # an action the goal names
