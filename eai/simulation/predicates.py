"""PARTNR's predicates read off a symbolic state, through a per-simulator map.

A proposition names lists of objects, any of which may satisfy it, and a
``number`` of the first list that must; a same-argument flag asks that those
objects satisfy it with one and the same object of the second list
(docs/collaboration.md). Evaluated on a state, a proposition says how many of
its ``number`` objects satisfy it and which objects did, per argument (what
the same- and different-argument constraints compare).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from eai.exceptions import EaiError
from eai.world import Atom

# Per relational predicate: its first and second list arguments and its same-argument flag.
RELATIONAL = MappingProxyType({
    "is_on_top": ("object_handles", "receptacle_handles", "is_same_receptacle"),
    "is_inside": ("object_handles", "receptacle_handles", "is_same_receptacle"),
    "is_in_room": ("object_handles", "room_ids", "is_same_room"),
    "is_next_to": ("entity_handles_a", "entity_handles_b", "is_same_b"),
})
# Arguments PARTNR's predicates take that have no meaning in a symbolic world (ignored).
IGNORED = frozenset({"l2_threshold"})

Conjunction = tuple[tuple[str, bool], ...]


@dataclass(frozen=True)
class PredicateMap:
    """How one simulator's atoms say PARTNR's predicates.

    ``relations`` maps a relational predicate to the atom names ``(name, a, b)``
    any of which makes it hold (both ways round for those in ``symmetric``);
    ``placed`` maps a one-object placement (``is_on_floor``) to atom names
    ``(name, a, anything)``; ``states`` maps an object-state predicate to
    alternatives, each a conjunction of unary atoms present (True) or absent (False).
    Two-agent episodes read ``holding``, the relations ``(name, agent, object)``
    of an agent holding an object, and ``skills``, the actions of each
    capability a profile may lack (``clean``, ``fill``, ``power_on``).
    Partial observability reads ``in_room``, the relation ``(name, x, room)``
    placing things and the agent in rooms, and ``portable``, the object
    property of things that move (the rest is furniture, always seen).
    """

    relations: Mapping[str, tuple[str, ...]]
    states: Mapping[str, tuple[Conjunction, ...]]
    placed: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    symmetric: frozenset[str] = frozenset({"is_next_to"})
    holding: frozenset[str] = frozenset()
    skills: Mapping[str, frozenset[str]] = field(default_factory=dict)
    in_room: str = ""
    portable: str = ""

    def knows(self, predicate: str) -> bool:
        return predicate in self.relations or predicate in self.states or predicate in self.placed


@dataclass(frozen=True)
class Holding:
    """A proposition in one state: how many of its ``number`` objects satisfy
    it (0 to ``number``) and, per list argument, the objects that did."""

    count: int
    values: Mapping[str, frozenset[str]]


@dataclass(frozen=True)
class Proposition:
    """One of PARTNR's propositions, checked: ``lists`` its list arguments in order."""

    predicate: str
    lists: tuple[tuple[str, tuple[str, ...]], ...]
    number: int = 1
    same: bool = False

    @classmethod
    def read(cls, predicate: str, args: Mapping[str, Any], objects: Collection[str]) -> Proposition:
        """The proposition ``predicate(**args)``; an EaiError names what is wrong."""
        names = RELATIONAL.get(predicate, ("object_handles",))
        flag = names[2] if len(names) > 2 else None
        unknown = sorted(set(args) - set(names[:2]) - {"number", flag} - IGNORED - {None})
        if unknown:
            raise EaiError(f"{predicate} takes no argument {unknown[0]!r}")
        lists = []
        for name in names[:2]:
            value = args.get(name)
            if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
                raise EaiError(f"{predicate} needs {name} as a non-empty list of object ids")
            missing = [v for v in value if v not in objects]
            if missing:
                raise EaiError(f"{predicate}: no object {missing[0]!r} in the task")
            lists.append((name, tuple(value)))
        number = args.get("number", 1)
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise EaiError(f"{predicate}: number must be a whole number of at least 1, got {number!r}")
        if number > len(lists[0][1]):
            raise EaiError(f"{predicate}: number {number} exceeds the {len(lists[0][1])} objects listed")
        same = args.get(flag, False) if flag else False
        if not isinstance(same, bool):
            raise EaiError(f"{predicate}: {flag} must be true or false")
        return cls(predicate, tuple(lists), number, same)

    @property
    def arg_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.lists)

    def holding(self, atoms: Collection[Atom], predicates: PredicateMap) -> Holding:
        """This proposition in the state ``atoms``."""
        if len(self.lists) == 1:
            return self._unary(atoms, predicates)
        (name_a, first), (name_b, second) = self.lists
        names = predicates.relations[self.predicate]
        symmetric = self.predicate in predicates.symmetric

        def related(a: str, b: str) -> bool:
            return any((n, a, b) in atoms or (symmetric and (n, b, a) in atoms) for n in names)

        if self.same:
            best: tuple[list[str], str] = ([], second[0])
            for b in second:
                sat = [a for a in first if related(a, b)]
                if len(sat) > len(best[0]):
                    best = (sat, b)
            objs = best[0][:self.number]
            return Holding(len(objs), {name_a: frozenset(objs), name_b: frozenset([best[1]] if objs else [])})
        objs = [a for a in first if any(related(a, b) for b in second)][:self.number]
        used = frozenset(b for a in objs for b in second if related(a, b))
        return Holding(len(objs), {name_a: frozenset(objs), name_b: used})

    def _unary(self, atoms: Collection[Atom], predicates: PredicateMap) -> Holding:
        (name, first), = self.lists
        if self.predicate in predicates.placed:
            names = predicates.placed[self.predicate]
            placed = {atom[1] for atom in atoms if len(atom) == 3 and atom[0] in names}
            objs = [a for a in first if a in placed][:self.number]
        else:
            options = predicates.states[self.predicate]
            objs = [a for a in first
                    if any(all(((n, a) in atoms) == present for n, present in option) for option in options)
                    ][:self.number]
        return Holding(len(objs), {name: frozenset(objs)})
