"""A lexical goal interpreter: what the instruction names, with the states its
verbs suggest. A floor for goal interpretation: no model, no world knowledge
beyond object properties and a short table of verbs.

Objects are the task's relevant objects whose class name the instruction
mentions. State goals come from verbs ("turn on" -> ``ON``/``toggled_on``/
``is_on`` for things with a switch, "open", "close", "plug", "clean", "slice",
"cook", "freeze", "soak", "heat", "cool"); relation goals put each mentioned
object ``inside``/``ontop`` (ALFRED: ``in_receptacle``) of the next mentioned
object after "in"/"into"/"on";
action goals are the instruction's verbs that are actions of the simulator.
"""

from __future__ import annotations

import json
from typing import Any

from eai.plugin_api import Task, Vocabulary
from eai_baselines.words import class_words, mentions, stem, words

STATE_VERBS = (  # instruction words -> (state predicate, holds?, property the object needs), per simulator
    (["turn", "on"], (("ON", True, "HAS_SWITCH"), ("toggled_on", True, "toggleable"), ("is_on", True, "toggleable"))),
    (["switch", "on"], (("ON", True, "HAS_SWITCH"), ("toggled_on", True, "toggleable"), ("is_on", True, "toggleable"))),
    (["turn", "off"], (("OFF", True, "HAS_SWITCH"), ("toggled_on", False, "toggleable"), ("is_on", False, "toggleable"))),
    (["open"], (("OPEN", True, "CAN_OPEN"), ("open", True, "openable"), ("is_open", True, "openable"))),
    (["close"], (("CLOSED", True, "CAN_OPEN"), ("open", False, "openable"), ("is_open", False, "openable"))),
    (["plug"], (("PLUGGED_IN", True, "HAS_PLUG"),)),
    (["clean"], (("CLEAN", True, None), ("stained", False, "stainable"), ("dusty", False, "dustyable"),
                 ("is_clean", True, "pickupable"))),
    (["wash"], (("CLEAN", True, None), ("stained", False, "stainable"), ("dusty", False, "dustyable"),
                ("is_clean", True, "pickupable"))),
    (["rinse"], (("is_clean", True, "pickupable"),)),
    (["slice"], (("sliced", True, "sliceable"), ("is_sliced", True, "sliceable"))),
    (["chop"], (("sliced", True, "sliceable"), ("is_sliced", True, "sliceable"))),
    (["cook"], (("cooked", True, "cookable"),)),
    (["freeze"], (("frozen", True, "freezable"),)),
    (["soak"], (("soaked", True, "soakable"),)),
    (["heat"], (("is_hot", True, "pickupable"),)),
    (["warm"], (("is_hot", True, "pickupable"),)),
    (["hot"], (("is_hot", True, "pickupable"),)),
    (["cool"], (("is_cool", True, "pickupable"),)),
    (["chill"], (("is_cool", True, "pickupable"),)),
    (["cold"], (("is_cool", True, "pickupable"),)),
)
PLACES = {"in": "inside", "into": "inside", "inside": "inside", "on": "ontop", "onto": "ontop"}
# each place's relation, per simulator: BEHAVIOR's, VirtualHome's, ALFRED's
RELATION_NAMES = {"inside": ("inside", "INSIDE", "in_receptacle"), "ontop": ("ontop", "ONTOP", "in_receptacle")}


def interpret(task: Task, vocabulary: Vocabulary, asks_actions: bool) -> str:
    """The goal as JSON; action goals only when the prompt asks for them."""
    text = task.instruction
    named = sorted(((pos, oid) for oid in task.relevant
                    if (pos := mentions(text, class_words(task.object_by_id[oid].class_name))) >= 0),
                   key=lambda item: item[0])
    states = vocabulary.state_predicates
    node: list[Any] = []
    for phrase, choices in STATE_VERBS:
        if mentions(text, phrase) < 0:
            continue
        for _, oid in named:
            for predicate, holds, need in choices:
                if predicate in states and (need is None or task.object_by_id[oid].has(need)):
                    item = [predicate, oid] if holds else ["not", [predicate, oid]]
                    if item not in node:
                        node.append(item)
    edge = _relations(text, named, task, vocabulary)
    actions = sorted({stem(w).upper() for w in words(text)} & set(vocabulary.actions) - {"WALK", "FIND"}) if asks_actions else []
    return json.dumps({"node goals": node, "edge goals": edge, "action goals": [{"action": a} for a in actions]})


def _relations(text: str, named: list[tuple[int, str]], task: Task, vocabulary: Vocabulary) -> list[list[str]]:
    tokens = words(text)
    relations = vocabulary.relation_predicates
    found = []
    for (pos, oid), (next_pos, target) in zip(named, named[1:]):
        between = [PLACES[w] for w in tokens[pos:next_pos] if w in PLACES]
        if not between or oid == target:
            continue
        name = next((n for n in RELATION_NAMES[between[-1]] if n in relations), None)
        if name is not None:
            found.append([name, oid, target])
    return found
