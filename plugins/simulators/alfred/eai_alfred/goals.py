"""The goals of ALFRED's seven task types as LTL, and EB-ALFRED's progress conditions.

Goals are type level, as ALFRED's goal library and EB-ALFRED's checks have
them: *some* object of the target type in *some* receptacle of the parent
type (class tests such as ``Ladle(x0)``). A sliced target means a slice
(``AppleSliced``). Two objects in one receptacle is "not none and not just
one" of them there (at least two, as EB-ALFRED counts). Looking at an object
in the light is holding it with a lamp of the type turned on where the agent
is (EB-ALFRED asks the lamp to be on and in view).

Progress is EB-ALFRED's ``goal_conditions_met``: each task type's list of
conditions (an object placed; some object heated; the heated object placed;
a slice made...), the share that hold at the end. :func:`conditions` gives
them as LTL formulas.

ALFRED finds a target's objects by substring, ``name in objectId`` among the
objects with the target's property (``get_objects_with_name_and_prop``): a
``ButterKnife`` is a Knife, a ``Pencil`` a Pen, a ``LettuceSliced`` a
Lettuce, a ``ToiletPaperHanger`` (a receptacle) a Toilet. :func:`alfred_classes`
gives that reading of a task's class tests (:attr:`eai.world.Goal.classes`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eai import EaiError
from eai.plugin_api import Obj
from eai_alfred.inventory import EB_WORDS

PLACED = "exists x1. ({parent}(x1) and in_receptacle(x0, x1))"
STATE_OF = {"pick_clean_then_place_in_recep": "is_clean", "pick_heat_then_place_in_recep": "is_hot",
            "pick_cool_then_place_in_recep": "is_cool"}


def targets(params: dict[str, Any]) -> dict[str, str]:
    """Class names of the task's targets (a sliced object's slices; basins as EB-ALFRED names them)."""
    obj = params["object_target"] + ("Sliced" if params.get("object_sliced") else "")
    return {"object": obj, "whole": params["object_target"], "parent": EB_WORDS.get(params["parent_target"], params["parent_target"]),
            "toggle": params["toggle_target"], "mrecep": params["mrecep_target"]}


def goal_ltl(task_type: str, params: dict[str, Any]) -> str:
    t = targets(params)
    placed = PLACED.format(**t)
    if task_type == "pick_and_place_simple":
        return f"exists x0. ({t['object']}(x0) and {placed})"
    if task_type in STATE_OF:
        return f"exists x0. ({t['object']}(x0) and {STATE_OF[task_type]}(x0) and {placed})"
    if task_type == "pick_two_obj_and_place":
        inside = f"{t['object']}(x0) and in_receptacle(x0, x1)"
        return f"exists x1. ({t['parent']}(x1) and not (forn 0 x0. ({inside})) and not (forn 1 x0. ({inside})))"
    if task_type == "look_at_obj_in_light":
        return (f"exists x0. ({t['object']}(x0) and holds(x0)) and "
                f"exists x1. ({t['toggle']}(x1) and is_on(x1) and at(x1))")
    if task_type == "pick_and_place_with_movable_recep":
        return (f"exists x0. ({t['object']}(x0) and exists x1. ({t['mrecep']}(x1) and in_receptacle(x0, x1) and "
                f"exists x2. ({t['parent']}(x2) and in_receptacle(x1, x2))))")
    raise EaiError(f"unknown ALFRED task type {task_type!r}")


def conditions(task_type: str, params: dict[str, Any]) -> list[str]:
    """EB-ALFRED's goal conditions of the task, in its order; progress is the share met."""
    t = targets(params)
    sliced = [f"exists x0. ({t['whole']}(x0) and is_sliced(x0))"] if params.get("object_sliced") else []
    placed = f"exists x0. ({t['object']}(x0) and {PLACED.format(**t)})"
    if task_type == "pick_and_place_simple":
        return sliced + [placed]
    if task_type in STATE_OF:
        state = STATE_OF[task_type]
        return sliced + [placed, f"exists x0. ({t['object']}(x0) and {state}(x0))",
                         f"exists x0. ({t['object']}(x0) and {state}(x0) and {PLACED.format(**t)})"]
    if task_type == "pick_two_obj_and_place":  # EB-ALFRED counts up to two slices; one sliced object makes two
        inside = f"{t['object']}(x0) and in_receptacle(x0, x1)"
        return sliced * 2 + [f"exists x1. ({t['parent']}(x1) and not (forn 0 x0. ({inside})))", goal_ltl(task_type, params)]
    if task_type == "look_at_obj_in_light":
        return sliced + [f"exists x0. ({t['object']}(x0) and holds(x0))",
                         f"exists x1. ({t['toggle']}(x1) and is_on(x1) and at(x1))"]
    if task_type == "pick_and_place_with_movable_recep":
        return sliced + [f"exists x0. ({t['object']}(x0) and exists x1. ({t['mrecep']}(x1) and in_receptacle(x0, x1)))",
                         f"exists x1. ({t['mrecep']}(x1) and exists x2. ({t['parent']}(x2) and in_receptacle(x1, x2)))",
                         goal_ltl(task_type, params)]
    raise EaiError(f"unknown ALFRED task type {task_type!r}")


ROLE_PROPERTY = {"object": "pickupable", "parent": "receptacle", "toggle": "toggleable", "mrecep": "pickupable"}


def alfred_classes(params: dict[str, Any], objects: Sequence[Obj]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Each target's class test, read as ALFRED finds the target: the other
    classes of ``objects`` whose name holds the target's and whose objects
    have the target's property (module doc); targets read exactly left out."""
    wider: dict[str, set[str]] = {}
    names = targets(params)
    for role, prop in ROLE_PROPERTY.items():
        name = names[role]
        found = {o.class_name for o in objects if name and name in o.class_name and o.class_name != name and o.has(prop)}
        if found:
            wider.setdefault(name, set()).update(found)
    return tuple((name, tuple(sorted(found))) for name, found in sorted(wider.items()))
