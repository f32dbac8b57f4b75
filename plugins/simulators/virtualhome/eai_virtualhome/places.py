"""Where the character stands, and what it is near there.

Proximity is a function of the character's place, not of the object it went
to: going to the sink, to the faucet on it or to the soap lying by it puts the
character at the same place, near the same objects.

* Structure (rooms, floors, walls, ceilings) and the character hold nothing
  up: an object *rests on* what it is ``ONTOP`` or ``INSIDE`` but these.
* The *bases* of an object are the objects at the bottom of what it rests on
  (the kitchen counter, for the faucet on the sink in the counter); an object
  resting on nothing is its own base.
* A *loose* object (grabbable, resting on nothing: soap lying by the sink)
  stands where the things it is next to in its own room stand: its bases are
  theirs (structure, other loose objects and, since the scene's ``NEXT_TO``
  links cross walls, objects of other rooms left out), or itself when it is
  next to none.
* Going to ``x`` puts the character at ``x``'s bases, in ``x``'s room (the
  room ``x`` is ``INSIDE``, as VirtualHome reads it; for an object in no room,
  the room of its first base in id order that has one). The place's *area* is
  every object with one of those bases; the character is near the area and
  everything next to, on, under, inside or containing an object of the area.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from eai.plugin_api import State

if TYPE_CHECKING:
    from eai_virtualhome.scene import Scene

SUPPORTS = ("ONTOP", "INSIDE")
LAYOUT = frozenset({"ONTOP", "INSIDE", "NEXT_TO"})
REMEMBERED = 4096  # arrivals kept per world (a search walks to each object from each state)
SHARED = 16384  # arrivals kept for all the worlds of a scene


class Places:
    """Place queries on the states of one scene."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.holds_nothing = scene.rooms | scene.structure | {scene.character}
        self._arrivals: dict[tuple[int, str], tuple[str | None, int]] = {}
        # what places read besides the layout: in the shared key, since the tasks of a scene may differ in them
        grabbable = frozenset(o for o, props in scene.objects.items() if props.has("GRABBABLE"))
        self._statics = (scene.rooms, scene.structure, scene.character, grabbable)
        self._shared: dict = scene.rel.derived.setdefault("arrivals", {})

    def arrive(self, state: State, obj: str) -> tuple[str | None, int]:
        """The room of ``obj``'s place (None if none) and the bits of the
        character being next to what it is near there, both ways (nothing
        when ``obj`` is a room). Kept by what it reads (:meth:`layout`), in
        this world, and by the atoms that are, in every world of the scene;
        going to the character itself (no action does) reads where it is."""
        if obj == self.scene.character:
            return self._with_bits(*self.place(state, obj))
        key = (self.layout(state), obj)
        found = self._arrivals.get(key)
        if found is None:
            if len(self._arrivals) >= REMEMBERED:
                self._arrivals.clear()
            found = self._arrivals[key] = self._with_bits(*self._arrival(state, key[0], obj))
        return found

    def _with_bits(self, room: str | None, near: tuple[str, ...]) -> tuple[str | None, int]:
        c = self.scene.character
        return room, self.scene.rel.index.mask(atom for y in near for atom in (("NEXT_TO", c, y), ("NEXT_TO", y, c)))

    def _arrival(self, state: State, layout: int, obj: str) -> tuple[str | None, tuple[str, ...]]:
        """The room of ``obj``'s place and what the character is near there, in id order."""
        shared, own = self.scene.rel.split(layout)
        key = (shared, own, obj, self._statics)
        found = self._shared.get(key)
        if found is None:
            if len(self._shared) >= SHARED:
                self._shared.clear()
            found = self._shared[key] = self.place(state, obj)
        return found

    def place(self, state: State, obj: str) -> tuple[str | None, tuple[str, ...]]:
        """Where going to ``obj`` leads: its room and what the character is near there, in id order (uncached)."""
        bases = self.bases(state, obj)
        room = self.scene.room_of(state, obj) or next(
            filter(None, (self.scene.room_of(state, b) for b in sorted(bases))), None)
        return room, () if obj in self.scene.rooms else tuple(sorted(self.near(state, bases)))

    def layout(self, state: State) -> int:
        """The bits of ``state`` that :meth:`arrive` reads: where objects are
        (ONTOP, INSIDE, NEXT_TO), not where the character is."""
        return state.bits & self.scene.rel.among(LAYOUT, self.scene.character)

    def _rests_on(self, state: State, obj: str) -> list[str]:
        rel = self.scene.rel
        return [y for pred in SUPPORTS for y in rel.targets(state, pred, obj) if y not in self.holds_nothing]

    def _resting(self, state: State, obj: str) -> list[str]:
        """What rests on or in ``obj``."""
        rel = self.scene.rel
        return [y for pred in SUPPORTS for y in rel.sources(state, pred, obj) if y not in self.holds_nothing]

    def _bottoms(self, state: State, obj: str) -> set[str]:
        """The objects at the bottom of what ``obj`` rests on: those below which
        nothing is that is not also above them (two curtains inside each other
        are both a bottom)."""
        below: dict[str, list[str]] = {}
        pending = [obj]
        while pending:
            current = pending.pop()
            if current not in below:
                below[current] = self._rests_on(state, current)
                pending += below[current]
        if len(below) == 1:
            return {obj}

        def reach(start: str) -> set[str]:
            found, todo = {start}, [start]
            while todo:
                for y in below[todo.pop()]:
                    if y not in found:
                        found.add(y)
                        todo.append(y)
            return found

        return {r for r, under in below.items() if not under or all(r in reach(y) for y in reach(r))}

    def _loose(self, state: State, obj: str) -> bool:
        return (obj not in self.holds_nothing and self.scene.objects[obj].has("GRABBABLE")
                and not self._rests_on(state, obj))

    def _next_to(self, state: State, obj: str) -> set[str]:
        rel = self.scene.rel
        return set(rel.targets(state, "NEXT_TO", obj)) | set(rel.sources(state, "NEXT_TO", obj))

    def bases(self, state: State, obj: str) -> frozenset[str]:
        """The place going to ``obj`` leads to."""
        if obj in self.holds_nothing:
            return frozenset({obj})
        found: set[str] = set()
        for bottom in self._bottoms(state, obj):
            if not self._loose(state, bottom):
                found.add(bottom)
                continue
            room = self.scene.room_of(state, bottom)
            anchors = {b for y in self._next_to(state, bottom)
                       if y not in self.holds_nothing and not self._loose(state, y)
                       and (room is None or self.scene.room_of(state, y) == room)
                       for b in self._bottoms(state, y) if not self._loose(state, b)}
            found |= anchors or {bottom}
        return frozenset(found)

    def area(self, state: State, bases: frozenset[str]) -> set[str]:
        """Every object whose bases meet ``bases``."""
        found: set[str] = set()
        for base in bases:
            if base in self.holds_nothing:
                found.add(base)
                continue
            below = self._below(state, base)
            found |= below
            if self._loose(state, base):
                continue
            for y in below:
                for z in self._next_to(state, y):
                    if z not in found and self._loose(state, z):
                        found |= self._below(state, z)
        return found

    def _below(self, state: State, obj: str) -> set[str]:
        """``obj`` and what rests on or in it, at any depth."""
        found, pending = {obj}, [obj]
        while pending:
            for y in self._resting(state, pending.pop()):
                if y not in found:
                    found.add(y)
                    pending.append(y)
        return found

    def near(self, state: State, bases: frozenset[str]) -> set[str]:
        """What the character is near at the place ``bases`` (no room, not the character)."""
        area = self.area(state, bases)
        found = set(area)
        for obj in area:
            found |= self.scene.neighbours(state, obj)
        found -= self.scene.rooms
        found.discard(self.scene.character)
        return found
