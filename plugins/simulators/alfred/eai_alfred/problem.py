"""The PDDL side of a task: the gold domain's text, its predicate categories,
and each task's problem over the objects the gold plan involves.

A problem's objects are the task's relevant objects: those the gold plan
acts on and its goal names, the receptacles holding them at the start, the slices of those that
can be sliced (and the objects of named slices), and the faucet or sink
beside one of them. Its init is the task's initial state on those objects
with what they afford; its goal, the task's goal option the gold plan
reaches, as a conjunction.
"""

from __future__ import annotations

from collections.abc import Iterable
from importlib.resources import files

from eai.plugin_api import Action, And, Atom, Literal, Not, Pred, Problem, Task
from eai_alfred.scene import Scene
from eai_alfred.vocabulary import KNIVES

DOMAIN = "alfred"
OPERATOR = {"FIND": "find", "PICK_UP": "pick_up", "PUT_DOWN": "put_down", "DROP": "drop", "OPEN": "open",
            "CLOSE": "close", "TURN_ON": "turn_on", "TURN_OFF": "turn_off", "SLICE": "slice"}
ABILITIES = ("pickupable", "receptacle", "openable", "toggleable", "sliceable")
CATEGORIES = {
    "is_open": "object_states", "is_on": "object_states", "is_sliced": "object_states", "is_clean": "object_states",
    "is_hot": "object_states", "is_cool": "object_states",
    "pickupable": "object_affordance", "receptacle": "object_affordance", "openable": "object_affordance",
    "toggleable": "object_affordance", "sliceable": "object_affordance", "knife": "object_affordance",
    "fridge": "object_affordance", "microwave": "object_affordance",
    "at": "spatial_relations", "in_receptacle": "spatial_relations", "beside": "spatial_relations",
    "holds": "non-spatial_relations", "slice_of": "non-spatial_relations",
}


def domain_text() -> str:
    return (files("eai_alfred") / "alfred.pddl").read_text(encoding="utf-8")


def relevant(task: Task, plan: Iterable[Action], goal: Iterable[Literal]) -> list[str]:
    """The task's relevant objects (module doc), in task order."""
    scene = Scene(task)
    found = {arg for action in plan for arg in action.args} | {arg for lit in goal for arg in lit.atom[1:]}
    parent = {a[1]: a[2] for a in task.init if a[0] == "in_receptacle"}
    for obj in list(found):
        while obj in parent and parent[obj] not in found:
            obj = parent[obj]
            found.add(obj)
    found |= {scene.whole_of[o] for o in found if o in scene.whole_of}
    found |= {p for o in list(found) for p in scene.pieces.get(o, ())}
    found |= {b for a, b in scene.beside if a in found}
    return [o for o in scene.ids if o in found]


def problem(task: Task, objects: list[str], goal: Iterable[Literal]) -> Problem:
    scene, chosen = Scene(task), set(objects)
    init: list[Atom] = [a for a in sorted(task.init) if all(arg in chosen for arg in a[1:])]
    for obj in objects:
        init += [(ability, obj) for ability in ABILITIES if scene.has(obj, ability)]
        kind = scene.class_of[obj]
        init += [("knife", obj)] if kind in KNIVES else []
        init += [(kind.lower(), obj)] if kind in ("Fridge", "Microwave") else []
    init += [("beside", a, b) for a, b in sorted(scene.beside) if a in chosen and b in chosen]
    init += [("slice_of", p, w) for p, w in sorted(scene.whole_of.items()) if p in chosen and w in chosen]
    literals = [Pred(lit.atom[0], lit.atom[1:]) if lit.positive else Not(Pred(lit.atom[0], lit.atom[1:]))
                for lit in goal]
    return Problem(task.id, DOMAIN, tuple((o, "object") for o in objects), tuple(sorted(set(init))),
                   And(tuple(literals)))


def operators(plan: Iterable[Action]) -> list[str]:
    """The operators a plan uses, in the order it first uses them."""
    return list(dict.fromkeys(OPERATOR[action.name] for action in plan))


def categories(goal: Iterable[Literal]) -> list[str]:
    """The predicate categories the goal exercises."""
    return sorted({CATEGORIES[lit.atom[0]] for lit in goal})
