"""``successors``: executable, non-redundant, on the given objects, in a fixed order."""

from eai.world import Action


def test_successors_are_executable_and_not_redundant(world, wash_clothes):
    state = world.initial
    for action in wash_clothes.gold_plan[:6]:
        state = world.apply(state, action)
    pairs = list(world.successors(state, wash_clothes.relevant))
    assert pairs
    for action, after in pairs:
        check = world.check(state, action)
        assert check.executable and not check.redundant, action
        assert after == world.apply(state, action)
        assert set(action.args) <= set(wash_clothes.relevant)


def test_successors_are_deterministic(world, wash_clothes):
    objects = list(wash_clothes.relevant)
    first = [a for a, _ in world.successors(world.initial, objects)]
    again = [a for a, _ in world.successors(world.initial, reversed(objects))]
    as_set = [a for a, _ in world.successors(world.initial, set(objects))]
    assert first == again == as_set


def test_successors_include_zero_argument_and_two_argument_actions(world):
    state = world.initial
    for action in (Action("WALK", ("soap.1002",)), Action("GRAB", ("soap.1002",)),
                   Action("WALK", ("couch.352",)), Action("SIT", ("couch.352",))):
        state = world.apply(state, action)
    names = {a for a, _ in world.successors(state, ["soap.1002", "couch.352"])}
    assert Action("STANDUP", ()) in names and Action("SLEEP", ()) in names
    assert Action("PUTBACK", ("soap.1002", "couch.352")) in names
    assert Action("WALK", ("couch.352",)) not in names  # sitting


def test_successors_on_all_objects(world):
    pairs = list(world.successors(world.initial))
    assert {a.name for a, _ in pairs} >= {"WALK", "RUN", "FIND", "TURNTO"}
    assert all(world.check(world.initial, a).executable for a, _ in pairs)
