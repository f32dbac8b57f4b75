"""Preconditions and redundancy tests of BEHAVIOR actions.

A precondition returns the ground formulas unmet in a state (empty when it
holds), written so that the step making them true can be recognised later:
``open(cabinet)``, ``holding_right(rag)``, ``soaked(rag)``, ``sliced(peach)``,
an ``or`` of the ways when there are several. A redundancy test returns why
the action's effect already holds, or None.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from eai.plugin_api import And, Formula, Not, Or, Pred
from eai_behavior.scene import Scene
from eai_behavior.view import HOLDING, View


@dataclass(frozen=True)
class Step:
    """An action being judged: the scene, the decoded state, the arguments, the hand."""

    scene: Scene
    view: View
    args: tuple[str, ...]
    hand: str | None

    @property
    def in_hand(self) -> str | None:
        """What the action's hand holds."""
        return self.view.hand[self.hand] if self.hand else None


Precondition = Callable[[Step], list[Formula]]
Redundancy = Callable[[Step], "str | None"]


def any_of(formulas: Sequence[Formula]) -> Formula:
    """One formula, or their ``or`` (the empty ``or``, never true, when there is no way)."""
    return formulas[0] if len(formulas) == 1 else Or(tuple(formulas))


def holding(hand: str, obj: str) -> Pred:
    return Pred(HOLDING[hand], (obj,))


def held_by_any(objects: Sequence[str]) -> Formula:
    """Some of ``objects`` is in some hand."""
    return any_of([holding(hand, obj) for obj in objects for hand in HOLDING])


# -- hands ---------------------------------------------------------------------

def hand_empty(s: Step) -> list[Formula]:
    """The action's hand holds nothing (to grasp)."""
    return [] if s.in_hand is None else [Not(holding(s.hand, s.in_hand))]


def free_hand(s: Step) -> list[Formula]:
    """At least one hand is empty (paper prompt, rule 6)."""
    left, right = s.view.hand["left"], s.view.hand["right"]
    if left is None or right is None:
        return []
    return [Or((Not(holding("left", left)), Not(holding("right", right))))]


def holds_something(s: Step) -> list[Formula]:
    """The action's hand holds an object (to place it, or pour from it)."""
    return [] if s.in_hand is not None else [any_of([holding(s.hand, o) for o in s.scene.graspables])]


def holds_argument(s: Step) -> list[Formula]:
    """The action's hand holds the argument (RELEASE)."""
    return [] if s.in_hand == s.args[0] else [holding(s.hand, s.args[0])]


def not_held(i: int) -> Precondition:
    """Argument ``i`` is in no hand (it is sliced where it lies)."""
    def unmet(s: Step) -> list[Formula]:
        hand = s.view.held(s.args[i])
        return [] if hand is None else [Not(holding(hand, s.args[i]))]
    return unmet


# -- where things are ------------------------------------------------------------

def reachable(i: int) -> Precondition:
    """Argument ``i`` can be interacted with: a part only once its whole is
    sliced (unmet: ``sliced(whole)``), and nothing inside a closed container,
    at any depth (unmet: ``open(container)`` for each)."""
    def unmet(s: Step) -> list[Formula]:
        obj = s.args[i]
        whole = s.scene.part_of.get(obj)
        missing: list[Formula] = []
        if whole is not None and not s.view.has("sliced", whole):
            missing.append(Pred("sliced", (whole,)))
        for atom in s.view.above(obj):
            container = atom[2]
            if atom[0] == "inside" and s.scene.openable(container) and not s.view.has("open", container):
                missing.append(Pred("open", (container,)))
        return missing
    return unmet


def not_closed(i: int) -> Precondition:
    """Argument ``i`` (a destination) is not closed."""
    def unmet(s: Step) -> list[Formula]:
        obj = s.args[i]
        return [Pred("open", (obj,))] if s.scene.openable(obj) and not s.view.has("open", obj) else []
    return unmet


def apart_from_hand(i: int) -> Precondition:
    """Argument ``i`` is neither the object in hand nor in or on it."""
    def unmet(s: Step) -> list[Formula]:
        target, held = s.args[i], s.in_hand
        if held is None:
            return []
        if target == held:
            return [Not(holding(s.hand, held))]
        if any(atom[2] == held for atom in s.view.above(target)):
            return [Not(Pred(atom[0], atom[1:])) for atom in s.view.supports(target)]
        return []
    return unmet


def _in(s: Step, containers: Sequence[str]) -> list[str]:
    """Which of ``containers`` the first argument is directly inside."""
    return [c for c in containers if s.view.has("inside", s.args[0], c)]


