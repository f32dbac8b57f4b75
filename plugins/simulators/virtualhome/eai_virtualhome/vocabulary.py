"""The VirtualHome action vocabulary of the paper's prompt (appendix I.3).

Each action has its arity, the object properties each argument needs (an
object affords the argument when it has ANY of the listed properties; an
empty list means no requirement) and the prompt's one-line description.
PUTOBJBACK, SLEEP and WAKEUP are not in the paper's list but the gold
programs use them. CUT lists ``CUTTABLE``, the property's name in the data
(the paper's prompt misspells it ``CUTABLE``).
"""

from __future__ import annotations

from types import MappingProxyType

from eai.plugin_api import ActionSpec, PredicateMap, Vocabulary

_ACTIONS = (
    ("CLOSE", 1, (("CAN_OPEN",),), "Change state from OPEN to CLOSED"),
    ("DRINK", 1, (("DRINKABLE", "RECIPIENT"),), "Consume a drinkable item"),
    ("FIND", 1, ((),), "Locate and approach an item"),
    ("WALK", 1, ((),), "Move towards something"),
    ("GRAB", 1, (("GRABBABLE",),), "Take hold of an item that can be grabbed"),
    ("LOOKAT", 1, ((),), "Direct your gaze towards something"),
    ("OPEN", 1, (("CAN_OPEN",),), "Open an item that can be opened"),
    ("POINTAT", 1, ((),), "Point towards something"),
    ("PUTBACK", 2, (("GRABBABLE",), ()), "Place one object back onto or into another"),
    ("PUTIN", 2, (("GRABBABLE",), ("CAN_OPEN",)), "Insert one object into another"),
    ("RUN", 1, ((),), "Run towards something"),
    ("SIT", 1, (("SITTABLE",),), "Sit on a suitable object"),
    ("STANDUP", 0, (), "Stand up from a sitting or lying position"),
    ("SWITCHOFF", 1, (("HAS_SWITCH",),), "Turn off an item with a switch"),
    ("SWITCHON", 1, (("HAS_SWITCH",),), "Turn on an item with a switch"),
    ("TOUCH", 1, ((),), "Physically touch something"),
    ("TURNTO", 1, ((),), "Turn your body to face something"),
    ("WATCH", 1, ((),), "Observe something attentively"),
    ("WIPE", 1, ((),), "Clean or dry something by rubbing"),
    ("PUTON", 1, (("CLOTHES",),), "Dress oneself with an item of clothing"),
    ("PUTOFF", 1, (("CLOTHES",),), "Remove an item of clothing"),
    ("GREET", 1, (("PERSON",),), "Offer a greeting to a person"),
    ("DROP", 1, ((),), "Let go of something so it falls"),
    ("READ", 1, (("READABLE",),), "Read text from an object"),
    ("LIE", 1, (("LIEABLE",),), "Lay oneself down on an object"),
    ("POUR", 2, (("POURABLE", "DRINKABLE"), ("RECIPIENT",)), "Transfer a liquid from one container to another"),
    ("PUSH", 1, (("MOVABLE",),), "Exert force on something to move it away from you"),
    ("PULL", 1, (("MOVABLE",),), "Exert force on something to bring it towards you"),
    ("MOVE", 1, (("MOVABLE",),), "Change the location of an object"),
    ("WASH", 1, ((),), "Clean something by immersing and agitating it in water"),
    ("RINSE", 1, ((),), "Remove soap from something by applying water"),
    ("SCRUB", 1, ((),), "Clean something by rubbing it hard with a brush"),
    ("SQUEEZE", 1, (("CLOTHES",),), "Compress clothes to extract liquid"),
    ("PLUGIN", 1, (("HAS_PLUG",),), "Connect an electrical device to a power source"),
    ("PLUGOUT", 1, (("HAS_PLUG",),), "Disconnect an electrical device from a power source"),
    ("CUT", 1, (("EATABLE", "CUTTABLE"),), "Cut some food"),
    ("EAT", 1, (("EATABLE",),), "Eat some food"),
    ("RELEASE", 1, ((),), "Let go of something inside the current room"),
    ("TYPE", 1, (("HAS_SWITCH",),), "Type on a keyboard"),
    ("PUTOBJBACK", 1, (("GRABBABLE",),), "Put an object back to its original place"),
    ("SLEEP", 0, (), "Fall asleep while lying or sitting"),
    ("WAKEUP", 0, (), "Wake up while lying or sitting"),
)

