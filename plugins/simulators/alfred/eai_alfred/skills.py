"""Preconditions and effects of the nine skills, as AI2-THOR and EB-ALFRED have them.

Each skill's check reports, in order: the effect already holds (an
additional step), else every unmet precondition as a ground formula (a
missing step, or a wrong order when the plan has it elsewhere), with the
reason EB-ALFRED gives, in its words, for the first. Affordance (an object
that cannot be picked up, opened...) is decided before, from the objects'
abilities (:mod:`eai_alfred.world`). Effects follow ALFRED's environment:
turning a faucet on cleans what is in its sink, turning a microwave on heats
what is in it, closing a fridge cools what is in it (ALFRED records all
three on the action, not on placement), and slicing leaves the slices where
the object lay.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from eai.plugin_api import Atom, Check, Formula, Not, Or, Pred
from eai_alfred.scene import Scene, View


@dataclass(frozen=True)
class Step:
    """A skill about to run: the scene, the state, its object (None for PUT_DOWN and DROP)."""

    scene: Scene
    view: View
    obj: str | None


def _at_any(spots: list[str]) -> Formula:
    return Or(tuple(Pred("at", (s,)) for s in spots))


def _missing(reason: str, *missing: Formula) -> Check:
    return Check(missing=missing, reason=reason)


# EB-ALFRED's answers when the object is out of reach, per skill
NOT_FOUND = {
    "pick up": "Cannot find {} to pick up. Find the object before picking up it",
    "open": "Cannot find {} to open. Find the object before opening it",
    "close": "Cannot find {} to close",
    "turn on": "Cannot find {} to turn on",
    "turn off": "Cannot find {} to turn off",
    "slice": "Cannot find {} to slice",
}


def _reach(s: Step) -> list[Formula]:
    """The unmet conditions of reaching ``s.obj``: a slice's whole sliced, the agent near it."""
    obj, scene, view = str(s.obj), s.scene, s.view
    missing: list[Formula] = []
    whole = scene.whole_of.get(obj)
    if whole is not None and not view.has("is_sliced", whole):
        missing.append(Pred("is_sliced", (whole,)))
    if not view.near(scene, obj):
        missing.append(_at_any(view.spots(scene, obj)))
    return missing


def _visible(s: Step, verb: str, hand: list[Formula], hand_reason: str, hidden: str) -> Check:
    """PICK_UP and SLICE: the object within reach, no closed receptacle around
    it, and the hand as the skill needs it (``hand``: what is missing there)."""
    obj = str(s.obj)
    unreached = _reach(s)
    closed = s.view.closed_around(s.scene, obj)
    missing = unreached + [Pred("is_open", (r,)) for r in closed] + hand
    if not missing:
        return Check()
    if unreached:
        return _missing(NOT_FOUND[verb].format(obj), *missing)
    return _missing(hidden.format(obj, closed[0]) if closed else hand_reason, *missing)


def find(s: Step) -> Check:
    obj = str(s.obj)
    if s.view.at == obj:
        return Check(redundant=True, reason=f"The robot is already at the {obj}")
    whole = s.scene.whole_of.get(obj)
    if whole is not None and not s.view.has("is_sliced", whole):
        return _missing(f"Cannot find {obj}. This object may not exist in this scene. Try to explore other "
                        f"instances instead.", Pred("is_sliced", (whole,)))
    return Check()


def pick_up(s: Step) -> Check:
    obj, view = str(s.obj), s.view
    if obj in s.scene.pieces and view.has("is_sliced", obj):
        return Check(affordable=False, reason=f"The {obj} is sliced: pick up a slice of it")
    if view.held == obj:
        return Check(redundant=True, reason=f"The robot already holds the {obj}")
    hand = [Not(Pred("holds", (view.held,)))] if view.held is not None else []
    return _visible(s, "pick up", hand, f"Robot is currently holding {s.scene.class_of.get(str(view.held))}",
                    "{} is not visible because it is in {}. Go there to pick the object instead.")


def put_down(s: Step) -> Check:
    scene, view = s.scene, s.view
    held, target = view.held, view.at
    if held is None:
        return _missing("Robot is not holding any object", Or(tuple(Pred("holds", (o,)) for o in scene.pickupable)))
    fits = target is not None and scene.has(target, "receptacle") and target != held \
        and held not in view.ancestors(target)
    if not fits:
        others = [r for r in scene.receptacles if r != held]
        return _missing(f"Putting the object on {target or 'the floor'} failed: {target or 'nothing'} found last "
                        f"is no receptacle. Find a receptacle first", _at_any(others))
    if scene.has(str(target), "openable") and not view.has("is_open", str(target)):
        return _missing(f"Putting the object on {target} failed. First check the receptacle is open or not. "
                        f"Also try other instances of the receptacle", Pred("is_open", (str(target),)))
    return Check()


def drop(s: Step) -> Check:
    if s.view.held is None:
        return Check(redundant=True, reason="Robot is not holding any object")
    return Check()


