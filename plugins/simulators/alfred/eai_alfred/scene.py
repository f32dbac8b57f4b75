"""What stays fixed in one ALFRED task: its objects' classes and abilities, the
slices each sliceable object falls into, and which faucet serves which sink;
and :class:`View`, one state decoded for the questions the skills ask.

Reach (docs/alfred-simulator.md, "Reach"): after ``FIND x`` the agent can act
on ``x``, on what is in or on ``x``, on the receptacle holding ``x`` and on
what else that receptacle holds, on what stands beside ``x`` (a faucet and
its sink) and, once ``x`` is sliced, on its slices. An object is visible
unless a closed receptacle holds it, at any depth.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property

from eai.plugin_api import Atom, State, Task
from eai_alfred.vocabulary import KNIVES

EXTRA = "alfred"


class Scene:
    def __init__(self, task: Task) -> None:
        self.task = task
        extra = task.extra.get(EXTRA, {})
        self.ids = tuple(obj.id for obj in task.objects)
        self.class_of = {obj.id: obj.class_name for obj in task.objects}
        self.properties = {obj.id: obj.properties for obj in task.objects}
        self.whole_of: dict[str, str] = dict(extra.get("slices", {}))
        self.pieces: dict[str, tuple[str, ...]] = {}  # a sliced object's slices
        for piece, whole in self.whole_of.items():
            self.pieces[whole] = self.pieces.get(whole, ()) + (piece,)
        self.beside = {(a, b) for a, b in extra.get("beside", [])} | {(b, a) for a, b in extra.get("beside", [])}
        self.by_class: dict[str, tuple[str, ...]] = {}
        for obj in task.objects:
            self.by_class[obj.class_name] = self.by_class.get(obj.class_name, ()) + (obj.id,)

    def has(self, obj: str, prop: str) -> bool:
        return prop in self.properties[obj]

    @cached_property
    def knives(self) -> tuple[str, ...]:
        return tuple(o for o in self.ids if self.class_of[o] in KNIVES)

    @cached_property
    def receptacles(self) -> tuple[str, ...]:
        return tuple(o for o in self.ids if self.has(o, "receptacle"))

    @cached_property
    def pickupable(self) -> tuple[str, ...]:
        return tuple(o for o in self.ids if self.has(o, "pickupable"))

    def served_by(self, faucet: str) -> list[str]:
        """The sinks a faucet runs into."""
        return sorted(b for a, b in self.beside if a == faucet and self.has(b, "receptacle"))


class View:
    """One state, decoded: where the agent is, what it holds, what is in what."""

    __slots__ = ("state", "at", "held", "parent", "contents", "true")

    def __init__(self, state: State) -> None:
        self.state = state
        self.at: str | None = None
        self.held: str | None = None
        self.parent: dict[str, str] = {}
        self.contents: dict[str, list[str]] = {}
        self.true: set[Atom] = set()
        for atom in sorted(state):
            if atom[0] == "in_receptacle":
                self.parent[atom[1]] = atom[2]
                self.contents.setdefault(atom[2], []).append(atom[1])
            elif atom[0] == "at":
                self.at = atom[1]
            elif atom[0] == "holds":
                self.held = atom[1]
            self.true.add(atom)

    def has(self, *atom: str) -> bool:
        return atom in self.true

    def ancestors(self, obj: str) -> Iterator[str]:
        """The receptacles holding ``obj``, innermost first."""
        seen = {obj}
        while obj in self.parent and self.parent[obj] not in seen:
            obj = self.parent[obj]
            seen.add(obj)
            yield obj

    def spots(self, scene: Scene, obj: str) -> list[str]:
        """The objects the agent may be at to reach ``obj``."""
        spots = [obj]
        if obj in self.parent:
            spots += [self.parent[obj], *self.contents[self.parent[obj]]]
        spots += self.contents.get(obj, [])
        spots += sorted(b for a, b in scene.beside if a == obj)
        if obj in scene.whole_of:
            spots.append(scene.whole_of[obj])
        return list(dict.fromkeys(spots))

    def near(self, scene: Scene, obj: str) -> bool:
        """Can the agent reach ``obj`` from where it is? (module doc)"""
        x = self.at
        if x is None:
            return False
        if x == obj or self.parent.get(obj) == x or self.parent.get(x) == obj or (x, obj) in scene.beside:
            return True
        if x in self.parent and self.parent.get(obj) == self.parent[x]:
            return True
        return scene.whole_of.get(obj) == x

    def closed_around(self, scene: Scene, obj: str) -> list[str]:
        """The closed receptacles holding ``obj``, innermost first."""
        return [r for r in self.ancestors(obj) if scene.has(r, "openable") and not self.has("is_open", r)]
