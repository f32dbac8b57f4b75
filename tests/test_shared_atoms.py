"""SharedAtoms: a set kept as changes to a shared one, and VirtualHome tasks stored that way."""

import json

from hypothesis import given, strategies as st

from eai.host.manager import get_plugins
from eai.world import SharedAtoms, atom_set
from tests.helpers import ROOT

atoms = st.frozensets(st.tuples(st.sampled_from("ABC"), st.sampled_from("xyz")), max_size=9)


@given(atoms, atoms, atoms, st.tuples(st.sampled_from("ABCD"), st.sampled_from("xyzw")))
def test_shared_atoms_is_the_base_less_removed_plus_added(base, removed, added, probe):
    shared = SharedAtoms(base, removed, added)
    expected = (base - removed) | added
    assert shared == expected and set(shared) == expected and len(shared) == len(expected)
    assert (probe in shared) == (probe in expected)
    assert atom_set(shared) == expected and shared | {probe} == expected | {probe}
    assert shared.removed <= base and not shared.added & base


def test_virtualhome_tasks_are_the_scene_with_their_changes():
    suite = get_plugins().suites.get("virtualhome")
    scene = json.loads((ROOT / "tasks/virtualhome/scene.json").read_text())
    states = {obj["id"]: obj["states"] for obj in scene["objects"]}
    relations = {tuple(rel) for rel in scene["relations"]}
    for task in suite.load(["1003_2", "1027_2", "27_2", "954_2"]):
        initial = json.loads((ROOT / f"tasks/virtualhome/tasks/{task.id}.json").read_text())["initial"]
        objects = dict(states)
        for oid in initial["remove_objects"]:
            del objects[oid]
        expected = {rel for rel in relations if not set(rel[1:]) & set(initial["remove_objects"])}
        expected -= {tuple(rel) for rel in initial["remove_relations"]}
        expected |= {tuple(rel) for rel in initial["relations"]}
        objects.update((obj["id"], obj["states"]) for obj in initial["objects"])
        expected |= {(state, oid) for oid, names in objects.items() for state in names}
        assert isinstance(task.init, SharedAtoms) and task.init == expected, task.id
    first, second = suite.load(["1003_2", "27_2"])
    assert first.init.base is second.init.base  # one copy of the scene
