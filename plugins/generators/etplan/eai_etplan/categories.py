"""The candidates of each ET-Plan-Bench category in one VirtualHome scene.

Goals are LTL over the scene's object ids (``c`` the character):

- ``navigation``: ``NEXT_TO(c, x)``, x the only thing of its class;
- ``navigation_spatial``: the same, x told apart from the others of its class
  by a relation the instruction states;
- ``place_inside``/``place_on``: ``INSIDE(x, y)``/``ONTOP(x, y)``, x an item,
  y a receptacle/surface keeping x's kind, both the only ones of their class;
- ``place_inside_spatial``/``place_on_spatial``: the same with x named by a
  relation (its class may have several things);
- ``multi_one_hand``: ``R(x1, z) and R(x2, z)`` (R is ``INSIDE`` or
  ``ONTOP``), never holding both on the way:
  ``(R1 and R2) and not (both held then (R1 and R2))``;
- ``multi_two_hands``: both held, one in each hand, then both placed:
  ``both held then (R1 and R2)``;
- ``temporal``: x into a carrier y, and only then y onto or into z:
  ``(INSIDE(x, y) and not R(y, z)) then (INSIDE(x, y) and R(y, z))``.

Each candidate's stages are the subgoals the planner reaches in turn for the
gold plan (near the item, holding it, near the place, the item placed...).
Candidates whose goal holds in the scene already are left out.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from itertools import combinations

from eai.plugin_api import Candidate, Goal, Literal, Obj
from eai_etplan.rules import carrier_keeps, kind, receptacle_keeps, surface_keeps
from eai_etplan.scene import SceneFacts

PLACES = (("INSIDE", "into", receptacle_keeps), ("ONTOP", "onto", surface_keeps))


def atom(pred: str, *args: str) -> str:
    return f"{pred}({', '.join(args)})"


def held(c: str, x: str) -> str:
    return f"(HOLDS_RH({c}, {x}) or HOLDS_LH({c}, {x}))"


def both_held(c: str, x1: str, x2: str) -> str:
    return (f"((HOLDS_RH({c}, {x1}) and HOLDS_LH({c}, {x2})) or "
            f"(HOLDS_LH({c}, {x1}) and HOLDS_RH({c}, {x2})))")


def near(c: str, x: str) -> str:
    return atom("NEXT_TO", c, x)


def kin_pairs(items: Sequence[str], objects: Mapping[str, Obj]) -> Iterator[tuple[str, str, str]]:
    """Each pair of ``items`` of one kind, in order, with the kind."""
    for x1, x2 in combinations(items, 2):
        item = kind(objects[x1])
        if kind(objects[x2]) == item:
            yield x1, x2, item  # type: ignore[misc]


def goal(ltl: str, *atoms: tuple[str, ...]) -> Goal:
    return Goal(ltl, relation=tuple(Literal(True, a) for a in atoms))


class Candidates:
    """The candidates of one scene, category by category."""

    def __init__(self, facts: SceneFacts) -> None:
        self.f = facts
        self.c = facts.character
        objects = facts.objects
        self.items = [x for x in facts.things if kind(objects[x])]
        self.places = [(pred, prep, y, keeps(objects[y])) for y in facts.things if facts.unique(y)
                       for pred, prep, keeps in PLACES if keeps(objects[y])]
        self.carriers = [y for y in facts.things if carrier_keeps(objects[y])]

    def all(self) -> Iterator[Candidate]:
        yield from self.navigation()
        yield from self.placing()
        yield from self.multi()
        yield from self.temporal()

    def naming(self, x: str, spatial: bool) -> tuple[str, tuple[str, ...]] | None:
        """How an instruction names ``x`` and the objects its prompt then shows:
        ``the <class>`` (x alone of its class), or with ``spatial`` its relation
        phrase, shown with the other things of its class and the relation's
        other object; None when x cannot be named so."""
        if not spatial:
            return (self.f.phrase(x), (x,)) if self.f.unique(x) else None
        if x not in self.f.spatial:
            return None
        phrase, relation = self.f.spatial[x]
        return phrase, (x, *self.f.by_class[self.f.cls(x)], relation[2])

    def make(self, category: str, key: tuple[str, ...], g: Goal, stages: tuple[str, ...], words: dict[str, str],
             named: tuple[str, ...], rule: str) -> Candidate:
        """A candidate whose prompt shows the character, the objects named and what they rest on or in."""
        relevant = dict.fromkeys((self.c, *named, *(s for x in named for s in self.f.supports(x))))
        return Candidate(category, key, self.f.task, g, stages, words, tuple(relevant), rule)

    def navigation(self) -> Iterator[Candidate]:
        for x in self.f.things:
            if ("NEXT_TO", self.c, x) in self.f.task.init:
                continue
            for category, spatial in (("navigation", False), ("navigation_spatial", True)):
                naming = self.naming(x, spatial)
                if naming is not None:
                    yield self.make(category, (x,), goal(near(self.c, x), ("NEXT_TO", self.c, x)),
                                    (near(self.c, x),), {"target": naming[0]}, naming[1],
                                    "navigation: any thing but the building, the rooms and the character")

    def placing(self) -> Iterator[Candidate]:
        for x in self.items:
            item = kind(self.f.objects[x])
            for spatial in (False, True):
                naming = self.naming(x, spatial)
                if naming is None:
                    continue
                for pred, prep, y, keeps in self.places:
                    if item in keeps and (pred, x, y) not in self.f.task.init:
                        category = f"place_{'inside' if pred == 'INSIDE' else 'on'}{'_spatial' if spatial else ''}"
                        yield self.make(category, (x, y), goal(atom(pred, x, y), (pred, x, y)),
                                        (near(self.c, x), held(self.c, x), near(self.c, y), atom(pred, x, y)),
                                        {"item": naming[0], "dest": self.f.phrase(y)}, (*naming[1], y),
                                        f"{item} {prep} {self.f.cls(y)}")

    def multi(self) -> Iterator[Candidate]:
        c, init = self.c, self.f.task.init
        singles = [x for x in self.items if self.f.unique(x)]
        for x1, x2, item in kin_pairs(singles, self.f.objects):
            for pred, prep, z, keeps in self.places:
                if item not in keeps or (pred, x1, z) in init or (pred, x2, z) in init:
                    continue
                placed = f"({atom(pred, x1, z)} and {atom(pred, x2, z)})"
                words = {"first": self.f.phrase(x1), "second": self.f.phrase(x2), "prep": prep, "dest": self.f.phrase(z)}
                rule = f"{item} and {item} {prep} {self.f.cls(z)}"
                final = ((pred, x1, z), (pred, x2, z))
                yield self.make("multi_one_hand", (x1, x2, z, pred),
                                goal(f"{placed} and not ({both_held(c, x1, x2)} then {placed})", *final),
                                (near(c, x1), held(c, x1), near(c, z), atom(pred, x1, z),
                                 near(c, x2), held(c, x2), near(c, z), atom(pred, x2, z)), words, (x1, x2, z), rule)
                opening = (near(c, z), atom("OPEN", z)) if pred == "INSIDE" and ("CLOSED", z) in init else ()
                yield self.make("multi_two_hands", (x1, x2, z, pred), goal(f"{both_held(c, x1, x2)} then {placed}", *final),
                                (*opening, near(c, x1), held(c, x1), near(c, x2), both_held(c, x1, x2), near(c, z),
                                 placed), words, (x1, x2, z), rule)

    def temporal(self) -> Iterator[Candidate]:
        init = self.f.task.init
        for y in self.carriers:
            carrier = self.naming(y, not self.f.unique(y))
            if carrier is None:
                continue
            for x in self.items:
                item = kind(self.f.objects[x])
                if not self.f.unique(x) or item not in carrier_keeps(self.f.objects[y]) or ("INSIDE", x, y) in init:
                    continue
                for pred, prep, z, keeps in self.places:
                    if "thing" not in keeps or (pred, y, z) in init:
                        continue
                    first, then = atom("INSIDE", x, y), atom(pred, y, z)
                    yield self.make("temporal", (x, y, z, pred),
                                    goal(f"({first} and not {then}) then ({first} and {then})", ("INSIDE", x, y),
                                         (pred, y, z)),
                                    (near(self.c, x), held(self.c, x), near(self.c, y), first, held(self.c, y),
                                     near(self.c, z), then),
                                    {"item": self.f.phrase(x), "carrier": carrier[0], "prep": prep,
                                     "dest": self.f.phrase(z)}, (x, *carrier[1], z),
                                    f"{item} into {self.f.cls(y)}, {self.f.cls(y)} {prep} {self.f.cls(z)}")
