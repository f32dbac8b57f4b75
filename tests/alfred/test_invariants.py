"""Invariants along random executable skill sequences (hypothesis) on real tasks."""

from hypothesis import HealthCheck, given, settings, strategies as st

from eai.testing.worlds import probe, random_action
from eai.world import Action
from eai_alfred.vocabulary import ACTIONS
from eai_alfred.world import AlfredWorld

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
TASKS = ["base_0", "long_horizon_0", "base_5", "spatial_39"]


def consistent(task, world, state):
    view = world.view(state)
    assert len([a for a in state if a[0] == "holds"]) <= 1
    assert len([a for a in state if a[0] == "at"]) <= 1
    assert len({a[1] for a in state if a[0] == "in_receptacle"}) == len([a for a in state if a[0] == "in_receptacle"])
    if view.held is not None:
        assert view.held not in view.parent  # held things lie in nothing
    for obj in view.parent:
        assert obj not in list(view.ancestors(obj))  # nothing inside itself
        assert task.object_by_id[view.parent[obj]].has("receptacle")
    slices = task.extra["alfred"]["slices"]
    for piece, whole in slices.items():
        if ("is_sliced", whole) not in state:
            assert not [a for a in state if piece in a[1:]]  # a slice is nowhere before its object is sliced
        else:
            assert whole not in view.parent and view.held != whole


@SETTINGS
@given(data=st.data())
def test_random_executions_keep_the_world_consistent(eb_tasks, data):
    task = eb_tasks[data.draw(st.sampled_from(TASKS))]
    world = AlfredWorld(task)
    objects = sorted(set(task.relevant) | {"Apple", "Knife", "Microwave", "Fridge", "Sink", "Faucet"} & set(world.objects))
    state = world.initial
    for _ in range(data.draw(st.integers(0, 15))):
        options = list(world.successors(state, objects))
        if not options:
            break
        action, state = options[data.draw(st.integers(0, len(options) - 1))]
        consistent(task, world, state)


@SETTINGS
@given(data=st.data())
def test_reported_missing_preconditions_are_false(eb_tasks, data):
    """Probe a random skill in states reached by random executable steps."""
    task = eb_tasks[data.draw(st.sampled_from(TASKS))]
    world = AlfredWorld(task)
    objects = sorted(task.relevant)
    state = world.initial
    for _ in range(data.draw(st.integers(1, 10))):
        action = random_action(data, ACTIONS, objects)
        check = probe(world, state, action)
        if check.executable and not check.redundant:
            state = world.apply(state, action)
        consistent(task, world, state)


def test_successors_are_executable_and_deterministic(eb_tasks):
    task = eb_tasks["long_horizon_0"]
    world = AlfredWorld(task)
    state = world.apply(world.initial, task.gold_plan[0])
    first = [a for a, _ in world.successors(state, task.relevant)]
    assert first == [a for a, _ in world.successors(state, reversed(task.relevant))]
    for action, after in world.successors(state, task.relevant):
        check = world.check(state, action)
        assert check.executable and not check.redundant and after == world.apply(state, action)
    assert Action("PICK_UP", ("Knife_2",)) in first
