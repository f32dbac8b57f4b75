"""What the robot is told after an action, in EB-Habitat's words (its verbose feedback).

EB-Habitat says ``Last action executed successfully`` and, for a pick, what
is held now, for a place that nothing is, for opening and closing what is
open or closed now; or ``Last action is invalid.`` and a hint. (Its code
prints a drawer as "cabinet push", slicing the wrong part of the name; we
print its number.) An action whose effect already held changed nothing: EB
would call opening an open drawer invalid; here it is an additional step.
"""

from __future__ import annotations

from eai.plugin_api import Action, Check, Not, Obj, Pred
from eai_habitat.scene import ROBOT

HAND_EMPTY = Pred("not_holding", (ROBOT,))
DONE = "Last action executed successfully"
INVALID = "Last action is invalid."
HINTS = {
    ("PICK", True): "Robot cannot pick any object when holding something. Please place the object before picking something.",
    ("PICK", False): "Robot cannot pick any object that is not near the robot. Navigate to other place to find the object.",
    ("PLACE", True): "Robot cannot place any object that is not near the robot. Navigate to other place to find the object.",
    ("PLACE", False): "Robot cannot place any object when not holding something. Please pick the object before place it.",
}


def feedback(action: Action, check: Check, obj: Obj | None) -> str:
    if not check.affordable:
        return f"{INVALID} {check.reason}."
    if check.missing:
        return f"{INVALID} {_hint(action, check)}"
    if check.redundant:
        return f"{DONE}, but it changed nothing: {check.reason}."
    return DONE + _outcome(action, obj)


def _hint(action: Action, check: Check) -> str:
    if action.name == "PICK":  # holding something: the empty hand is what is missing
        return HINTS["PICK", HAND_EMPTY in check.missing]
    if action.name == "PLACE":  # holding something unless holding is what is missing
        return HINTS["PLACE", Not(HAND_EMPTY) not in check.missing]
    state = "open" if action.name.startswith("OPEN") else "closed"
    return f"Check whether the receptacle is already {state} or the robot is not near the receptacle."


def _outcome(action: Action, obj: Obj | None) -> str:
    if action.name == "PICK" and obj is not None:
        return f" and you are holding {obj.class_name.replace('_', ' ')}."
    if action.name == "PLACE":
        return " and you are holding nothing."
    if action.name.endswith("_FRIDGE"):
        return f" and now refrigerator is {'open' if action.name.startswith('OPEN') else 'closed'}."
    if action.name.endswith("_CAB"):
        number = action.args[0].rsplit("_", 1)[-1]
        return f" and now cabinet {number} is {'open' if action.name.startswith('OPEN') else 'closed'}."
    return "."