ACTIONS: MappingProxyType[str, ActionSpec] = MappingProxyType(
    {name: ActionSpec(name, arity, requirements, description) for name, arity, requirements, description in _ACTIONS}
)

# Classes VirtualHome lets do an action although they lack the listed
# property: (action, argument position) -> class names.
CLASS_AFFORDANCES: MappingProxyType[tuple[str, int], frozenset[str]] = MappingProxyType({
    ("GRAB", 0): frozenset({"water"}),
    ("OPEN", 0): frozenset({"desk", "window"}),
    ("CLOSE", 0): frozenset({"desk", "window"}),
    ("POUR", 1): frozenset({"hands_both", "sponge", "face"}),
    ("TYPE", 0): frozenset({"keyboard"}),
    ("PUSH", 0): frozenset({"chair", "curtain", "button"}),
    ("PULL", 0): frozenset({"chair", "curtain"}),
    ("MOVE", 0): frozenset({"chair", "curtain"}),
    ("SQUEEZE", 0): frozenset({
        "cleaning_solution", "tooth_paste", "shampoo", "food_peanut_butter", "dish_soap", "soap",
        "towel", "rag", "paper", "sponge", "food_lemon", "check",
    }),
})

# Classes of the building itself (VirtualHome's categories Floors, Walls,
# Ceiling): they hold nothing up and make no place (eai_virtualhome.places).
STRUCTURE_CLASSES = frozenset({"floor", "wall", "ceiling"})

# Actions whose argument may be a room (the character goes into it).
ROOM_ACTIONS = frozenset({"WALK", "RUN", "FIND"})

STATES = frozenset({"CLOSED", "OPEN", "ON", "OFF", "PLUGGED_IN", "PLUGGED_OUT", "SITTING", "LYING", "CLEAN", "DIRTY"})
RELATIONS = frozenset({"ONTOP", "INSIDE", "NEXT_TO", "FACING", "BETWEEN", "HOLDS_RH", "HOLDS_LH"})

# Relation names the prompts print (ON for ONTOP; CLOSE in goals and NEAR in
# scene descriptions for NEXT_TO), read back as the predicates they stand for.
RELATION_ALIASES = MappingProxyType({"ON": "ONTOP", "CLOSE": "NEXT_TO", "NEAR": "NEXT_TO"})

VOCABULARY = Vocabulary(ACTIONS, state_predicates=STATES, relation_predicates=RELATIONS,
                        relation_aliases=RELATION_ALIASES)

# PARTNR's predicates in VirtualHome's atoms (docs/collaboration.md): rooms
# hold their objects by INSIDE edges; VirtualHome has nothing filled or on a floor.
PREDICATES = PredicateMap(
    relations={"is_on_top": ("ONTOP",), "is_inside": ("INSIDE",), "is_in_room": ("INSIDE",),
               "is_next_to": ("NEXT_TO",)},
    states={"is_clean": ((("CLEAN", True),),), "is_dirty": ((("DIRTY", True),),),
            "is_powered_on": ((("ON", True),),), "is_powered_off": ((("OFF", True),),)},
    holding=frozenset({"HOLDS_RH", "HOLDS_LH"}),
    skills={"clean": frozenset({"WIPE", "WASH", "RINSE", "SCRUB"}), "fill": frozenset({"POUR"}),
            "power_on": frozenset({"SWITCHON"})},
    in_room="INSIDE", portable="GRABBABLE",
)
