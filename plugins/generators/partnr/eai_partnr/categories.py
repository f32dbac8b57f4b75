"""The candidates of each PARTNR-style category in one VirtualHome scene,
with the evaluation functions a task file keeps (docs/collaboration.md).

Items, places and the rule table are etplan's (:mod:`eai_etplan.rules`);
``R`` is ``INSIDE`` or ``ONTOP`` and ``is_R`` PARTNR's ``is_inside`` or ``is_on_top``:

- ``constraint_free``: two items to one place, ``is_R([x1, x2], [z], number=2)``;
- ``spatial``: two items to the same one of two places,
  ``is_R([x1, x2], [z1, z2], number=2, is_same_receptacle=true)``;
- ``temporal``: x1 to z, and only then x2: ``is_R([x1], [z])``, ``is_R([x2], [z])``
  and a temporal constraint ``[[0, 1]]``;
- ``heterogeneous``: power on an appliance (which the robot cannot do) and
  put an item in place: ``is_powered_on([a])``, ``is_R([x], [z])``.

The LTL goal says the same, so runs without evaluation functions judge these
tasks alike; stages are the subgoals the planner reaches in turn.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

from eai.plugin_api import Candidate, Goal, Literal
from eai_etplan.categories import PLACES, atom, held, kin_pairs, near
from eai_etplan.rules import kind
from eai_etplan.scene import SceneFacts

PREDICATE = {"INSIDE": "is_inside", "ONTOP": "is_on_top"}


def place(pred: str, objects: list[str], places: list[str], **more: Any) -> dict[str, Any]:
    """PARTNR's proposition that ``objects`` (any ``number`` of them) are in or on ``places`` (any)."""
    return {"function_name": PREDICATE[pred], "args": {"object_handles": objects, "receptacle_handles": places,
                                                        **more}}


class Candidates:
    """The candidates of one scene, category by category."""

    def __init__(self, facts: SceneFacts) -> None:
        self.f = facts
        self.c = facts.character
        objects = facts.objects
        self.items = [x for x in facts.things if kind(objects[x]) and facts.unique(x)]
        self.places = [(pred, prep, y, keeps(objects[y])) for y in facts.things if facts.unique(y)
                       for pred, prep, keeps in PLACES if keeps(objects[y])]
        init = facts.task.init
        self.appliances = [a for a in facts.things if facts.unique(a) and objects[a].has("HAS_SWITCH")
                           and ("OFF", a) in init and ("PLUGGED_OUT", a) not in init]

    def all(self) -> Iterator[Candidate]:
        yield from self.pairs()
        yield from self.spatial()
        yield from self.heterogeneous()

    def fetch(self, x: str, pred: str, z: str) -> tuple[str, ...]:
        c = self.c
        return near(c, x), held(c, x), near(c, z), atom(pred, x, z)

    def make(self, category: str, key: tuple[str, ...], goal: Goal, stages: tuple[str, ...],
             words: dict[str, str], named: tuple[str, ...], rule: str, evaluation: dict[str, Any]) -> Candidate:
        relevant = dict.fromkeys((self.c, *named, *(s for x in named for s in self.f.supports(x))))
        return Candidate(category, key, self.f.task, goal, stages, words, tuple(relevant), rule, evaluation)

    def pairs(self) -> Iterator[Candidate]:
        """``constraint_free`` and ``temporal``: two items of one kind to one place."""
        init = self.f.task.init
        for x1, x2, item in kin_pairs(self.items, self.f.objects):
            for pred, prep, z, keeps in self.places:
                if item not in keeps or (pred, x1, z) in init or (pred, x2, z) in init:
                    continue
                first, second = atom(pred, x1, z), atom(pred, x2, z)
                words = {"first": self.f.phrase(x1), "second": self.f.phrase(x2), "prep": prep,
                         "dest": self.f.phrase(z)}
                rule = f"{item} and {item} {prep} {self.f.cls(z)}"
                final = (Literal(True, (pred, x1, z)), Literal(True, (pred, x2, z)))
                stages = (*self.fetch(x1, pred, z), *self.fetch(x2, pred, z))
                yield self.make("constraint_free", (x1, x2, z, pred), Goal(f"{first} and {second}", relation=final),
                                stages, words, (x1, x2, z), rule,
                                {"propositions": [place(pred, [x1, x2], [z], number=2)]})
                yield self.make("temporal", (x1, x2, z, pred),
                                Goal(f"({first} and not {second}) then ({first} and {second})", relation=final),
                                stages, words, (x1, x2, z), rule,
                                {"propositions": [place(pred, [x1], [z]), place(pred, [x2], [z])],
                                 "constraints": [{"type": "TemporalConstraint", "args": {"dag_edges": [[0, 1]]}}]})

    def spatial(self) -> Iterator[Candidate]:
        """Two items of one kind to the same one of two places of one relation."""
        init = self.f.task.init
        for x1, x2, item in kin_pairs(self.items, self.f.objects):
            for (pred, prep, z1, keeps1), (pred2, _, z2, keeps2) in combinations(self.places, 2):
                if pred2 != pred or item not in keeps1 or item not in keeps2 or z1 == z2:
                    continue
                if any((pred, x, z) in init for x in (x1, x2) for z in (z1, z2)):
                    continue
                both = [f"({atom(pred, x1, z)} and {atom(pred, x2, z)})" for z in (z1, z2)]
                words = {"first": self.f.phrase(x1), "second": self.f.phrase(x2), "prep": prep,
                         "dest": self.f.phrase(z1), "other": self.f.phrase(z2)}
                yield self.make("spatial", (x1, x2, z1, z2, pred),
                                Goal(f"{both[0]} or {both[1]}",
                                     relation=(Literal(True, (pred, x1, z1)), Literal(True, (pred, x2, z1)))),
                                (*self.fetch(x1, pred, z1), *self.fetch(x2, pred, z1)), words, (x1, x2, z1, z2),
                                f"{item} and {item} {prep} {self.f.cls(z1)} or {self.f.cls(z2)}",
                                {"propositions": [place(pred, [x1, x2], [z1, z2], number=2,
                                                        is_same_receptacle=True)]})

    def heterogeneous(self) -> Iterator[Candidate]:
        """Power on an appliance (the human's part) and put an item in place."""
        init, c = self.f.task.init, self.c
        for a in self.appliances:
            for x in self.items:
                item = kind(self.f.objects[x])
                for pred, prep, z, keeps in self.places:
                    if item not in keeps or (pred, x, z) in init or z == a:
                        continue
                    words = {"appliance": self.f.phrase(a), "item": self.f.phrase(x), "prep": prep,
                             "dest": self.f.phrase(z)}
                    yield self.make("heterogeneous", (a, x, z, pred),
                                    Goal(f"ON({a}) and {atom(pred, x, z)}", state=(Literal(True, ("ON", a)),),
                                         relation=(Literal(True, (pred, x, z)),)),
                                    (near(c, a), f"ON({a})", *self.fetch(x, pred, z)), words, (a, x, z),
                                    f"switch on {self.f.cls(a)}; {item} {prep} {self.f.cls(z)}",
                                    {"propositions": [{"function_name": "is_powered_on", "args": {"object_handles": [a]}},
                                                      place(pred, [x], [z])]})
