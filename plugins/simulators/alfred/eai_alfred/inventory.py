"""The objects of one EB-ALFRED task, where they are, and their EB-ALFRED names.

Objects (docs/tasks.md, "EB-ALFRED"):

- the static receptacles of the floor plan (alfworld's ``openable.json``,
  with their AI2-THOR ids), plus the static objects the gold plan touches
  that the layout lacks (a faucet, a lamp, a garbage can...), with the ids
  the plan gives them;
- the movable objects of the trajectory's ``scene.object_poses`` (the exact
  inventory AI2-THOR is set to), with their AI2-THOR object names;
- one *synthetic* object for each static type the floor plan lists
  (``objects.json``) that EB-ALFRED's skills name or that holds things, and
  that has no instance yet (the layouts lack stove burners, toasters, coffee
  machines, most garbage cans);
- two slices (``AppleSliced``...) of each object EB-ALFRED can slice.

A sink's or bathtub's basin is the object EB-ALFRED calls ``Sink`` or
``Bathtub``. Placement: an object the gold plan picks up starts in the
receptacle its first pick-up names (matched by type and centre; a receptacle
the layout lacks is added there); a sliced object where its slice was picked
up; the object a movable-receptacle plan carries along without putting it in
(:meth:`Inventory._carried`); every other object is free-standing (in no
receptacle), as the simulator would have to be run to know more. Names are
EB-ALFRED's: the type for the first object of a type, ``Type_N`` for the
N-th, objects of a type ordered by their AI2-THOR id or name and pose
(synthetic ones last), slices after their objects.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from eai import EaiError
from eai_alfred.sources import Upstream

EB_WORDS = {"SinkBasin": "Sink", "BathtubBasin": "Bathtub"}  # the basins EB-ALFRED's skills call by the fixture
SLICES = 2  # slices per sliced object (AI2-THOR makes 7 to 10; docs/alfred-simulator.md)
PLACE_TOLERANCE = 0.25  # metres between a pick-up's receptacle centre and the instance it names
POSE_TOLERANCE = 0.02  # metres between a plan's object id and the inventory pose it names
CARRIED_TOLERANCE = 0.15  # metres between a movable receptacle and an object already in it


def centre_of(thor_id: str) -> tuple[float, float, float]:
    """The centre an AI2-THOR object id encodes: ``Cabinet|-01.00|+00.39|+00.73`` -> (-1.0, 0.39, 0.73)."""
    parts = thor_id.split("|")
    return float(parts[1]), float(parts[2]), float(parts[3])


def type_of(thor_id: str) -> str:
    """``Sink|...|SinkBasin`` -> ``SinkBasin``; ``Apple|...|AppleSliced_2`` -> ``AppleSliced``; else the first part."""
    parts = thor_id.split("|")
    return parts[4].split("_")[0] if len(parts) > 4 else parts[0]


@dataclass(eq=False)
class Thing:
    """One object before it gets its name."""

    type: str
    thor: str = ""  # AI2-THOR object id (static), object name (movable, as ``object_poses`` sets it)
    centre: tuple[float, float, float] | None = None
    movable: bool = False
    receptacle: bool = False  # one of the floor plan's static receptacles
    synthetic: bool = False
    whole: Thing | None = None
    id: str = ""
    slices: list[Thing] = field(default_factory=list)

    @property
    def cls(self) -> str:
        return EB_WORDS.get(self.type, self.type)


class Inventory:
    """The objects of one trajectory (module doc); ``thing(thor_id)`` finds the
    object a plan's AI2-THOR id names."""

    def __init__(self, upstream: Upstream, trajectory: dict[str, Any]) -> None:
        self.upstream, self.trajectory = upstream, trajectory
        scene = trajectory["scene"]
        types, openable = upstream.floor_plan(scene["scene_num"])
        self.things: list[Thing] = [
            Thing(p["objectName"].split("_")[0], p["objectName"],
                  (p["position"]["x"], p["position"]["y"], p["position"]["z"]), movable=True)
            for p in scene["object_poses"]]
        self.things += [Thing(type_of(i), i, centre_of(i), receptacle=True) for i in sorted(openable)]
        self._by_plan: dict[str, Thing] = {}
        self._slices_used: dict[int, dict[str, Thing]] = {}
        for thor_id in self.plan_ids():
            self._by_plan[thor_id] = self._movable(thor_id) or self._static(thor_id)
        self.placements = self._placements() + self._carried()
        self._synthesize(types)
        self._slice()
        self._name()

    def plan_ids(self) -> list[str]:
        """The AI2-THOR ids the gold plan acts on, in order, each once."""
        ids = [a[key] for step in self.trajectory["plan"]["low_actions"] for a in [step["api_action"]]
               for key in ("objectId", "receptacleObjectId") if key in a]
        return list(dict.fromkeys(ids))

    def _movable(self, thor_id: str) -> Thing | None:
        """The inventory object (or its slice) a plan id names, by type and centre."""
        base = "|".join(thor_id.split("|")[:4])
        kind, centre = base.split("|")[0], centre_of(base)
        near = [t for t in self.things if t.movable and t.type == kind and t.centre is not None
                and max(abs(a - b) for a, b in zip(t.centre, centre)) <= POSE_TOLERANCE]
        if not near:
            return None
        if len(near) > 1:
            raise EaiError(f"plan object {thor_id} matches {len(near)} inventory objects")
        return near[0]

    def _static(self, thor_id: str) -> Thing:
        found = next((t for t in self.things if t.thor == thor_id), None)
        if found is None:
            found = Thing(type_of(thor_id), thor_id, centre_of(thor_id))
            self.things.append(found)
        return found

    def _synthesize(self, types: list[str]) -> None:
        skills = self.upstream.skills
        classes = {t.cls for t in self.things}
        movable = set(skills.pick_up) | {t.type for t in self.things if t.movable}
        for kind in sorted(types):
            thing = Thing(kind, synthetic=True)
            if thing.cls in classes or kind in movable:
                continue
            if thing.cls in skills.find or kind in self.upstream.receptacle_types:
                self.things.append(thing)
                classes.add(thing.cls)

    def _slice(self) -> None:
        for whole in [t for t in self.things if t.movable and t.type in self.upstream.skills.slice]:
            whole.slices = [Thing(f"{whole.type}Sliced", movable=True, whole=whole) for _ in range(SLICES)]
            self.things += whole.slices

    def _name(self) -> None:
        """EB-ALFRED's names (module doc); slices after their objects, in their order."""
        for wholes in (False, True):
            groups: dict[str, list[Thing]] = {}
            for thing in self.things:
                if (thing.whole is not None) == wholes:
                    groups.setdefault(thing.cls, []).append(thing)
            for cls, group in groups.items():
                for n, thing in enumerate(sorted(group, key=self._order), 1):
                    thing.id = cls if n == 1 else f"{cls}_{n}"
        self.things.sort(key=lambda t: (t.cls, _instance(t.id)))

    @staticmethod
    def _order(thing: Thing) -> tuple:
        if thing.whole is not None:
            return (_instance(thing.whole.id), thing.whole.slices.index(thing))
        return (thing.synthetic, thing.thor, thing.centre or ())

    def thing(self, thor_id: str) -> Thing:
        """The object a plan id names; a slice id names the next slice of its object not named yet."""
        found = self._by_plan[thor_id]
        if type_of(thor_id).endswith("Sliced"):
            used = self._slices_used.setdefault(id(found), {})
            if thor_id not in used:
                if len(used) == len(found.slices):
                    raise EaiError(f"the plan uses more than {SLICES} slices of {found.id}")
                used[thor_id] = found.slices[len(used)]
            return used[thor_id]
        return found

    def _placements(self) -> list[tuple[Thing, Thing]]:
        """(object, receptacle) at the start, from the first pick-up of each object the plan picks up."""
        placed: dict[int, tuple[Thing, Thing]] = {}
        for step in self.trajectory["plan"]["high_pddl"]:
            action = step["planner_action"]
            if action["action"] != "PickupObject" or "coordinateReceptacleObjectId" not in action:
                continue
            thing = self._by_plan[action["objectId"]]
            if id(thing) not in placed:
                kind, coords = action["coordinateReceptacleObjectId"]
                placed[id(thing)] = (thing, self._receptacle(kind, (coords[0] / 4, coords[4] / 4, coords[2] / 4)))
        return list(placed.values())

    def _carried(self) -> list[tuple[Thing, Thing]]:
        """The target object already in the movable receptacle, when the gold
        plan of a movable-receptacle task moves the receptacle with no target
        put into it (it reaches its goal only so): the target-type object
        nearest the receptacle, within :data:`CARRIED_TOLERANCE`."""
        params = self.trajectory["pddl_params"]
        if self.trajectory["task_type"] != "pick_and_place_with_movable_recep":
            return []
        targets = (params["object_target"], params["object_target"] + "Sliced")  # a whole put in is sliced there
        puts = [a["api_action"] for a in self.trajectory["plan"]["low_actions"] if a["api_action"]["action"] == "PutObject"]
        if any(type_of(a["objectId"]) in targets and type_of(a["receptacleObjectId"]) == params["mrecep_target"]
               for a in puts):
            return []
        moved = [self._by_plan[a["objectId"]] for a in puts if type_of(a["objectId"]) == params["mrecep_target"]]
        candidates = [t for t in self.things if t.movable and t.type == params["object_target"]]
        if not moved or not candidates:
            raise EaiError("the movable receptacle moves without the target, and none is near it")
        inside = min(candidates, key=lambda t: (math.dist(t.centre, moved[0].centre), t.thor))  # type: ignore[arg-type]
        if math.dist(inside.centre, moved[0].centre) > CARRIED_TOLERANCE:  # type: ignore[arg-type]
            raise EaiError(f"the movable receptacle moves without the target, and none is within {CARRIED_TOLERANCE} m")
        return [(inside, moved[0])]

    def open_at_start(self) -> list[Thing]:
        """Openable receptacles the gold plan puts into or takes from before
        ever opening them (two boxes): they start open; every other starts closed."""
        start = {id(thing): receptacle for thing, receptacle in self.placements}
        opened: set[str] = set()
        found: dict[int, Thing] = {}
        for step in self.trajectory["plan"]["low_actions"]:
            action = step["api_action"]
            if action["action"] == "OpenObject":
                opened.add(action["objectId"])
            used = (self._by_plan[action["receptacleObjectId"]] if action["action"] == "PutObject"
                    else start.get(id(self._by_plan[action["objectId"]])) if action["action"] == "PickupObject" else None)
            if used is not None and used.type in self.upstream.skills.open and used.thor not in opened:
                found.setdefault(id(used), used)
        return list(found.values())

    def _receptacle(self, kind: str, centre: tuple[float, float, float]) -> Thing:
        """The receptacle of type ``kind`` nearest ``centre``; one the layout lacks is added there."""
        candidates = [t for t in self.things if t.type == kind and t.centre is not None
                      and math.dist(t.centre, centre) <= PLACE_TOLERANCE]
        if not candidates:
            self.things.append(Thing(kind, centre=centre, receptacle=True))
            return self.things[-1]
        return min(candidates, key=lambda t: (math.dist(t.centre, centre), t.thor))  # type: ignore[arg-type]

    def beside(self) -> list[tuple[str, str]]:
        """(faucet, sink) pairs: each faucet runs into the sink basin nearest to it; a
        synthetic faucet into every sink no other faucet serves."""
        sinks = [t for t in self.things if t.type == "SinkBasin"]
        pairs = []
        for faucet in [t for t in self.things if t.type == "Faucet" and t.centre is not None]:
            if sinks:
                nearest = min(sinks, key=lambda s: (math.dist(s.centre, faucet.centre), s.thor))  # type: ignore[arg-type]
                pairs.append((faucet.id, nearest.id))
        served = {sink for _, sink in pairs}
        for faucet in [t for t in self.things if t.type == "Faucet" and t.centre is None]:
            pairs += [(faucet.id, s.id) for s in sinks if s.id not in served]
        return sorted(pairs)

    def properties(self, thing: Thing) -> list[str]:
        """What ``thing`` affords: ``pickupable`` if movable (AI2-THOR picks up
        every object of the inventory, and slices); ``receptacle`` for ALFRED's
        and EB-ALFRED's receptacle types and the layout's receptacles;
        ``openable``, ``toggleable``, ``sliceable`` from EB-ALFRED's skill lists."""
        skills, cls = self.upstream.skills, thing.cls
        receptacles = {EB_WORDS.get(t, t) for t in self.upstream.receptacle_types} | set(skills.receptacle)
        found = {
            "pickupable": thing.movable,
            "receptacle": thing.receptacle or cls in receptacles,
            "openable": cls in skills.open,
            "toggleable": cls in skills.toggle,
            "sliceable": cls in skills.slice and thing.whole is None,
        }
        return sorted(name for name, yes in found.items() if yes)


def _instance(obj_id: str) -> int:
    head, _, number = obj_id.rpartition("_")
    return int(number) if head and number.isdigit() else 1
