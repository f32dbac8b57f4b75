"""Invariants along random executable action sequences (hypothesis)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

C = "character.65"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_executions_keep_the_world_consistent(world, wash_clothes, data):
    objects = set(wash_clothes.relevant) | {"couch.352", "phone.247", "cup.2003"}
    rooms = world.scene.rooms
    state = world.initial
    for _ in range(data.draw(st.integers(0, 14))):
        options = list(world.successors(state, objects))
        if not options:
            break
        action, state = options[data.draw(st.integers(0, len(options) - 1))]
        held = world.scene.held(state)
        assert len(held) <= 2 and len({hand for hand, _ in held}) == len(held)
        assert len({obj for _, obj in held}) == len(held)
        for _, obj in held:
            assert not [a for a in state if a[0] in ("ONTOP", "INSIDE") and a[1] == obj and a[2] not in rooms]
        assert not (("SITTING", C) in state and ("LYING", C) in state)
        assert len([r for r in rooms if ("INSIDE", C, r) in state]) == 1
        for on, off in (("ON", "OFF"), ("OPEN", "CLOSED"), ("PLUGGED_IN", "PLUGGED_OUT")):
            for obj in objects:
                assert not ((on, obj) in state and (off, obj) in state), (action, obj)
