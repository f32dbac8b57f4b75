"""``resolve_args``: EB-ALFRED's names and the spellings models use for them."""

import pytest

from eai_alfred.world import AlfredWorld


@pytest.fixture(scope="module")
def world(eb_tasks):
    return AlfredWorld(eb_tasks["base_0"])


@pytest.mark.parametrize("raw, expected", [
    (["Cabinet"], ["Cabinet"]),
    (["Cabinet_2"], ["Cabinet_2"]),
    (["cabinet 2"], ["Cabinet_2"]),
    (["Cabinet_1"], ["Cabinet"]),
    (["DiningTable"], ["DiningTable"]),
    (["dining table"], ["DiningTable"]),
    (["'diningtable'"], ["DiningTable"]),
    (["Sink"], ["Sink"]),
    (["AppleSliced_2"], ["AppleSliced_2"]),
    (["Cabinet_99"], [None]),
    (["Unicorn"], [None]),
    (["SinkBasin"], [None]),  # EB-ALFRED calls the basin Sink
    ([], []),
])
def test_spellings(world, raw, expected):
    assert world.resolve_args(raw) == expected


def test_every_object_of_every_task_resolves(eb_tasks):
    for task in list(eb_tasks.values())[::10]:
        world = AlfredWorld(task)
        ids = [o.id for o in task.objects]
        assert world.resolve_args(ids) == ids
        assert world.resolve_args([i.lower().replace("_", " ") for i in ids]) == ids
