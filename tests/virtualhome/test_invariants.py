"""Invariants along random executable action sequences (hypothesis)."""

from hypothesis import HealthCheck, given, settings, strategies as st

from eai.testing.worlds import probe, random_action
from eai_virtualhome.vocabulary import ACTIONS

C = "character.65"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_executions_keep_the_world_consistent(world, wash_clothes, data):
    objects = set(wash_clothes.relevant) | {"couch.352", "phone.247", "cup.2003"}
    rooms = world.scene.rooms
    state = world.initial
    poured = set()  # POUR a b: the contents of a held container are INSIDE b (docs/virtualhome-simulator.md)
    for _ in range(data.draw(st.integers(0, 14))):
        options = list(world.successors(state, objects))
        if not options:
            break
        action, state = options[data.draw(st.integers(0, len(options) - 1))]
        if action.name == "POUR":
            poured.add(("INSIDE", *action.args))
        held = world.scene.held(state)
        assert len(held) <= 2 and len({hand for hand, _ in held}) == len(held)
        assert len({obj for _, obj in held}) == len(held)
        for _, obj in held:
            placed = [a for a in state if a[0] in ("ONTOP", "INSIDE") and a[1] == obj and a[2] not in rooms]
            assert not set(placed) - poured
        assert not (("SITTING", C) in state and ("LYING", C) in state)
        assert len([r for r in rooms if ("INSIDE", C, r) in state]) == 1
        for on, off in (("ON", "OFF"), ("OPEN", "CLOSED"), ("PLUGGED_IN", "PLUGGED_OUT")):
            for obj in objects:
                assert not ((on, obj) in state and (off, obj) in state), (action, obj)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_reported_missing_preconditions_are_false(world, wash_clothes, data):
    """Probe a random action in states reached by random executable steps."""
    objects = sorted(set(wash_clothes.relevant) | {"couch.352", "phone.247", "computer.417"})
    state = world.initial
    for _ in range(data.draw(st.integers(1, 10))):
        probe(world, state, random_action(data, ACTIONS, objects))
        options = list(world.successors(state, objects))
        _, state = options[data.draw(st.integers(0, len(options) - 1))]
