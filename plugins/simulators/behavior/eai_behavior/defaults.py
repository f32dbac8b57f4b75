"""The initial state: the BDDL ``:init`` of the task plus explicit defaults.

Upstream filled everything the BDDL file leaves open from the iGibson physics
scene, which we do not have. Our choices (docs/behavior-simulator.md,
"Defaults", says what choosing otherwise would do):

- closed world: an atom the BDDL init does not list is false; so nothing is
  soaked, toggled on, dusty, cooked... unless listed, and the hands are empty;
- an openable object is closed unless ``open`` is listed, except the
  open-topped receptacles of :data:`eai_behavior.scene.OPEN_TOPPED` (baskets,
  buckets, cartons, bins, ashcans, sacks), which start open;
- ``nextto`` is symmetric: ``nextto(a, b)`` in the init adds ``nextto(b, a)``;
- a scene fixture (furniture, appliance) stands on the floor of its room:
  ``onfloor(fixture, floor)`` for each floor object in the same BDDL room;
- an object inside nothing listed is enclosed by nothing;
- the parts of a sliceable object have no atoms until it is sliced.
"""

from __future__ import annotations

from eai.plugin_api import Atom
from eai_behavior.scene import OPEN_TOPPED, Scene


def initial_atoms(scene: Scene) -> set[Atom]:
    atoms = set(scene.task.init)
    for obj_id in scene.ids:
        if scene.openable(obj_id) and scene.objects[obj_id].class_name in OPEN_TOPPED:
            atoms.add(("open", obj_id))
        if obj_id in scene.fixtures and obj_id not in scene.floors:
            atoms |= {("onfloor", obj_id, floor) for floor in scene.floors_in_room_of(obj_id)}
    atoms |= {("nextto", a[2], a[1]) for a in atoms if a[0] == "nextto"}
    return atoms
