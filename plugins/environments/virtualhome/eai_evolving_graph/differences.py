"""The known differences between eai's VirtualHome world and VirtualHome's evolving graph, as reason classes.

``eai check-world`` asks the environment which documented difference a
disagreement comes from (docs/engines.md, "VirtualHome: differences"):

- ``nearness``: VirtualHome makes the character close to what it walked to,
  what that is on or in, and what is close to those; eai to everything at the
  place it stands (docs/virtualhome-simulator.md, "Places"). Walking to the
  bathroom counter makes the soap lying by the sink near in eai, not in
  VirtualHome;
- ``facing``: looking or pointing at an object the character does not face
  in VirtualHome's graph;
- ``additional step``: an action whose effect already holds (grabbing what
  is held, closing what is closed) is an additional step in eai, as the
  paper counts it, and an error in VirtualHome;
- ``movable test``: VirtualHome lets ``PUSH``, ``PULL`` and ``MOVE`` through
  for objects without ``MOVABLE``;
- ``standing up``: VirtualHome keeps the character ``ON`` the seat it stood
  up from (goals read off its graphs rely on it);
- ``container contents``: grabbing a container drops its contents'
  ``INSIDE`` edges in VirtualHome.
"""

from __future__ import annotations

from eai.plugin_api import Disagreement

SAID = {"is not close to": "nearness", "does not face": "facing"}


def explain(d: Disagreement) -> str:
    """The reason class of ``d`` (module doc); "" when none of them explains it."""
    if d.step is None:
        return _goal(d)
    action = d.plan[d.step]
    if d.ours.success and "changed nothing" in d.ours.feedback:
        return "additional step"
    if not d.ours.success and action.name in ("PUSH", "PULL", "MOVE") and "MOVABLE" in d.ours.feedback:
        return "movable test"
    return next((reason for words, reason in SAID.items() if words in d.theirs.feedback), "")


def _goal(d: Disagreement) -> str:
    """Which state difference at the end makes the goal verdicts differ."""
    differ = d.ours.atoms ^ d.theirs.atoms
    character = next((a[1] for a in d.ours.atoms if a[0] == "INSIDE" and a[1].startswith("character.")), "")
    if any(a[0] == "ONTOP" and a[1] == character for a in differ):
        return "standing up"
    if any(a[0] == "INSIDE" and a in d.ours.atoms for a in differ):
        return "container contents"
    return ""
