"""PARTNR's episode files (``CollaborationDataset-v0`` JSON) as VirtualHome tasks
with evaluation functions (docs/collaboration.md, "Importing PARTNR's episodes").

An episode names objects and furniture by simulator handles
(``kettle_3_:0000``, ``fb31d2...e_:0000``); here each becomes a VirtualHome
object ``class.N`` in one room with the character: an object of
``name_to_receptacle`` is ``GRABBABLE`` and ``ONTOP`` the furniture its
receptacle belongs to (the part of the receptacle's name before ``|``;
``floor``: on no furniture); every other handle is furniture with
``SURFACES``, and furniture an ``is_inside`` names also ``CONTAINERS`` and
``CAN_OPEN`` (closed). ``object_states`` set ``CLEAN``/``DIRTY`` and
``ON``/``OFF`` (``HAS_SWITCH``); an object a state proposition names
without a state starts as PARTNR's default (dirty, off). The goal is one way
to satisfy the evaluation functions (each proposition's first ``number``
objects with its first receptacle, in the temporal constraint's order); the
gold plan is the planner's plan for it when that plan reaches percent
complete 1, else empty.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from eai import EaiError
from eai.plugin_api import (
    RELATIONAL,
    EvaluationFunctions,
    GoalSpec,
    InitialState,
    ObjectSpec,
    Simulator,
    TaskFile,
    build_task,
    name_problem,
    planned_actions,
    reaches,
)

CHARACTER, ROOM = "character.1", "room.2"
RELATION = {"is_on_top": "ONTOP", "is_inside": "INSIDE", "is_next_to": "NEXT_TO"}
STATE = {"is_clean": "CLEAN", "is_dirty": "DIRTY", "is_powered_on": "ON", "is_powered_off": "OFF"}
DEFAULTS = {"is_clean": ("CLEAN", "DIRTY"), "is_powered_on": ("ON", "OFF")}  # PARTNR's object states: true, false
STATE_OF = {"is_clean": "is_clean", "is_dirty": "is_clean", "is_powered_on": "is_powered_on",
            "is_powered_off": "is_powered_on"}
HASH = re.compile(r"[0-9a-f]{32,}")


class Skip(Exception):
    """An episode the VirtualHome world cannot express; the message is the reason counted."""


def convert_episode(episode: Any, simulator: Simulator) -> TaskFile:
    """One episode as a task file; :class:`Skip` says why it cannot be one."""
    if not isinstance(episode, dict):
        raise Skip("episode not a JSON object")
    ident = str(episode.get("episode_id", "")).strip()
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", ident) or name_problem(ident):
        raise Skip("no usable episode_id")
    placed = _mapping(episode, "name_to_receptacle")
    states = _mapping(episode, "object_states")
    propositions = _list(episode, "evaluation_propositions")
    if not propositions:
        raise Skip("no evaluation propositions")
    for p in propositions:
        name = p.get("function_name") if isinstance(p, dict) else None
        if name == "is_in_room":
            raise Skip("is_in_room: episode files do not place furniture in rooms")
        if not isinstance(name, str) or not simulator.evaluation_predicates.knows(name):
            raise Skip(f"predicate {name} not in virtualhome's map")
        if not isinstance(p.get("args"), dict):
            raise Skip("malformed evaluation functions")
    names = Names(placed, propositions)
    evaluation = {"propositions": [{"function_name": p["function_name"], "args": names.args(p["args"])}
                                   for p in propositions],
                  "dependencies": _list(episode, "evaluation_proposition_dependencies"),
                  "constraints": _list(episode, "evaluation_constraints")}
    try:
        task = TaskFile(id=ident, name="PARTNR collaboration episode", instruction=_instruction(episode),
                        initial=_initial(names, placed, states, propositions), relevant=names.relevant(),
                        goal=_goal(evaluation), evaluation=evaluation,
                        simulator_specific={"partnr": {"scene_id": str(episode.get("scene_id", "")),
                                                       "handles": dict(sorted(names.handle.items()))}})
        built = build_task(task, "partnr", Path(f"{ident}.json"))
        EvaluationFunctions.read(evaluation, built.object_by_id, simulator.evaluation_predicates, simulator.name)
    except (EaiError, ValidationError, TypeError, KeyError, IndexError):
        raise Skip("invalid evaluation functions") from None
    plan = planned_actions(built, simulator)
    if plan and reaches(built, plan, simulator):
        task.gold_plan = [[a.name, *a.args] for a in plan]
    return task


class Names:
    """Our object ids for an episode's handles: the character, the room, then
    furniture and objects in handle order, ``class.N``."""

    def __init__(self, placed: Mapping[str, Any], propositions: list[dict[str, Any]]) -> None:
        self.objects = sorted(placed)
        named = {h for p in propositions for key, value in p["args"].items() if isinstance(value, list)
                 for h in value if isinstance(h, str)}
        furniture = {str(r).split("|", 1)[0] for r in placed.values() if r != "floor"} | named
        self.furniture = sorted(furniture - set(self.objects))
        self.id: dict[str, str] = {}
        for n, handle in enumerate(self.furniture + self.objects, start=3):
            self.id[handle] = f"{_class(handle, handle in placed)}.{n}"
        self.handle = {v: k for k, v in self.id.items()}
        self.named = named

    def args(self, args: Mapping[str, Any]) -> dict[str, Any]:
        return {k: [self.id.get(h, h) for h in v] if isinstance(v, list) else v for k, v in args.items()}

    def relevant(self) -> list[str]:
        return [CHARACTER, *(self.id[h] for h in self.furniture + self.objects if h in self.named)]


def _class(handle: str, movable: bool) -> str:
    """``kettle_3_:0000`` -> ``kettle``; a hash handle -> ``furniture`` or ``object``."""
    stem = handle.split("_:", 1)[0].split(":", 1)[0]
    stem = re.sub(r"_\d+$", "", stem).lower()
    stem = re.sub(r"[^a-z0-9_]+", "_", stem).strip("_")
    if not stem or HASH.fullmatch(stem) or not stem[0].isalpha():
        return "object" if movable else "furniture"
    return stem


def _initial(names: Names, placed: Mapping[str, Any], states: Mapping[str, Any],
             propositions: list[dict[str, Any]]) -> InitialState:
    inside = {h for p in propositions if p["function_name"] == "is_inside"
              for h in p["args"].get("receptacle_handles", []) if isinstance(h, str)}
    wanted: dict[str, set[str]] = {}  # per object state: the objects some proposition names with it
    for p in propositions:
        if p["function_name"] in STATE_OF:
            wanted.setdefault(STATE_OF[p["function_name"]], set()).update(
                h for h in p["args"].get("object_handles", []) if isinstance(h, str))
    objects = [ObjectSpec(id=CHARACTER, class_name="character"), ObjectSpec(id=ROOM, class_name="room")]
    relations = [["INSIDE", CHARACTER, ROOM]]
    for handle in names.furniture + names.objects:
        ours = names.id[handle]
        properties = {"GRABBABLE"} if handle in placed else {"SURFACES"}
        if handle in inside and handle not in placed:
            properties |= {"CONTAINERS", "CAN_OPEN"}
        unary = []
        for name, (yes, no) in DEFAULTS.items():
            given = states.get(name) if isinstance(states.get(name), dict) else {}
            if handle in given or handle in wanted.get(name, ()):
                unary.append(yes if given.get(handle) is True else no)
                if name == "is_powered_on":
                    properties.add("HAS_SWITCH")
        objects.append(ObjectSpec(id=ours, class_name=ours.split(".")[0], properties=sorted(properties),
                                  states=unary))
        relations.append(["INSIDE", ours, ROOM])
        where = placed.get(handle)
        if isinstance(where, str) and where != "floor":
            relations.append(["ONTOP", ours, names.id[where.split("|", 1)[0]]])
    return InitialState(objects=objects, relations=relations)


def _goal(evaluation: dict[str, Any]) -> GoalSpec:
    """One way to satisfy the propositions: the first ``number`` objects, the
    first receptacle, propositions in the temporal constraint's order."""
    propositions = evaluation["propositions"]
    edges = [tuple(e) for c in evaluation["constraints"] if isinstance(c, dict) and c.get("type") == "TemporalConstraint"
             for e in c.get("args", {}).get("dag_edges", []) if isinstance(e, list) and len(e) == 2]
    state, relation = [], []
    for i in _topological(len(propositions), edges):
        p = propositions[i]
        name, args = p["function_name"], p["args"]
        number = args.get("number", 1) if isinstance(args.get("number", 1), int) else 1
        if name in RELATION:
            first, second = RELATIONAL[name][:2]
            for obj in args.get(first, [])[:number]:
                relation.append([RELATION[name], obj, args.get(second, [""])[0]])
        else:
            state += [[STATE[name], obj] for obj in args.get("object_handles", [])[:number]]
    atoms = [f"{a[0]}({', '.join(a[1:])})" for a in state + relation]
    return GoalSpec(ltl=" and ".join(atoms), state=state, relation=relation)


