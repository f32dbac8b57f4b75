"""EB-Habitat's numbered skill list, in its words: the action list its
prompts show (``action id 12: navigate to the sofa``) and answers'
``action_id`` index.

EmbodiedBench builds it at run time (``EBHabEnv.py``): habitat's PDDL
problem lists every allowed action on every entity of a matching type
(``get_possible_actions``), in the domain's action order, entities in the
problem's order: the domain's constants (the drawers' and the fridge's push
points, ``cab_push_point_7`` first), then the receptacles LLaRP adds as
constants (``dataset.yaml``'s ``all_receps``); ``pick`` is one action per
object category (``all_cats``); ``transform_action_to_natural_language``
writes each in words, a place by EB's name for it
(:data:`eai_habitat.scene.EB_NAMES`). The same two files, the domain
and ``dataset.yaml``, are LLaRP's and EB's alike, so the list is read from
them: 16 navigations, 33 picks, 11 places, open and close the fridge, open
and close 4 drawers, 70 in all.
"""

from __future__ import annotations

from typing import Any

from eai import EaiError
from eai_habitat.scene import EB_NAMES, FIXED, PLACE_TYPE

ALLOWED = ("nav", "pick", "place", "open_fridge", "close_fridge", "open_cab", "close_cab")
WORDS = {"nav": "navigate to the {}", "pick": "pick up the {}", "place": "place at the {}",
         "open_fridge": "open the refrigerator", "close_fridge": "close the refrigerator",
         "open_cab": "open the {}", "close_cab": "close the {}"}


def skill_list(domain: dict[str, Any], dataset: dict[str, Any]) -> list[str]:
    """EB-Habitat's skills in its order and words, from the habitat domain (YAML) and ``dataset.yaml``."""
    receptacles = dataset["receptacle_sets"][0]
    if receptacles["name"] != "all_receps":
        raise EaiError("dataset.yaml's first receptacle set is not all_receps")
    entities = [(c["name"], c["expr_type"]) for c in domain["constants"]]
    entities += [(name, PLACE_TYPE) for name in receptacles["included_receptacle_substrings"]]
    eb_name = {entity.name: EB_NAMES[entity.id] for entity in FIXED if entity.id in EB_NAMES}
    parents: dict[str, list[str]] = {}
    for parent, kids in (domain.get("types") or {}).items():
        for kid in kids:
            parents.setdefault(kid, []).append(parent)
    actions = {action["name"]: action for action in domain["actions"]}
    skills = []
    for name in (n for n in actions if n in ALLOWED):
        if name == "pick":
            skills += [WORDS[name].format(category) for category in dataset["category_groups"]["all_cats"]["included"]]
            continue
        (parameter,) = actions[name]["parameters"]
        for entity, kind in entities:
            if _is_a(kind, parameter["expr_type"], parents):
                skills.append(WORDS[name].format(eb_name[entity]))
    return skills


def _is_a(kind: str, wanted: str, parents: dict[str, list[str]]) -> bool:
    """Whether type ``kind`` is ``wanted`` or below it (through any of its parents)."""
    return kind == wanted or any(_is_a(parent, wanted, parents) for parent in parents.get(kind, ()))
