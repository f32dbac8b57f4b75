"""The semantics table: per action, what makes it impossible on its objects,
its redundancy test, its preconditions and its effect.

docs/behavior-simulator.md prints this table in prose. Ability requirements
(``openable``, ``toggleable``...) are in :mod:`eai_behavior.vocabulary`;
``impossible`` adds the rules that depend on the scene (fixtures cannot be
grasped, SLICE needs a slicer somewhere...).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import MappingProxyType

from eai_behavior import effects as fx, preconditions as pre
from eai_behavior.scene import Scene
from eai_behavior.vocabulary import ACTIONS, hand_of

Impossible = Callable[[Scene, tuple[str, ...]], str]


@dataclass(frozen=True)
class Rule:
    effect: fx.Effect
    preconditions: tuple[pre.Precondition, ...] = ()
    redundant: pre.Redundancy | None = None
    impossible: tuple[Impossible, ...] = ()
    needs_held: bool = False  # the action's hand must hold something (search skips it otherwise)
    # What a goal must name (a predicate or an action) for a search to try the
    # action; empty: always tried. Its effect touches nothing else a goal or a
    # precondition reads, so a shortest plan that could use it needs it only then.
    serves: frozenset[str] = frozenset()

    def why_impossible(self, scene: Scene, args: tuple[str, ...]) -> str:
        """Why the scene makes the action impossible on ``args`` ("" if it does not)."""
        return next((reason for test in self.impossible if (reason := test(scene, args))), "")


def _fixed(scene: Scene, args: tuple[str, ...]) -> str:
    x = args[0]
    return "" if scene.graspable(x) else f"{x} is fixed in the scene (furniture, appliance or floor): it cannot be held"


def _not_into_floor(scene: Scene, args: tuple[str, ...]) -> str:
    return f"nothing can be put inside a floor ({args[0]})" if args[0] in scene.floors else ""


def _needs(what: str, attribute: str) -> Impossible:
    def test(scene: Scene, args: tuple[str, ...]) -> str:
        return "" if getattr(scene, attribute) else f"there is no {what} in this task"
    return test


def _cleaning_means(scene: Scene, args: tuple[str, ...]) -> str:
    means = scene.tools + scene.detergents + scene.water_sources + scene.dishwashers
    return "" if means else "there is nothing to clean with in this task"


_ACT = (pre.free_hand, pre.reachable(0))  # rule 6 of the prompt, and interactability
_CLEAN = (pre.reachable(0), pre.cleanable)  # upstream lets CLEAN be done with both hands full
_HOLDABLE = _needs("object that can be held", "graspables")


_PLACED_BY = frozenset({"nextto", "under"})  # what placing next to or under gives beyond placing in or on


def _hand_rules(hand: str) -> dict[str, Rule]:
    h = hand.upper()
    place = (pre.holds_something, pre.apart_from_hand(0), pre.reachable(0))
    into = (*place, pre.not_closed(0))

    def held(effect: fx.Effect, preconditions: tuple[pre.Precondition, ...], redundant: pre.Redundancy | None = None,
             *impossible: Impossible, serves: frozenset[str] = frozenset()) -> Rule:
        return Rule(effect, preconditions, redundant, (_HOLDABLE, *impossible), needs_held=True, serves=serves)

    return {
        f"{h}_GRASP": Rule(fx.grasp, (pre.hand_empty, pre.reachable(0)), pre.already_held, (_fixed,)),
        f"{h}_RELEASE": Rule(fx.release, (pre.holds_argument,), pre.nothing_to_release, (_fixed,)),
        f"{h}_PLACE_ONTOP": held(fx.place("ontop"), place),
        f"{h}_PLACE_INSIDE": held(fx.place("inside"), into, None, _not_into_floor),
        f"{h}_PLACE_NEXTTO": held(fx.place_nextto, place, serves=_PLACED_BY),
        f"{h}_PLACE_UNDER": held(fx.place_under, place, serves=_PLACED_BY),
        f"{h}_PLACE_NEXTTO_ONTOP": held(fx.place_nextto_ontop, (*place, pre.apart_from_hand(1), pre.reachable(1)),
                                        serves=_PLACED_BY),
        f"{h}_TRANSFER_CONTENTS_INSIDE": held(fx.transfer("inside"), into, pre.nothing_to_transfer, _not_into_floor),
        f"{h}_TRANSFER_CONTENTS_ONTOP": held(fx.transfer("ontop"), place, pre.nothing_to_transfer),
    }


RULES: MappingProxyType[str, Rule] = MappingProxyType({
    "NAVIGATE_TO": Rule(fx.nothing),
    **_hand_rules("left"),
    **_hand_rules("right"),
    "OPEN": Rule(fx.set_state("open", True), (*_ACT, pre.state_off("toggled_on")), pre.already("open")),
    "CLOSE": Rule(fx.set_state("open", False), _ACT, pre.already_not("open")),
    "COOK": Rule(fx.set_state("cooked", True), (*_ACT, pre.in_a_pan), pre.already("cooked"), (_needs("pan", "pans"),),
                 serves=frozenset({"cooked"})),
    "CLEAN": Rule(fx.clean, _CLEAN, pre.already_clean, (_cleaning_means,), serves=frozenset({"dusty", "stained"})),
    "FREEZE": Rule(fx.set_state("frozen", True), _ACT, pre.already("frozen"), serves=frozenset({"frozen"})),
    "UNFREEZE": Rule(fx.set_state("frozen", False), _ACT, pre.already_not("frozen"), serves=frozenset({"frozen"})),
    "SLICE": Rule(fx.slice_, (*_ACT, pre.not_held(0), pre.slicer_in_hand), pre.already("sliced"),
                  (_needs("slicer", "slicers"),)),
    "SOAK": Rule(fx.set_state("soaked", True), (*_ACT, pre.in_water), pre.already("soaked"),
                 (_needs("sink or teapot", "soakers"),), serves=frozenset({"soaked", "stained", "CLEAN"})),  # a soaked tool cleans stains
    "DRY": Rule(fx.set_state("soaked", False), _ACT, pre.already_not("soaked"), serves=frozenset({"soaked"})),
    "TOGGLE_ON": Rule(fx.toggle_on, (*_ACT, pre.state_off("open")), pre.already("toggled_on")),
    "TOGGLE_OFF": Rule(fx.set_state("toggled_on", False), _ACT, pre.already_not("toggled_on")),
})
HAND_OF = MappingProxyType({name: hand_of(name) for name in ACTIONS})
