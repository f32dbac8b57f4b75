"""The ALFWorld game of an EB-ALFRED task, written from eai's own state.

ALFWorld makes a game (``game.tw-pddl``) of its PDDL domain, its grammar and
an initial state that its release archives made with AI2-THOR. Those archives
are not reachable here, so the initial state is written from the task's eai
state, in ALFWorld's terms (docs/engines.md, "ALFWorld"):

- receptacles: the task's static receptacles, each at a location of its own,
  typed by ALFRED's class (eai's ``Sink`` is ALFRED's ``SinkBasin``), open
  when eai's state opens them;
- objects: the pickupable objects eai places in a static receptacle, with
  ALFWorld's abilities (``VAL_ACTION_OBJECTS``: cleanable, heatable,
  coolable, sliceable, toggleable);
- ``canContain``: ALFWorld's receptacle table (``VAL_RECEPTACLE_OBJECTS``);
- the goal: ALFWorld's goal library for the task type (``<type>_slice`` when
  the target is sliced).

What ALFWorld's engine cannot hold is left out, its initial atoms kept as they
are: objects eai keeps free-standing (their receptacle is not known without
the simulator), objects in movable receptacles, and slices (a sliced object
stands for its slices in ALFWorld, as its ``_slice`` goals have it). Switches
that are no object of the game (a faucet, a microwave) are *fixtures*, reached
at the receptacle they serve. A task cannot be built when its gold plan or
goal needs what is left out, or it moves a receptacle (ALFWorld's engine has
no movable receptacles).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from eai.plugin_api import Atom, Task, Unbuildable
from eai_alfworld.engine import AlfworldData

ALFRED_CLASS = {"Sink": "SinkBasin", "Bathtub": "BathtubBasin"}  # eai's class -> ALFRED's (EB-ALFRED names the fixture)
ABILITIES = {"Cleanable": "cleanable", "Heatable": "heatable", "Coolable": "coolable", "Sliceable": "sliceable",
             "Toggleable": "toggleable"}
STATES = {"is_open": "opened", "is_on": "isOn", "is_clean": "isClean", "is_hot": "isHot", "is_cool": "isCool",
          "is_sliced": "isSliced"}
AGENT, START = "agent1", "loc_start"


@dataclass(frozen=True)
class Game:
    """A task's game: its PDDL problem and how its names map to the task's objects."""

    task: Task
    problem: str
    ids: Mapping[str, str]  # the engine's (lower-case) name -> the task's object id
    receptacles: frozenset[str]
    objects: frozenset[str]
    fixtures: Mapping[str, tuple[str, ...]]  # switch without an object in the game -> receptacles it is reached at
    slices: Mapping[str, str]  # slice -> the object it is cut from
    abilities: Mapping[str, frozenset[str]]  # object -> ALFWorld's abilities of it ("cleanable"...)
    kept: frozenset[Atom]  # initial atoms of what is left out (nothing in the game changes them)

    @property
    def left_out(self) -> list[str]:
        inside = self.receptacles | self.objects | set(self.fixtures) | set(self.slices)
        return [o.id for o in self.task.objects if o.id not in inside]


def alfred_class(cls: str) -> str:
    return ALFRED_CLASS.get(cls, cls)


def _parents(task: Task) -> dict[str, str]:
    return {a[1]: a[2] for a in task.init if a[0] == "in_receptacle"}


def build(task: Task, alfworld: AlfworldData) -> Game:
    """The task's game; :class:`~eai.simulation.environment.Unbuildable` when ALFWorld's engine cannot hold it."""
    extra = task.extra.get("alfred", {})
    if extra.get("task_type") == "pick_and_place_with_movable_recep":
        raise Unbuildable("movable receptacle", "the task moves a receptacle; ALFWorld's engine has none that move")
    cls = {o.id: o.class_name for o in task.objects}
    props = {o.id: o.properties for o in task.objects}
    slices = {s: w for s, w in extra.get("slices", {}).items() if s in cls}
    receptacles = frozenset(o for o in cls if "receptacle" in props[o] and "pickupable" not in props[o])
    parent = _parents(task)
    objects = frozenset(o for o in cls if o not in slices and "pickupable" in props[o] and parent.get(o) in receptacles)
    beside: dict[str, list[str]] = {}
    for a, b in extra.get("beside", []):
        beside.setdefault(a, []).append(b)
        beside.setdefault(b, []).append(a)
    fixtures = {o: (o,) if o in receptacles else tuple(sorted(r for r in beside.get(o, []) if r in receptacles))
                for o in cls if "toggleable" in props[o] and o not in objects}
    fixtures = {o: at for o, at in fixtures.items() if at}
    _needed(task, receptacles | objects | set(fixtures), slices, parent, receptacles)
    ids = {o.lower(): o for o in receptacles | objects}
    if len(ids) != len(receptacles | objects):
        raise Unbuildable("names", "two objects' names differ only in case; the engine's names are lower case")
    inside = receptacles | objects | set(fixtures)
    kept = frozenset(a for a in task.init if any(arg not in inside for arg in a[1:]))
    abilities = {o: frozenset(word for table, word in ABILITIES.items() if alfred_class(cls[o]) in alfworld.abilities.get(table, ()))
                 for o in objects}
    problem = _problem(task, alfworld, sorted(receptacles), sorted(objects), cls, parent, abilities)
    return Game(task, problem, ids, receptacles, objects, fixtures, slices, abilities, kept)


def _needed(task: Task, inside: set[str], slices: dict[str, str], parent: dict[str, str], receptacles: frozenset[str]) -> None:
    """Raise :class:`Unbuildable` when the gold plan or the goal names what the game leaves out."""
    named = [arg for action in task.gold_plan for arg in action.args]
    named += [arg for lit in (*task.goal.state, *task.goal.relation) for arg in lit.atom[1:]]
    for obj in dict.fromkeys(named):
        if obj in inside or slices.get(obj) in inside:
            continue
        where = parent.get(slices.get(obj, obj))
        if where is not None and where not in receptacles:
            raise Unbuildable("movable receptacle", f"{obj} is in {where}, which can be moved; ALFWorld's engine has no movable receptacles")
        raise Unbuildable("free-standing", f"{obj} stands in no receptacle in eai's state (its receptacle is not known "
                          f"without the simulator); ALFWorld's engine reaches objects only in receptacles")


def _problem(task: Task, alfworld: AlfworldData, receptacles: list[str], objects: list[str],
             cls: dict[str, str], parent: dict[str, str], abilities: dict[str, frozenset[str]]) -> str:
    extra = task.extra.get("alfred", {})
    params = extra.get("pddl_params", {})
    kinds = {o: alfred_class(cls[o]) for o in (*receptacles, *objects)}
    goal_types = {params.get("object_target", ""), params.get("toggle_target", "")} - {""}
    otypes = sorted({kinds[o] for o in objects} | goal_types)
    rtypes = sorted({kinds[r] for r in receptacles} | ({params["parent_target"]} if params.get("parent_target") else set()))
    init = [f"(atLocation {AGENT} {START})"]
    for r in receptacles:
        init += [f"(receptacleAtLocation {r} loc_{r})", f"(receptacleType {r} {kinds[r]}Type)"]
        if "openable" in task.object_by_id[r].properties:
            init.append(f"(openable {r})")
    for o in objects:
        where = parent[o]
        init += [f"(objectType {o} {kinds[o]}Type)", f"(inReceptacle {o} {where})", f"(objectAtLocation {o} loc_{where})",
                 f"(pickupable {o})"]
        if "receptacle" in task.object_by_id[o].properties:
            init.append(f"(isReceptacleObject {o})")
        init += [f"({word} {o})" for word in sorted(abilities[o])]
    init += [f"({STATES[a[0]]} {a[1]})" for a in sorted(task.init) if a[0] in STATES and a[1] in kinds]
    init += [f"(canContain {r}Type {o}Type)" for r in rtypes for o in otypes if o in alfworld.containers.get(r, ())]
    names = [f"{AGENT} - agent", " ".join([START, *(f"loc_{r}" for r in receptacles)]) + " - location"]
    names += [" ".join(receptacles) + " - receptacle"] if receptacles else []
    names += [" ".join(objects) + " - object"] if objects else []
    names += [" ".join(f"{t}Type" for t in otypes) + " - otype", " ".join(f"{t}Type" for t in rtypes) + " - rtype"]
    return (f"(define (problem {task.id})\n (:domain alfred)\n (:objects\n  " + "\n  ".join(names) + "\n )\n (:init\n  "
            + "\n  ".join(init) + "\n )\n" + goal(alfworld, extra) + "\n")


def goal(alfworld: AlfworldData, extra: dict) -> str:
    """ALFWorld's goal of the task type, for the task's targets (it closes the problem's ``define``)."""
    params = extra.get("pddl_params", {})
    kind = extra.get("task_type", "") + ("_slice" if params.get("object_sliced") else "")
    if kind not in alfworld.goals:
        raise Unbuildable("task type", f"ALFWorld's goal library has no goal for {kind!r}")
    return alfworld.goals[kind].format(obj=params.get("object_target", ""), recep=params.get("parent_target", ""),
                                       toggle=params.get("toggle_target", ""), mrecep=params.get("mrecep_target", "")
                                       ).replace("#", "-")
