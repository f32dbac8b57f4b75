"""The BEHAVIOR action vocabulary: the 30 actions of the paper's Table 27.

Each action has its arity, the BDDL abilities each argument needs (an object
affords the argument when it has ANY of them; an empty tuple means no ability
is needed) and a one-line description. The upstream action-sequencing prompt
offers 29 of them: NAVIGATE_TO is in the action space but never needed, since
every action navigates to its object by itself (paper appendix N.1.1).
Actions are in the prompt's order, NAVIGATE_TO first, LEFT_ before RIGHT_.
"""

from __future__ import annotations

from types import MappingProxyType

from eai.plugin_api import ActionSpec, PredicateMap, Vocabulary

HANDS = ("left", "right")

_ANY = ((),)
# (name, arity, abilities per argument, description); "{hand}" marks a pair of
# LEFT_/RIGHT_ actions. In the prompt's order, NAVIGATE_TO first.
_TABLE = (
    ("NAVIGATE_TO", 1, _ANY, "go to the object (never needed: every action goes to its object itself)"),
    ("{hand}_GRASP", 1, _ANY, "grasp the object with the {hand} hand, which must be empty"),
    ("{hand}_PLACE_ONTOP", 1, _ANY, "place the object in the {hand} hand on top of the target"),
    ("{hand}_PLACE_INSIDE", 1, _ANY, "place the object in the {hand} hand inside the target, which must not be closed"),
    ("{hand}_RELEASE", 1, _ANY, "release the object in the {hand} hand"),
    ("OPEN", 1, (("openable",),), "open the object (toggled off first)"),
    ("CLOSE", 1, (("openable",),), "close the object"),
    ("COOK", 1, (("cookable",),), "cook the object, which must be in or on a pan"),
    ("CLEAN", 1, (("dustyable", "stainable"),),
     "clean the object with a cleaning tool in hand (soaked for stains), or in a toggled-on sink or dishwasher"),
    ("FREEZE", 1, (("freezable",),), "freeze the object"),
    ("UNFREEZE", 1, (("freezable",),), "unfreeze the object"),
    ("SLICE", 1, (("sliceable",),), "slice the object with a slicer in hand"),
    ("SOAK", 1, (("soakable",),), "soak the object, which must be in a toggled-on sink or in a teapot"),
    ("DRY", 1, (("soakable",),), "dry the object"),
    ("TOGGLE_ON", 1, (("toggleable",),), "toggle the object on (closed first if openable)"),
    ("TOGGLE_OFF", 1, (("toggleable",),), "toggle the object off"),
    ("{hand}_PLACE_NEXTTO", 1, _ANY, "place the object in the {hand} hand next to the target"),
    ("{hand}_TRANSFER_CONTENTS_INSIDE", 1, _ANY, "move what is in or on the object in the {hand} hand inside the target"),
    ("{hand}_TRANSFER_CONTENTS_ONTOP", 1, _ANY, "move what is in or on the object in the {hand} hand onto the target"),
    ("{hand}_PLACE_NEXTTO_ONTOP", 2, ((), ()), "place the object in the {hand} hand next to target 1, on top of target 2"),
    ("{hand}_PLACE_UNDER", 1, _ANY, "place the object in the {hand} hand under the target"),
)


def _specs() -> list[ActionSpec]:
    specs = []
    for name, arity, needs, text in _TABLE:
        hands = HANDS if "{hand}" in name else ("",)
        specs += [ActionSpec(name.format(hand=hand.upper()), arity, needs, text.format(hand=hand)) for hand in hands]
    return specs


ACTIONS: MappingProxyType[str, ActionSpec] = MappingProxyType({spec.name: spec for spec in _specs()})

STATES = frozenset({"cooked", "dusty", "frozen", "open", "sliced", "soaked", "stained", "toggled_on",
                    "holding_left", "holding_right"})
RELATIONS = frozenset({"inside", "onfloor", "ontop", "under", "nextto"})

# The paper's subgoal prompt names the hands' states after VirtualHome's.
STATE_ALIASES = MappingProxyType({"holds_lh": "holding_left", "holds_rh": "holding_right"})

VOCABULARY = Vocabulary(ACTIONS, state_predicates=STATES, relation_predicates=RELATIONS, state_aliases=STATE_ALIASES)


def hand_of(action: str) -> str | None:
    """``"left"`` for LEFT_* actions, ``"right"`` for RIGHT_*, else None."""
    prefix = action.partition("_")[0].lower()
    return prefix if prefix in HANDS else None

# PARTNR's predicates in BEHAVIOR's atoms (docs/collaboration.md): clean is
# neither stained nor dusty; powered on is toggled_on; the scenes have no rooms.
PREDICATES = PredicateMap(
    relations={"is_on_top": ("ontop",), "is_inside": ("inside",), "is_next_to": ("nextto",)},
    states={"is_clean": ((("stained", False), ("dusty", False)),),
            "is_dirty": ((("stained", True),), (("dusty", True),)),
            "is_powered_on": ((("toggled_on", True),),), "is_powered_off": ((("toggled_on", False),),)},
    placed={"is_on_floor": ("onfloor",)},
    skills={"clean": frozenset({"CLEAN"}), "fill": frozenset(), "power_on": frozenset({"TOGGLE_ON"})},
)
