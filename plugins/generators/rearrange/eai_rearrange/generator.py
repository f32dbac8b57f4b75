"""The ``rearrange`` generator: put-away tasks on BEHAVIOR scenes (each
BEHAVIOR task's initial state is a scene), to show that the generator hook
is not VirtualHome's alone (docs/generation.md).

Rule table, from the BDDL objects and their abilities:

- an **item** is an object the task's init places in, on, under or next to
  another (so not a fixture: those BDDL places by room), and not the agent,
  a part of a sliceable object or a liquid (``LIQUIDS``);
- a **receptacle** is an openable fixture (cabinets, fridges, appliances; not
  doors, windows or toilets) or an open-topped receptacle (``OPEN_TOPPED``);
  a fridge keeps what is ``freezable``, an appliance that switches on
  (``toggleable``) keeps nothing, any other receptacle keeps any item that is
  not itself one;
- a **surface** is a fixture of a class in ``SURFACES``;
- items and places are named by their class, so both are the only ones of
  their class in the scene; two items put away together are of one class
  kind (both ``freezable`` or both not).

Goals are the BDDL predicates ``inside`` and ``ontop``, as the simulator's
goals name them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import combinations

from eai.plugin_api import Candidate, Category, Generator, Goal, Literal, Obj, Simulator, Task

LIQUIDS = frozenset({"water.n.06"})
OPEN_TOPPED = frozenset({"ashcan.n.01", "basket.n.01", "bin.n.01", "bucket.n.01", "carton.n.02", "sack.n.01"})
NOT_RECEPTACLES = frozenset({"door.n.01", "window.n.01", "toilet.n.02"})
FRIDGES = frozenset({"electric_refrigerator.n.01"})
SURFACES = frozenset({"table.n.02", "countertop.n.01", "shelf.n.01"})

CATEGORIES = (
    Category("place_inside", "Put away inside", "an item and a receptacle keeping it, each alone of its class",
             ("Put {item} in {place}.", "Put {item} away inside {place}.", "Could you store {item} in {place}?")),
    Category("place_ontop", "Put away on top", "an item and a surface (table, countertop, shelf), each alone of its class",
             ("Put {item} on {place}.", "Set {item} down on {place}.", "Could you leave {item} on {place}?")),
    Category("place_two", "Put two things away together",
             "two items of one kind and a receptacle or surface keeping them, each alone of its class",
             ("Put {first} and {second} {prep} {place}.", "Put both {first} and {second} {prep} {place}.")),
)


def word(obj: Obj) -> str:
    """``the apple`` for ``apple.n.01``."""
    return "the " + obj.class_name.split(".")[0].replace("_", " ")


class Rearrange(Generator):
    name = "rearrange"
    simulator = "behavior"
    description = "Put-away tasks (inside, on top, two at once) on BEHAVIOR scenes"
    method = "the kernel's generation on BEHAVIOR scenes (docs/generation.md)"
    categories = CATEGORIES

    def candidates(self, scene: Task, simulator: Simulator) -> Iterable[Candidate]:
        return _Scene(scene).candidates()


class _Scene:
    def __init__(self, scene: Task) -> None:
        self.scene = scene
        placed = {atom[1] for atom in scene.init if len(atom) == 3}
        agent = next(o.id for o in scene.objects if o.class_name == "agent.n.01")
        counts = Counter(o.class_name for o in scene.objects)
        alone = [o for o in scene.objects if counts[o.class_name] == 1 and o.id != agent]
        self.items = [o for o in alone if o.id in placed and o.class_name not in LIQUIDS
                      and not o.class_name.endswith("_part")]
        fixtures = [o for o in alone if o.id not in placed]
        self.places: list[tuple[str, str, Obj]] = [("inside", "in", o) for o in fixtures + self.items
                                                   if self._receptacle(o, fixtures)]
        self.places += [("ontop", "on", o) for o in fixtures if o.class_name in SURFACES]

    def _receptacle(self, obj: Obj, fixtures: list[Obj]) -> bool:
        if obj.class_name in OPEN_TOPPED:
            return True
        return obj in fixtures and obj.has("openable") and obj.class_name not in NOT_RECEPTACLES

    def keeps(self, place: Obj, item: Obj) -> bool:
        if place.class_name in FRIDGES:
            return item.has("freezable")
        if place.has("toggleable"):
            return False
        return item.class_name not in OPEN_TOPPED and item.id != place.id

    def candidates(self) -> Iterator[Candidate]:
        init = self.scene.init
        for item in self.items:
            for pred, _prep, place in self.places:
                if self.keeps(place, item) and (pred, item.id, place.id) not in init:
                    yield self._candidate(f"place_{pred}", (item.id, place.id), pred, (item,), place,
                                          {"item": word(item), "place": word(place)})
        for first, second in combinations(self.items, 2):
            if first.has("freezable") != second.has("freezable"):
                continue
            for pred, prep, place in self.places:
                if all(self.keeps(place, o) and (pred, o.id, place.id) not in init for o in (first, second)):
                    yield self._candidate("place_two", (first.id, second.id, place.id, pred), pred, (first, second), place,
                                          {"first": word(first), "second": word(second), "prep": prep,
                                           "place": word(place)})

    def _candidate(self, category: str, key: tuple[str, ...], pred: str, items: tuple[Obj, ...], place: Obj,
                   words: dict[str, str]) -> Candidate:
        atoms = tuple((pred, item.id, place.id) for item in items)
        ltl = " and ".join(f"{pred}({item.id}, {place.id})" for item in items)
        kinds = " and ".join("freezable" if item.has("freezable") else "not freezable" for item in items)
        return Candidate(category, key, self.scene, Goal(ltl, relation=tuple(Literal(True, a) for a in atoms)),
                         tuple(f"{a[0]}({a[1]}, {a[2]})" for a in atoms), words, self.scene.relevant,
                         f"{kinds} {pred} {place.class_name}")
