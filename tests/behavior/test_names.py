"""``resolve_args``: the spellings models use for BEHAVIOR objects."""

import pytest

from eai_behavior.world import BehaviorWorld


@pytest.mark.parametrize("raw, expected", [
    (["sink_38"], ["sink.n.01_1"]),
    (["Sink_38"], ["sink.n.01_1"]),
    ([" sink_38 "], ["sink.n.01_1"]),
    (["'sink_38'"], ["sink.n.01_1"]),
    (["room_floor_bathroom_0"], ["floor.n.01_1"]),
    (["room floor bathroom 0"], ["floor.n.01_1"]),
    (["sink.n.01_1"], ["sink.n.01_1"]),
    (["sink.38"], ["sink.n.01_1"]),  # as the subgoal prompt writes scene names
    (["room_floor_bathroom.0"], ["floor.n.01_1"]),
    (["scrub_brush_0", "bathtub_35"], ["scrub_brush.n.01_1", "bathtub.n.01_1"]),
    (["scrub_brush.n.01_1", "bathtub_35"], ["scrub_brush.n.01_1", "bathtub.n.01_1"]),
    (["sink"], [None]),
    (["sink_39"], [None]),
    (["agent.n.01_1"], [None]),
    (["agent"], [None]),
    ([], []),
])
def test_spellings(world, raw, expected):
    assert world.resolve_args(raw) == expected


def test_parts_by_scene_name_and_bddl_name(activities):
    world = BehaviorWorld(activities["bottling_fruit"])
    assert world.resolve_args(["peach_0_part_0", "peach.n.03_1_part_1", "peach_0"]) == [
        "peach.n.03_1_part_0", "peach.n.03_1_part_1", "peach.n.03_1"]
    assert world.resolve_args(["peach_0_part_2"]) == [None]


def test_every_scene_name_of_every_task_resolves(activities):
    for task in activities.values():
        world = BehaviorWorld(task)
        names = task.extra["behavior"]["scene_names"]
        assert world.resolve_args(list(names.values())) == list(names)
