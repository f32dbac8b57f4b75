"""The skills of EB-ALFRED (EmbodiedBench) and the predicates of the ALFRED world.

Nine high-level skills, each with the words EB-ALFRED's action list uses for
it (``find a Cabinet_2``, ``pick up the Ladle``, ``put down the object in
hand``), so answers written in them are read as they are. ``PUT_DOWN`` puts
what the agent holds into the receptacle it found last; ``DROP`` lets it
fall. The semantics: docs/alfred-simulator.md.

Predicates: ``at(x)`` (the agent is at ``x``, the object it found last),
``holds(x)``, ``in_receptacle(x, r)`` and the object states ``is_open``,
``is_on``, ``is_sliced``, ``is_clean``, ``is_hot``, ``is_cool``.
"""

from __future__ import annotations

from types import MappingProxyType

from eai.plugin_api import ActionSpec, Vocabulary

_ANY = ((),)

_SKILLS = (
    ActionSpec("FIND", 1, _ANY, "go to the object; afterwards the agent can reach it, what is in or on it, "
               "the receptacle holding it and what else that receptacle holds",
               ("find a {}", "find an {}", "find the {}")),
    ActionSpec("PICK_UP", 1, (("pickupable",),), "pick up an object within reach, with the hand empty, "
               "not inside a closed receptacle", ("pick up the {}", "pick up a {}", "pick up an {}")),
    ActionSpec("PUT_DOWN", 0, (), "put the object in hand into the receptacle found last (open it first if it opens)",
               ("put down the object in hand", "put down the object")),
    ActionSpec("DROP", 0, (), "let the object in hand fall to the floor", ("drop the object in hand",)),
    ActionSpec("OPEN", 1, (("openable",),), "open a receptacle within reach (turn it off first if it is on)",
               ("open the {}", "open a {}")),
    ActionSpec("CLOSE", 1, (("openable",),), "close a receptacle within reach; closing a fridge cools what is in it",
               ("close the {}", "close a {}")),
    ActionSpec("TURN_ON", 1, (("toggleable",),), "turn on an object within reach (close it first if it opens); "
               "a faucet cleans what is in its sink, a microwave heats what is in it", ("turn on the {}", "turn on a {}")),
    ActionSpec("TURN_OFF", 1, (("toggleable",),), "turn off an object within reach", ("turn off the {}", "turn off a {}")),
    ActionSpec("SLICE", 1, (("sliceable",),), "slice an object within reach, holding a knife; its slices lie where it lay",
               ("slice the {}", "slice a {}", "slice an {}")),
)

ACTIONS: MappingProxyType[str, ActionSpec] = MappingProxyType({spec.name: spec for spec in _SKILLS})

STATES = frozenset({"at", "holds", "is_open", "is_on", "is_sliced", "is_clean", "is_hot", "is_cool"})
RELATIONS = frozenset({"in_receptacle"})

VOCABULARY = Vocabulary(ACTIONS, state_predicates=STATES, relation_predicates=RELATIONS)

KNIVES = frozenset({"Knife", "ButterKnife"})  # what AI2-THOR slices with (ALFRED's plans use both)
