"""The atoms of a Language Rearrangement episode as bits, and a state decoded.

Every atom an action can change is interned up front, in a fixed order, so an action is a few bit
operations (:mod:`eai_habitat.world`). ``robot_at`` follows habitat's 2 m
rule where the apartment fixes the distance: navigating to a receptacle
inside an articulated object (the fridge's shelf, a drawer) puts the robot at
that object's push point too, and the other way round (``nav_bits``).
"""

from __future__ import annotations

from eai.plugin_api import Pred, Task
from eai_habitat.scene import CAB_TYPE, FRIDGE_TYPE, MOVABLE_TYPE, PLACE_TYPE, ROBOT, ROBOT_TYPE

TYPES = (MOVABLE_TYPE, PLACE_TYPE, CAB_TYPE, FRIDGE_TYPE, ROBOT_TYPE)
OPENS = {"OPEN_FRIDGE": ("opened_fridge", "closed_fridge"), "CLOSE_FRIDGE": ("closed_fridge", "opened_fridge"),
         "OPEN_CAB": ("opened_cab", "closed_cab"), "CLOSE_CAB": ("closed_cab", "opened_cab")}
NOT_HOLDING = ("not_holding", ROBOT)
HAND_EMPTY = Pred(NOT_HOLDING[0], NOT_HOLDING[1:])


class View:
    """A state decoded: what the robot holds, what is open, and (asked per
    place or object) whether the robot is at a place, which receptacle each
    object is on."""

    __slots__ = ("bits", "held", "opened", "_world")

    def __init__(self, world: Layout, bits: int) -> None:
        self.bits, self._world = bits, world
        self.held = world._first(bits, world.held_base, world.movables)
        self.opened = frozenset(a for a in world.articulated if bits & world.state_bit[world.opened_name[a], a])

    def at(self, place: str) -> bool:
        return bool(self.bits & self._world.at_bit[place])

    def where(self, obj: str) -> str | None:
        """The receptacle ``obj`` is on (None when held)."""
        bits, on_bit = self.bits, self._world.on_bit
        return next((r for r in self._world.receptacles if bits & on_bit[obj, r]), None)


class Layout:
    """An episode's objects by domain type, its movable objects by category
    (``kinds``), and the bit of each atom an action can change."""

    def __init__(self, task: Task) -> None:
        self.type_of = {obj.id: next((p for p in obj.properties if p in TYPES), "") for obj in task.objects}
        by_type = {kind: tuple(o.id for o in task.objects if self.type_of[o.id] == kind) for kind in TYPES}
        self.movables, self.receptacles = by_type[MOVABLE_TYPE], by_type[PLACE_TYPE]
        self.movable_set = frozenset(self.movables)
        self.articulated = by_type[FRIDGE_TYPE] + by_type[CAB_TYPE]
        self.places = self.receptacles + self.articulated
        self.part_of = {atom[1]: atom[2] for atom in task.init if atom[0] == "part_of"}
        kinds: dict[str, list[str]] = {}
        for obj in task.objects:
            if self.type_of[obj.id] == MOVABLE_TYPE:
                kinds.setdefault(obj.class_name, []).append(obj.id)
        self.kinds = {category: tuple(objs) for category, objs in kinds.items()}  # in the task's order
        containers = tuple(dict.fromkeys(self.part_of.values()))
        self.universe = self._universe(containers)
        self._masks(containers, {atom: 1 << i for i, atom in enumerate(self.universe)})

    def _universe(self, containers: tuple[str, ...]) -> list[tuple[str, ...]]:
        """Every atom an action can change, in bit order (``holding`` atoms
        consecutive, as :meth:`_first` reads them)."""
        atoms: list[tuple[str, ...]] = [NOT_HOLDING]
        atoms += [("robot_at", place) for place in self.places]
        atoms += [("holding", obj) for obj in self.movables]
        atoms += [("on_top", obj, r) for obj in self.movables for r in self.receptacles]
        atoms += [("in", obj, a) for obj in self.movables for a in containers]
        for art in self.articulated:
            kind = "fridge" if self.type_of[art] == FRIDGE_TYPE else "cab"
            atoms += [(f"opened_{kind}", art), (f"closed_{kind}", art)]
        return atoms

    def _masks(self, containers: tuple[str, ...], bit: dict[tuple[str, ...], int]) -> None:
        self.held_base = 1 + len(self.places)
        self.opened_name = {a: "opened_fridge" if self.type_of[a] == FRIDGE_TYPE else "opened_cab"
                            for a in self.articulated}
        self.not_holding = bit[NOT_HOLDING]
        self.at_bit = {place: bit["robot_at", place] for place in self.places}
        self.at_mask = sum(self.at_bit.values())
        together = {place: {place} for place in self.places}
        for receptacle, articulated in self.part_of.items():
            together[receptacle].add(articulated)
            together[articulated].add(receptacle)
        self.nav_bits = {place: sum(self.at_bit[p] for p in near) for place, near in together.items()}
        self.held_bit = {obj: bit["holding", obj] for obj in self.movables}
        self.on_bit = {(obj, r): bit["on_top", obj, r] for obj in self.movables for r in self.receptacles}
        self.in_bit = {(obj, a): bit["in", obj, a] for obj in self.movables for a in containers}
        self.off_mask = {obj: sum(self.on_bit[obj, r] for r in self.receptacles)
                         + sum(self.in_bit[obj, a] for a in containers) for obj in self.movables}
        self.state_bit = {(name, art): bit[name, art] for pair in OPENS.values() for name in pair
                          for art in self.articulated if (name, art) in bit}

    @staticmethod
    def _first(bits: int, base: int, names: tuple[str, ...]) -> str | None:
        """The one of ``names`` (atoms interned consecutively from ``base``) set in ``bits``, if any."""
        window = (bits >> base) & ((1 << len(names)) - 1)
        return names[window.bit_length() - 1] if window else None
