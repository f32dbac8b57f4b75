"""One task's static facts: who is the agent, what is fixed, what can be used for what.

Roles come from the objects' abilities (:mod:`eai_behavior.abilities`:
``slicer``, ``cleaningTool``, ``waterSource``...) and from a few documented
class lists where the behaviour was tied to a category upstream (pans for
COOK, teapots for SOAK, dishwashers, detergent). Every collection of ids is
sorted.
"""

from __future__ import annotations

from functools import cached_property

from eai.plugin_api import Task
from eai_behavior.abilities import abilities

AGENT = "agent.n.01"
FLOOR = "floor.n.01"
GRASPABLE_FIXTURES = frozenset({"door.n.01"})  # fixtures held by a handle (docs/behavior-simulator.md)
# Open-topped receptacles: openable in the BDDL hierarchy, but the gold plans
# put things into them without ever opening them (see defaults.py).
OPEN_TOPPED = frozenset({"ashcan.n.01", "basket.n.01", "bin.n.01", "bucket.n.01", "carton.n.02", "sack.n.01"})
PANS = frozenset({"pan.n.01", "frying_pan.n.01", "saucepan.n.01"})  # pan.n.01 and its kinds in BDDL
SOAKING_VESSELS = frozenset({"teapot.n.01"})  # hold water without being toggled on
DISHWASHERS = frozenset({"dishwasher.n.01"})
DETERGENTS = frozenset({"detergent.n.02"})  # removes stains from the hand, like a soaked tool


class Scene:
    """Static facts of one task (they never change along a plan)."""

    def __init__(self, task: Task) -> None:
        self.task = task
        self.objects = task.object_by_id
        self.ids = tuple(sorted(self.objects))
        self.abilities = abilities(task)
        self.agent = next(o.id for o in task.objects if o.class_name == AGENT)
        behavior = task.extra.get("behavior", {})
        self.part_of: dict[str, str] = dict(behavior.get("parts", {}))
        wholes: dict[str, list[str]] = {}
        for part, whole in sorted(self.part_of.items()):
            wholes.setdefault(whole, []).append(part)
        self.parts_of = {whole: tuple(parts) for whole, parts in wholes.items()}
        self.rooms: dict[str, str] = dict(behavior.get("rooms", {}))
        located = {atom[1] for atom in task.init if len(atom) == 3}
        # Scene fixtures: furniture, appliances and floors, which BDDL places
        # by room (``inroom``, see ``rooms``), never by a relation to another object.
        self.fixtures = frozenset(o for o in self.ids
                                  if o not in located and o not in self.part_of and o != self.agent)
        self.floors = self._of_class(FLOOR)
        self.slicers = self._with("slicer")
        self.tools = self._with("cleaningTool")
        self.soakable_tools = tuple(t for t in self.tools if self.has(t, "soakable"))
        self.detergents = self._of_class(*DETERGENTS)
        self.water_sources = self._with("waterSource")
        self.soaking_vessels = self._of_class(*SOAKING_VESSELS)
        self.soakers = self.water_sources + self.soaking_vessels
        self.dishwashers = self._of_class(*DISHWASHERS)
        self.pans = self._of_class(*PANS)

    def _with(self, ability: str) -> tuple[str, ...]:
        return tuple(o for o in self.ids if self.has(o, ability))

    def _of_class(self, *classes: str) -> tuple[str, ...]:
        return tuple(o for o in self.ids if self.objects[o].class_name in classes)

    def graspable(self, obj_id: str) -> bool:
        """Anything but the agent and fixtures; doors are fixtures one may grasp
        (by the handle), as upstream's volume bound let them be."""
        if obj_id not in self.objects or obj_id == self.agent:
            return False
        return obj_id not in self.fixtures or self.objects[obj_id].class_name in GRASPABLE_FIXTURES

    def has(self, obj_id: str, ability: str) -> bool:
        return ability in self.abilities[obj_id]

    def openable(self, obj_id: str) -> bool:
        return self.has(obj_id, "openable")

    def floors_in_room_of(self, obj_id: str) -> tuple[str, ...]:
        """The floors of the room ``obj_id`` is in (BDDL ``inroom``; none if unknown)."""
        room = self.rooms.get(obj_id)
        return tuple(f for f in self.floors if room is not None and self.rooms.get(f) == room)

    @cached_property
    def graspables(self) -> tuple[str, ...]:
        return tuple(o for o in self.ids if self.graspable(o))
