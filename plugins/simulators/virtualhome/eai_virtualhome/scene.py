"""One task's scene: static facts (computed once) and queries on its states.

Static: the character, the rooms (objects that contain others and are inside
nothing), body parts, knives, plugs, which objects afford which action argument.
Dynamic queries (held objects, rooms, proximity, closed containers) read a
state through :class:`RelationMasks` and never scan all atoms.
"""

from __future__ import annotations

from functools import cached_property

from eai.plugin_api import Atom, State, Task, atom_set
from eai_virtualhome.interning import index_of
from eai_virtualhome.places import Places
from eai_virtualhome.vocabulary import ACTIONS, CLASS_AFFORDANCES, ROOM_ACTIONS, STRUCTURE_CLASSES

HANDS = ("HOLDS_RH", "HOLDS_LH")  # a free right hand is used first
PLUG_STATES = frozenset({"PLUGGED_IN", "PLUGGED_OUT"})
# Unary states a task may leave unspecified, and their defaults
# (VirtualHome's own defaults for new objects).
DEFAULT_STATES = (("HAS_SWITCH", ("ON", "OFF"), "OFF"), ("CAN_OPEN", ("OPEN", "CLOSED"), "CLOSED"))


def default_atoms(task: Task) -> list[Atom]:
    """The default states of objects whose initial state leaves them unspecified."""
    atoms = task.init
    return [(default, obj.id) for obj in task.objects for prop, choices, default in DEFAULT_STATES
            if obj.has(prop) and not any((state, obj.id) in atoms for state in choices)]


def initial_atoms(task: Task) -> set[Atom]:
    """The task's initial atoms plus default states."""
    atoms = atom_set(task.init)
    atoms.update(default_atoms(task))
    return atoms


class Scene:
    """A task's static facts, its initial state, and queries on its states.

    Bit positions follow set order, which varies between runs; no query
    result depends on them (every list of objects is sorted)."""

    def __init__(self, task: Task) -> None:
        self.task = task
        self.objects = task.object_by_id
        self.index, bits, self.rel = index_of(task.init, default_atoms(task))
        self.initial = State(self.index, bits)
        self.character = min(o.id for o in task.objects if o.class_name == "character")
        # rooms: objects something is inside and that are inside nothing
        self.rooms = frozenset(o.id for o in task.objects if bits & self.rel.mask("INSIDE", 2, o.id)
                               and not bits & self.rel.mask("INSIDE", 1, o.id))
        self.body_parts = frozenset(o.id for o in task.objects if o.has("BODY_PART"))
        self.knives = tuple(sorted(o.id for o in task.objects if "knife" in o.class_name))
        self.structure = frozenset(o.id for o in task.objects if o.class_name in STRUCTURE_CLASSES)
        self.places = Places(self)

    # -- affordances (static) -------------------------------------------------

    def affords(self, action: str, position: int, obj_id: str) -> bool:
        """Can ``obj_id`` be argument ``position`` of ``action`` (properties, class, rooms)?"""
        obj = self.objects.get(obj_id)
        if obj is None or obj_id == self.character:
            return False
        if obj_id in self.rooms:
            return action in ROOM_ACTIONS
        needed = ACTIONS[action].requirements[position]
        return (not needed or not obj.properties.isdisjoint(needed)
                or obj.class_name in CLASS_AFFORDANCES.get((action, position), ()))

    @cached_property
    def _all_ids(self) -> tuple[str, ...]:
        return tuple(sorted(self.objects))

    def candidates(self, action: str, position: int, among: tuple[str, ...] | None = None) -> list[str]:
        """Objects (of ``among``, else all, in that order) that afford the argument."""
        return [o for o in (self._all_ids if among is None else among) if self.affords(action, position, o)]

    @cached_property
    def seats(self) -> tuple[str, ...]:
        """Objects the character can sit or lie on."""
        return tuple(sorted(set(self.candidates("SIT", 0)) | set(self.candidates("LIE", 0))))

    # -- queries on a state ---------------------------------------------------

    def held(self, state: State) -> list[tuple[str, str]]:
        """``(hand, object)`` pairs the character holds, right hand first."""
        return [(hand, obj) for hand in HANDS for obj in self.rel.targets(state, hand, self.character)]

    def pluggable(self, obj: str) -> bool:
        """Does ``obj`` have a plug (or a plug state at the start)?"""
        return self.objects[obj].has("HAS_PLUG") or any((p, obj) in self.initial for p in PLUG_STATES)

    def holds(self, state: State, obj: str) -> bool:
        return any((hand, self.character, obj) in state for hand in HANDS)

    def worn(self, state: State, obj: str) -> bool:
        return ("ONTOP", obj, self.character) in state

    def room_of(self, state: State, obj: str) -> str | None:
        """The room ``obj`` is in (itself if a room), or None."""
        if obj in self.rooms:
            return obj
        return next((r for r in self.rel.targets(state, "INSIDE", obj) if r in self.rooms), None)

    def is_near(self, state: State, obj: str) -> bool:
        """Is the character next to ``obj``? Body parts, held and worn things always are."""
        return (("NEXT_TO", self.character, obj) in state or obj in self.body_parts
                or self.holds(state, obj) or self.worn(state, obj))

    def closed_containers(self, state: State, obj: str) -> list[str]:
        """Closed containers (CONTAINERS objects) that ``obj`` is inside. Other
        closed things do not enclose: the scene has the sink INSIDE the closed
        kitchen counter and curtains INSIDE each other."""
        return [y for y in self.rel.targets(state, "INSIDE", obj)
                if ("CLOSED", y) in state and self.objects[y].has("CONTAINERS")]

    def neighbours(self, state: State, obj: str) -> set[str]:
        """Objects next to, on, under, inside or containing ``obj`` (no rooms, not the character)."""
        found: set[str] = set()
        for pred in ("NEXT_TO", "ONTOP", "INSIDE"):
            found.update(self.rel.targets(state, pred, obj))
            found.update(self.rel.sources(state, pred, obj))
        found -= self.rooms
        found.discard(self.character)
        found.discard(obj)
        return found

    def origins(self, initial: State, obj: str) -> list[Atom]:
        """Where ``obj`` rests at the start: its ONTOP/INSIDE atoms on non-rooms."""
        return [(pred, obj, y) for pred in ("ONTOP", "INSIDE")
                for y in self.rel.targets(initial, pred, obj) if y not in self.rooms]
