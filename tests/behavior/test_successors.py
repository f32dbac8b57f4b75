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
