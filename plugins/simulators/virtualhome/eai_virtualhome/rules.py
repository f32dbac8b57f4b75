"""The semantics table: preconditions, redundancy test and effect per action.

docs/virtualhome-simulator.md prints this table in prose. Affordances
(object properties) are checked before anything here, see
:meth:`eai_virtualhome.scene.Scene.affords`.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from eai_virtualhome import effects as fx
from eai_virtualhome.preconditions import (
    Facing,
    FreeHand,
    Holding,
    HoldingKnife,
    InRoomOf,
    Near,
    NearOrigin,
    NotInPosture,
    Opened,
    PluggedIn,
    Precondition,
    Reachable,
    Redundancy,
    Resting,
    Standing,
    StandingUnlessNear,
    SwitchedOff,
    Wearing,
    already_held,
    already_standing,
    already_worn,
    in_state,
    on_in_posture,
)


def _no_effect(sc, s, args, e) -> None:
    """Actions such as LOOKAT or DRINK change no state."""


@dataclass(frozen=True)
class Rule:
    preconditions: tuple[Precondition, ...] = ()
    effect: fx.Effect = _no_effect
    redundant: Redundancy | None = None

    @property
    def held_arg(self) -> int | None:
        """The argument that must be held, if any (lets search enumerate held objects only)."""
        return next((p.arg for p in self.preconditions if isinstance(p, Holding)), None)


_NEAR = (Near(0), Reachable(0))
_WALK = Rule((Standing(),), fx.go_to)
_LOOK = Rule((Facing(0),))
_RELEASE = Rule((Holding(0),), fx.release)
_USE_HELD = Rule((Holding(0),))
_MOVE = Rule((*_NEAR, FreeHand()))
_CLEAN = Rule(_NEAR, fx.set_state("CLEAN", "DIRTY"))
_REST = Rule((Resting(),))

RULES: MappingProxyType[str, Rule] = MappingProxyType({
    "WALK": _WALK,
    "RUN": _WALK,
    "FIND": Rule((StandingUnlessNear(0),), fx.find),
    "TURNTO": Rule((InRoomOf(0),), fx.turn_to),
    "LOOKAT": _LOOK,
    "POINTAT": _LOOK,
    "WATCH": Rule((Facing(0), Reachable(0))),
    "GRAB": Rule((*_NEAR, FreeHand()), fx.grab, already_held),
    "PUTBACK": Rule((Holding(0), Near(1), Reachable(1)), fx.place("ONTOP")),
    "PUTIN": Rule((Holding(0), Near(1), Reachable(1), Opened(1)), fx.place("INSIDE")),
    "PUTOBJBACK": Rule((Holding(0), NearOrigin(0)), fx.put_back),
    "DROP": _RELEASE,
    "RELEASE": _RELEASE,
    "OPEN": Rule((*_NEAR, FreeHand(), SwitchedOff(0)), fx.set_state("OPEN", "CLOSED"), in_state("OPEN")),
    "CLOSE": Rule(_NEAR, fx.set_state("CLOSED", "OPEN"), in_state("CLOSED")),
    "SWITCHON": Rule((*_NEAR, PluggedIn(0)), fx.set_state("ON", "OFF"), in_state("ON")),
    "SWITCHOFF": Rule(_NEAR, fx.set_state("OFF", "ON"), in_state("OFF")),
    "PLUGIN": Rule((*_NEAR, FreeHand()), fx.set_state("PLUGGED_IN", "PLUGGED_OUT"), in_state("PLUGGED_IN")),
    "PLUGOUT": Rule((*_NEAR, FreeHand()), fx.unplug, in_state("PLUGGED_OUT")),
    "SIT": Rule((Near(0), NotInPosture("SITTING")), fx.take_posture("SITTING"), on_in_posture("SITTING")),
    "LIE": Rule((Near(0), NotInPosture("LYING")), fx.take_posture("LYING"), on_in_posture("LYING")),
    "STANDUP": Rule((), fx.stand_up, already_standing),
    "SLEEP": _REST,
    "WAKEUP": _REST,
    "DRINK": _USE_HELD,
    "READ": _USE_HELD,
    "TOUCH": Rule(_NEAR),
    "TYPE": Rule(_NEAR),
    "PUSH": _MOVE,
    "PULL": _MOVE,
    "MOVE": _MOVE,
    "SQUEEZE": _MOVE,
    "WASH": _CLEAN,
    "RINSE": _CLEAN,
    "SCRUB": _CLEAN,
    "WIPE": _CLEAN,
    "CUT": Rule((*_NEAR, HoldingKnife())),
    "EAT": Rule(_NEAR),
    "GREET": Rule(),
    "PUTON": Rule((Holding(0),), fx.wear, already_worn),
    "PUTOFF": Rule((Wearing(0),), fx.take_off),
    "POUR": Rule((Holding(0), Near(1), Reachable(1)), fx.pour),
})