def _switch(flag: str, value: bool, verb: str, word: str, blocker: str = "", fix: str = "") -> Callable[[Step], Check]:
    """OPEN, CLOSE, TURN_ON, TURN_OFF: make ``flag`` ``value`` on an object
    within reach (already so: an additional step), unless its ``blocker``
    state holds (a microwave that is on does not open, one that is open does
    not turn on)."""
    def check(s: Step) -> Check:
        obj = str(s.obj)
        if s.view.has(flag, obj) == value:
            return Check(redundant=True, reason=f"{verb.capitalize()} action failed. The {obj} is already {word}")
        unreached = _reach(s)
        missing = unreached + ([Not(Pred(blocker, (obj,)))] if blocker and s.view.has(blocker, obj) else [])
        if not missing:
            return Check()
        reason = NOT_FOUND[verb].format(obj) if unreached else f"{verb.capitalize()} action failed. {fix.format(obj)}"
        return _missing(reason, *missing)
    return check


open_ = _switch("is_open", True, "open", "open", "is_on", "Turn the {} off first")
close = _switch("is_open", False, "close", "closed")
turn_on = _switch("is_on", True, "turn on", "on", "is_open", "Close the {} first")
turn_off = _switch("is_on", False, "turn off", "off")


def slice_(s: Step) -> Check:
    obj, scene, view = str(s.obj), s.scene, s.view
    if view.has("is_sliced", obj):
        return Check(redundant=True, reason=f"Slice action failed. The {obj} is already sliced")
    hand = [] if view.held in scene.knives else [Or(tuple(Pred("holds", (k,)) for k in scene.knives))]
    return _visible(s, "slice", hand, "Slice action failed. Hold a knife first",
                    "Slice action failed. {} is not visible because it is in {}")


Effect = Callable[[Step], tuple[list[Atom], list[Atom]]]  # (add, delete)


def found(s: Step) -> tuple[list[Atom], list[Atom]]:
    old = [("at", s.view.at)] if s.view.at is not None else []
    return [("at", str(s.obj))], old


def picked(s: Step) -> tuple[list[Atom], list[Atom]]:
    """Held, out of its receptacle. The agent that found the object inside a
    receptacle that opens stands at that receptacle: picking it up leaves the
    agent there (``at`` the receptacle), as EB-ALFRED's example plans close
    the fridge right after taking what they found in it."""
    obj = str(s.obj)
    parent = s.view.parent.get(obj)
    if parent is None:
        return [("holds", obj)], []
    if s.view.at == obj and s.scene.has(parent, "openable"):
        return [("holds", obj), ("at", parent)], [("in_receptacle", obj, parent), ("at", obj)]
    return [("holds", obj)], [("in_receptacle", obj, parent)]


def put(s: Step) -> tuple[list[Atom], list[Atom]]:
    held = str(s.view.held)
    return [("in_receptacle", held, str(s.view.at))], [("holds", held)]


def dropped(s: Step) -> tuple[list[Atom], list[Atom]]:
    return [], [("holds", str(s.view.held))]


def opened(s: Step) -> tuple[list[Atom], list[Atom]]:
    return [("is_open", str(s.obj))], []


def closed(s: Step) -> tuple[list[Atom], list[Atom]]:
    obj = str(s.obj)
    cooled = [("is_cool", x) for x in s.view.contents.get(obj, [])] if s.scene.class_of[obj] == "Fridge" else []
    return cooled, [("is_open", obj)]


def turned_on(s: Step) -> tuple[list[Atom], list[Atom]]:
    obj, view = str(s.obj), s.view
    add: list[Atom] = [("is_on", obj)]
    if s.scene.class_of[obj] == "Microwave":
        add += [("is_hot", x) for x in view.contents.get(obj, [])]
    add += [("is_clean", x) for sink in s.scene.served_by(obj) for x in view.contents.get(sink, [])]
    return add, []


def turned_off(s: Step) -> tuple[list[Atom], list[Atom]]:
    return [], [("is_on", str(s.obj))]


def sliced(s: Step) -> tuple[list[Atom], list[Atom]]:
    obj = str(s.obj)
    parent = s.view.parent.get(obj)
    if parent is None:
        return [("is_sliced", obj)], []
    pieces = [("in_receptacle", p, parent) for p in s.scene.pieces.get(obj, ())]
    return [("is_sliced", obj), *pieces], [("in_receptacle", obj, parent)]


@dataclass(frozen=True)
class Skill:
    check: Callable[[Step], Check]
    effect: Effect
    type_level: bool = False  # EB-ALFRED acts on the nearest object of the named type


SKILLS = {
    "FIND": Skill(find, found),
    "PICK_UP": Skill(pick_up, picked, type_level=True),
    "PUT_DOWN": Skill(put_down, put),
    "DROP": Skill(drop, dropped),
    "OPEN": Skill(open_, opened),
    "CLOSE": Skill(close, closed),
    "TURN_ON": Skill(turn_on, turned_on, type_level=True),
    "TURN_OFF": Skill(turn_off, turned_off, type_level=True),
    "SLICE": Skill(slice_, sliced, type_level=True),
}
