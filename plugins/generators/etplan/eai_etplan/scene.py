"""What the generator reads off a VirtualHome scene (a task's initial state):
the character, the rooms, the things a task may name, and the phrases that
name each thing so that no other object fits.

A thing is any object but the character, the rooms, body parts and the
building itself (``STRUCTURE``: floors, walls, ceilings, doors, door jambs,
windows), which ET-Plan-Bench leaves out by its VirtualHome categories (our
scene graphs have no categories, so the classes are listed). A thing is named
``the <class>`` when it is the only thing of its class, and, whether it is or
not, by a relation, ``the <class> that is on|in|next to the <class or
room>``, when no other thing of its class stands in that relation to a thing
of that class (or to that room).
"""

from __future__ import annotations

from collections import defaultdict
from functools import cached_property

from eai.plugin_api import Task

STRUCTURE = frozenset({"floor", "wall", "ceiling", "doorjamb", "door", "window"})
WORDS = {"ONTOP": "on", "INSIDE": "in", "NEXT_TO": "next to"}


class SceneFacts:
    """The generator's view of one scene."""

    def __init__(self, task: Task) -> None:
        self.task = task
        self.objects = task.object_by_id
        self.character = min(o.id for o in task.objects if o.class_name == "character")
        inside = [atom for atom in task.init if atom[0] == "INSIDE"]
        contained = {atom[1] for atom in inside}
        self.rooms = frozenset(atom[2] for atom in inside if atom[2] not in contained)
        self.things = tuple(sorted(
            o.id for o in task.objects
            if o.id != self.character and o.id not in self.rooms and o.class_name not in STRUCTURE
            and not o.has("BODY_PART")))
        by_class: dict[str, list[str]] = defaultdict(list)
        for oid in self.things:
            by_class[self.objects[oid].class_name].append(oid)
        self.by_class = dict(by_class)

    def cls(self, oid: str) -> str:
        return self.objects[oid].class_name

    def word(self, oid: str) -> str:
        """How an instruction calls ``oid``'s class: ``kitchen counter``, ``kiwi``
        for ``food_kiwi``, ``jacket`` for ``clothes_jacket``."""
        cls = self.cls(oid)
        for prefix in ("food_", "clothes_"):
            if cls.startswith(prefix) and len(cls) > len(prefix):
                cls = cls[len(prefix):]
        return cls.replace("_", " ")

    def unique(self, oid: str) -> bool:
        return len(self.by_class[self.cls(oid)]) == 1

    @cached_property
    def relations(self) -> dict[str, tuple[tuple[str, str, str], ...]]:
        """Each thing's ``ONTOP``, ``INSIDE`` and ``NEXT_TO`` atoms towards a thing or a room, sorted."""
        found: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
        things = set(self.things)
        for atom in self.task.init:
            if atom[0] in WORDS and len(atom) == 3 and atom[1] in things and (atom[2] in things or atom[2] in self.rooms):
                found[atom[1]].append(atom)  # type: ignore[arg-type]
        return {oid: tuple(sorted(atoms)) for oid, atoms in found.items()}

    def phrase(self, oid: str) -> str:
        """``the <class>``."""
        return f"the {self.word(oid)}"

    @cached_property
    def spatial(self) -> dict[str, tuple[str, tuple[str, ...]]]:
        """For each thing a relation tells apart from the others of its class,
        the phrase (``the cup that is on the kitchen counter``) and the atom it
        states. The other object is a room or a thing that stays put (not
        ``GRABBABLE``) of another class; the first such atom is taken in the
        order on, in a thing, next to, in a room, then by the other object's id."""
        subjects: dict[tuple[str, str, str], set[str]] = defaultdict(set)
        for oid, atoms in self.relations.items():
            for atom in atoms:
                subjects[(self.cls(oid), atom[0], self.cls(atom[2]))].add(oid)
        found = {}
        for oid, atoms in sorted(self.relations.items()):
            anchors = sorted((a for a in atoms if self._anchor(oid, a[2])), key=self._rank)
            atom = next((a for a in anchors if subjects[(self.cls(oid), a[0], self.cls(a[2]))] == {oid}), None)
            if atom is not None:
                found[oid] = (f"the {self.word(oid)} that is {WORDS[atom[0]]} the {self.word(atom[2])}", atom)
        return found

    def _anchor(self, oid: str, other: str) -> bool:
        return other in self.rooms or (not self.objects[other].has("GRABBABLE") and self.cls(other) != self.cls(oid))

    def _rank(self, atom: tuple[str, ...]) -> tuple[int, str]:
        order = ("ONTOP", "INSIDE", "NEXT_TO")
        return (3 if atom[2] in self.rooms else order.index(atom[0]), atom[2])

    def supports(self, oid: str) -> tuple[str, ...]:
        """The things ``oid`` stands on or is inside."""
        return tuple(a[2] for a in self.relations.get(oid, ()) if a[0] in ("ONTOP", "INSIDE") and a[2] in self.objects
                     and a[2] not in self.rooms)