def _topological(n: int, edges: Iterable[tuple[int, int]]) -> list[int]:
    """Indices 0..n-1, each after those an edge puts before it (stable; a cycle keeps index order)."""
    before = {i: {a for a, b in edges if b == i and isinstance(a, int) and 0 <= a < n} for i in range(n)}
    order: list[int] = []
    while len(order) < n:
        ready = [i for i in range(n) if i not in order and before[i] <= set(order)]
        order.append(ready[0] if ready else next(i for i in range(n) if i not in order))
    return order


def _instruction(episode: dict[str, Any]) -> str:
    text = episode.get("instruction")
    if not isinstance(text, str) or not text.strip():
        extra = episode.get("info", {}).get("extra_info", {}) if isinstance(episode.get("info"), dict) else {}
        text = extra.get("instruction") if isinstance(extra, dict) else None
    if not isinstance(text, str) or not text.strip():
        raise Skip("no instruction")
    return text.strip()


def _mapping(episode: dict[str, Any], key: str) -> dict[str, Any]:
    value = episode.get(key, {})
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise Skip(f"malformed {key}")
    return value


def _list(episode: dict[str, Any], key: str) -> list[Any]:
    value = episode.get(key, [])
    if not isinstance(value, list):
        raise Skip(f"malformed {key}")
    return value
