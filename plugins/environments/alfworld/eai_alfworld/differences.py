"""The known differences between eai's ALFRED world and ALFWorld's engine, as reason classes.

``eai check-world`` asks the environment which documented difference a
disagreement comes from (docs/engines.md, "ALFWorld: differences"):

- ``container table``: ALFWorld refuses to put an object where its receptacle
  table (``VAL_RECEPTACLE_OBJECTS``) does not list its type, where ALFRED's
  expert plans put it (a knife into a fridge, a microwave, a cabinet);
- ``left out``: the step names an object the game leaves out (free-standing in
  eai's state, or in a movable receptacle);
- ``no drop``: ALFWorld has no command to drop an object;
- ``movable receptacle``: putting into an object that can be moved;
- ``reach after pick-up``: ALFWorld's agent stays where it took an object and
  reaches what else is there; eai's world reaches from the object found
  last, which, once picked up, is in hand (another FIND is needed);
- ``abstract clean/heat/cool``: ALFWorld cleans, heats and cools only what
  is held at the sink, microwave or fridge, so a faucet or microwave turned
  on, or a fridge closed, with an object in hand changes nothing there.
"""

from __future__ import annotations

from eai.plugin_api import Disagreement
from eai_alfworld.engine import data
from eai_alfworld.game import alfred_class


def _held(atoms: frozenset) -> str | None:
    return next((a[1] for a in atoms if a[0] == "holds"), None)


def _at(atoms: frozenset) -> str | None:
    return next((a[1] for a in atoms if a[0] == "at"), None)


def explain(d: Disagreement) -> str:
    """The reason class of ``d`` (module doc); "" when none of them explains it."""
    task = d.task
    if d.step is None:
        return _goal(d)
    action, said = d.plan[d.step], d.theirs.feedback
    if "leaves it out" in said:
        return "left out"
    if action.name == "DROP":
        return "no drop"
    if "puts nothing into objects that move" in said:
        return "movable receptacle"
    held, target = _held(d.ours_before), _at(d.ours_before)
    if not d.ours.success and d.theirs.success and held is not None and held == target \
            and d.ours.feedback.startswith("Last action is invalid. Cannot find"):
        return "reach after pick-up"
    if action.name == "PUT_DOWN" and d.ours.success and held and target:
        kind = alfred_class(task.object_by_id[held].class_name)
        if kind not in data().containers.get(alfred_class(task.object_by_id[target].class_name), ()):
            return "container table"
    return ""


def _goal(d: Disagreement) -> str:
    """A goal verdict that differs because ALFWorld's clean, heat or cool needed the hand free."""
    ours, theirs = d.ours.atoms, d.theirs.atoms
    states = {"is_clean", "is_hot", "is_cool"}
    if {a for a in ours if a[0] in states} != {a for a in theirs if a[0] in states}:
        return "abstract clean/heat/cool"
    return ""
