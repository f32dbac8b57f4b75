"""Preconditions and redundancy tests of VirtualHome actions.

A precondition returns the ground formulas that are unmet in a state (empty
when it holds), written so that the step that would make them true can be
found: ``NEXT_TO(character, x)``, ``OPEN(container)``, ``HOLDS_RH(c, x) or
HOLDS_LH(c, x)``... A redundancy test returns why the action's effect
already holds, or None.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from eai.plugin_api import Formula, Not, Or, Pred, State
from eai_virtualhome.scene import HANDS, Scene

Args = tuple[str, ...]
Redundancy = Callable[[Scene, State, Args], str | None]


class Precondition(ABC):
    @abstractmethod
    def unmet(self, sc: Scene, s: State, args: Args) -> list[Formula]:
        """The unmet ground formulas of this precondition (empty when it holds)."""


@dataclass(frozen=True)
class Near(Precondition):
    """The character is next to the argument (body parts, held and worn things always are)."""

    arg: int = 0

    def unmet(self, sc, s, args):
        x = args[self.arg]
        return [] if sc.is_near(s, x) else [Pred("NEXT_TO", (sc.character, x))]


@dataclass(frozen=True)
class Reachable(Precondition):
    """The argument is not inside a closed object (rooms do not count)."""

    arg: int = 0

    def unmet(self, sc, s, args):
        return [Pred("OPEN", (y,)) for y in sc.closed_containers(s, args[self.arg])]


@dataclass(frozen=True)
class Opened(Precondition):
    """The argument (a destination) is not closed."""

    arg: int = 0

    def unmet(self, sc, s, args):
        x = args[self.arg]
        return [Pred("OPEN", (x,))] if ("CLOSED", x) in s else []


@dataclass(frozen=True)
class Holding(Precondition):
    """The character holds the argument in either hand."""

    arg: int = 0

    def unmet(self, sc, s, args):
        x = args[self.arg]
        return [] if sc.holds(s, x) else [Or(tuple(Pred(hand, (sc.character, x)) for hand in HANDS))]


@dataclass(frozen=True)
class FreeHand(Precondition):
    """At most one hand is busy."""

    def unmet(self, sc, s, args):
        held = sc.held(s)
        if len({hand for hand, _ in held}) < len(HANDS):
            return []
        return [Or(tuple(Not(Pred(hand, (sc.character, obj))) for hand, obj in held))]


@dataclass(frozen=True)
class Standing(Precondition):
    """The character neither sits nor lies (needed to move)."""

    def unmet(self, sc, s, args):
        return [Not(Pred(p, (sc.character,))) for p in ("SITTING", "LYING") if (p, sc.character) in s]


@dataclass(frozen=True)
class StandingUnlessNear(Precondition):
    """FIND moves the character only when it is not already next to the argument."""

    arg: int = 0

    def unmet(self, sc, s, args):
        return [] if sc.is_near(s, args[self.arg]) else Standing().unmet(sc, s, args)


@dataclass(frozen=True)
class NotInPosture(Precondition):
    """The character is not already SITTING (before SIT) or LYING (before LIE)."""

    posture: str

    def unmet(self, sc, s, args):
        return [Not(Pred(self.posture, (sc.character,)))] if (self.posture, sc.character) in s else []


@dataclass(frozen=True)
class Resting(Precondition):
    """The character sits or lies (SLEEP, WAKEUP)."""

    def unmet(self, sc, s, args):
        c = sc.character
        if ("SITTING", c) in s or ("LYING", c) in s:
            return []
        return [Or((Pred("LYING", (c,)), Pred("SITTING", (c,))))]


@dataclass(frozen=True)
class Facing(Precondition):
    """The character faces the argument."""

    arg: int = 0

    def unmet(self, sc, s, args):
        atom = ("FACING", sc.character, args[self.arg])
        return [] if atom in s else [Pred(atom[0], atom[1:])]


@dataclass(frozen=True)
class InRoomOf(Precondition):
    """The character is in the argument's room (to turn to it)."""

    arg: int = 0

    def unmet(self, sc, s, args):
        room = sc.room_of(s, args[self.arg])
        if room is None or room == sc.room_of(s, sc.character):
            return []
        return [Pred("INSIDE", (sc.character, room))]


@dataclass(frozen=True)
class PluggedIn(Precondition):
    """A device with a plug (or a plug state) is plugged in."""

    arg: int = 0

    def unmet(self, sc, s, args):
        x = args[self.arg]
        return [Pred("PLUGGED_IN", (x,))] if sc.pluggable(x) and ("PLUGGED_IN", x) not in s else []


@dataclass(frozen=True)
class SwitchedOff(Precondition):
    """The argument is not switched on (a running appliance cannot be opened)."""

    arg: int = 0

    def unmet(self, sc, s, args):
        x = args[self.arg]
        return [Not(Pred("ON", (x,)))] if ("ON", x) in s else []


@dataclass(frozen=True)
class Wearing(Precondition):
    """The character wears the argument."""

    arg: int = 0

    def unmet(self, sc, s, args):
        x = args[self.arg]
        return [] if sc.worn(s, x) else [Pred("ONTOP", (x, sc.character))]


@dataclass(frozen=True)
class HoldingKnife(Precondition):
    """The character holds a knife (an object whose class name contains "knife")."""

    def unmet(self, sc, s, args):
        if any(obj in sc.knives for _, obj in sc.held(s)):
            return []
        return [Or(tuple(Pred(hand, (sc.character, k)) for k in sc.knives for hand in HANDS))]


@dataclass(frozen=True)
class NearOrigin(Precondition):
    """The character is next to what the argument rested on or in at the start
    (PUTOBJBACK puts it back there)."""

    arg: int = 0

    def unmet(self, sc, s, args):
        return [f for _, _, y in sc.origins(sc.initial, args[self.arg]) for f in Near(0).unmet(sc, s, (y,))]


def in_state(state: str) -> Redundancy:
    """Redundant when the argument is already in ``state``."""
    def test(sc: Scene, s: State, args: Args) -> str | None:
        return f"{args[0]} is already {state}" if (state, args[0]) in s else None
    return test


def on_in_posture(posture: str) -> Redundancy:
    """Redundant when the character already sits/lies on the argument."""
    def test(sc: Scene, s: State, args: Args) -> str | None:
        c = sc.character
        if (posture, c) in s and ("ONTOP", c, args[0]) in s:
            return f"{c} is already {posture} on {args[0]}"
        return None
    return test


def already_held(sc: Scene, s: State, args: Args) -> str | None:
    return f"{args[0]} is already held" if sc.holds(s, args[0]) else None


def already_worn(sc: Scene, s: State, args: Args) -> str | None:
    return f"{args[0]} is already worn" if sc.worn(s, args[0]) else None


def already_standing(sc: Scene, s: State, args: Args) -> str | None:
    c = sc.character
    return None if ("SITTING", c) in s or ("LYING", c) in s else f"{c} is already standing"
