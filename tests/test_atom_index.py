"""AtomIndex.copy: same positions, independent afterwards."""

from eai.world import AtomIndex, State


def test_copy_keeps_positions_and_is_independent():
    index = AtomIndex([("ON", "lamp.1"), ("ONTOP", "cup.1", "table.2")])
    copy = index.copy()
    assert [copy.atom(i) for i in range(len(copy))] == [index.atom(i) for i in range(len(index))]
    assert copy.find(("ONTOP", "cup.1", "table.2")) == 1
    copy.bit(("OFF", "lamp.1"))
    assert len(copy) == 3 and len(index) == 2 and index.find(("OFF", "lamp.1")) is None
    assert ("ON", "lamp.1") in State(copy, 1)
