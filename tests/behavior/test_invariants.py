"""Invariants along random executable action sequences (hypothesis)."""

from hypothesis import HealthCheck, given, settings, strategies as st

from eai.testing.worlds import probe, random_action
from eai_behavior.vocabulary import ACTIONS
from eai_behavior.world import BehaviorWorld

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(data=st.data())
def test_random_executions_keep_the_world_consistent(activities, data):
    task = activities[data.draw(st.sampled_from(["cleaning_bathtub", "bottling_fruit", "packing_lunches"]))]
    world = BehaviorWorld(task)
    state = world.initial
    for _ in range(data.draw(st.integers(0, 12))):
        options = list(world.successors(state))
        if not options:
            break
        action, state = options[data.draw(st.integers(0, len(options) - 1))]
        held = [a[1] for a in state if a[0] in ("holding_left", "holding_right")]
        assert len(held) == len(set(held)) <= 2, action
        assert len([a for a in state if a[0] == "holding_left"]) <= 1
        for obj in held:
            assert not [a for a in state if a[0] in ("inside", "ontop", "onfloor", "under") and a[1] == obj]
        assert not [a for a in state if len(a) == 3 and a[1] == a[2]]
        assert all(("nextto", a[2], a[1]) in state for a in state if a[0] == "nextto")


@SETTINGS
@given(data=st.data())
def test_reported_missing_preconditions_are_false(activities, data):
    """Probe a random action in states reached by random executable steps."""
    task = activities["bottling_fruit"]
    world = BehaviorWorld(task)
    objects = sorted(world.objects)
    state = world.initial
    for _ in range(data.draw(st.integers(1, 10))):
        probe(world, state, random_action(data, ACTIONS, objects))
        options = list(world.successors(state))
        _, state = options[data.draw(st.integers(0, len(options) - 1))]
