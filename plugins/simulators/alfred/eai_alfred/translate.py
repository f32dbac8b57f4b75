"""ALFRED's gold trajectories in the skill language.

The interactions of ``plan.low_actions`` (pick up, put, open, close, toggle,
slice; navigation and looking around dropped) become skills on our objects,
and a ``FIND`` goes before each one the agent cannot do from where it is:
before putting, the agent finds the receptacle; before anything else, the
object, unless the last find already brought it within reach (after finding
the fridge and opening it, the apple inside can be picked up). Every step is
checked by the simulator as it goes; a step it refuses stops the import.
"""

from __future__ import annotations

from collections.abc import Iterable

from eai import EaiError
from eai.plugin_api import Action
from eai_alfred.world import AlfredWorld

SKILL_OF = {"PickupObject": "PICK_UP", "PutObject": "PUT_DOWN", "OpenObject": "OPEN", "CloseObject": "CLOSE",
            "ToggleObjectOn": "TURN_ON", "ToggleObjectOff": "TURN_OFF", "SliceObject": "SLICE"}


def interactions(low_actions: list[dict]) -> list[tuple[str, str]]:
    """(skill, AI2-THOR id) of each interaction; a put names its receptacle."""
    out = []
    for step in low_actions:
        action = step["api_action"]
        skill = SKILL_OF.get(action["action"])
        if skill is not None:
            out.append((skill, action["receptacleObjectId"] if skill == "PUT_DOWN" else action["objectId"]))
    return out


def gold_plan(world: AlfredWorld, steps: Iterable[tuple[str, str]]) -> list[Action]:
    """The skills of ``steps`` ((skill, object id): a put's receptacle), with the finds they need."""
    state, plan = world.initial, []
    for skill, obj in steps:
        action = Action(skill, () if skill == "PUT_DOWN" else (obj,))
        view = world.view(state)
        if (view.at != obj) if skill == "PUT_DOWN" else not _runs(world, state, action):
            plan.append(Action("FIND", (obj,)))
            state = _step(world, state, plan[-1])
        plan.append(action)
        state = _step(world, state, action)
    return plan


def _runs(world: AlfredWorld, state, action: Action) -> bool:
    check = world.check_exact(state, action)
    return check.executable and not check.redundant


def _step(world: AlfredWorld, state, action: Action):
    check = world.check_exact(state, action)
    if not check.executable or check.redundant:
        raise EaiError(f"gold step {action} cannot run: {check.reason or 'its effect already holds'}")
    return world.apply(state, action)