def _inside_running(x: str, containers: Sequence[str]) -> list[Formula]:
    """The ways for ``x`` to be inside one of ``containers`` while it is toggled on."""
    return [And((Pred("inside", (x, c)), Pred("toggled_on", (c,)))) for c in containers]


def in_a_pan(s: Step) -> list[Formula]:
    """COOK: the object is directly inside or on a pan."""
    x = s.args[0]
    if any(s.view.has(rel, x, pan) for pan in s.scene.pans for rel in ("inside", "ontop")):
        return []
    return [any_of([Pred(rel, (x, pan)) for pan in s.scene.pans for rel in ("inside", "ontop")])]


def in_water(s: Step) -> list[Formula]:
    """SOAK: the object is directly inside a toggled-on water source (a sink)
    or inside a soaking vessel (a teapot). Inside a sink that is off, the
    unmet formula is that sink's ``toggled_on``."""
    x, scene = s.args[0], s.scene
    if _in(s, scene.soaking_vessels):
        return []
    sinks = _in(s, scene.water_sources)
    if any(s.view.has("toggled_on", sink) for sink in sinks):
        return []
    if sinks:
        return [Pred("toggled_on", (sink,)) for sink in sinks]
    return [any_of(_inside_running(x, scene.water_sources)
                   + [Pred("inside", (x, v)) for v in scene.soaking_vessels])]


def can_remove(s: Step) -> tuple[bool, bool]:
    """Whether CLEAN would remove the argument's dust, and its stain."""
    scene, view = s.scene, s.view
    held = [o for o in view.hand.values() if o is not None]
    running = [c for c in _in(s, scene.water_sources + scene.dishwashers) if view.has("toggled_on", c)]
    dust = any(o in scene.tools for o in held) or bool(running)
    stain = (any(o in scene.soakable_tools and view.has("soaked", o) for o in held)
             or any(o in scene.detergents for o in held)
             or any(c in scene.water_sources for c in running))
    return dust, stain


def cleanable(s: Step) -> list[Formula]:
    """CLEAN removes at least one kind of dirt the argument has. Dust: a
    cleaning tool in hand, or the object in a toggled-on sink or dishwasher.
    Stain: a soaked cleaning tool or detergent in hand, or the object in a
    toggled-on sink. Unmet: one ``or`` of every way."""
    x, scene, view = s.args[0], s.scene, s.view
    dusty, stained = view.has("dusty", x), view.has("stained", x)
    dust, stain = can_remove(s)
    if (dusty and dust) or (stained and stain):
        return []
    ways: list[Formula] = []
    if dusty:
        ways += [holding(hand, t) for t in scene.tools for hand in HOLDING]
        ways += _inside_running(x, scene.water_sources + scene.dishwashers)
    if stained:
        ways += [And((holding(hand, t), Pred("soaked", (t,)))) for t in scene.soakable_tools for hand in HOLDING]
        ways += [holding(hand, d) for d in scene.detergents for hand in HOLDING]
        ways += [w for w in _inside_running(x, scene.water_sources) if w not in ways]
    return [any_of(ways)]


def slicer_in_hand(s: Step) -> list[Formula]:
    held = s.view.hand.values()
    return [] if any(o in s.scene.slicers for o in held) else [held_by_any(s.scene.slicers)]


def state_off(pred: str) -> Precondition:
    """The argument is not ``pred`` (OPEN: not toggled on; TOGGLE_ON: not open)."""
    def unmet(s: Step) -> list[Formula]:
        x = s.args[0]
        return [Not(Pred(pred, (x,)))] if s.view.has(pred, x) else []
    return unmet


# -- redundancy -----------------------------------------------------------------

def already_held(s: Step) -> str | None:
    hand = s.view.held(s.args[0])
    return f"{s.args[0]} is already in the {hand} hand" if hand else None


def nothing_to_release(s: Step) -> str | None:
    if s.in_hand is None and s.view.held(s.args[0]) is None:
        return f"the {s.hand} hand is empty"
    return None


def already(pred: str) -> Redundancy:
    def test(s: Step) -> str | None:
        return f"{s.args[0]} is already {pred}" if s.view.has(pred, s.args[0]) else None
    return test


def already_not(pred: str) -> Redundancy:
    def test(s: Step) -> str | None:
        return None if s.view.has(pred, s.args[0]) else f"{s.args[0]} is already not {pred}"
    return test


def already_clean(s: Step) -> str | None:
    x = s.args[0]
    return None if s.view.has("dusty", x) or s.view.has("stained", x) else f"{x} is neither dusty nor stained"


def nothing_to_transfer(s: Step) -> str | None:
    held = s.in_hand
    if held is not None and not s.view.contents(held):
        return f"nothing is in or on {held}"
    return None
