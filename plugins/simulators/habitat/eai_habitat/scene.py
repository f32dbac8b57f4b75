"""The symbolic ReplicaCAD apartment: its fixed entities, and the ids of an episode's objects.

Every Language Rearrangement episode takes place in the same apartment: 11
receptacles one can place on or in (LLaRP's ``all_receps``: 8 in the open and
the fridge's shelf and two drawers inside articulated objects), 5 articulated
objects one opens and closes at their push points (the habitat domain's
constants: the fridge, 4 kitchen-counter drawers) and the robot. Receptacles
get short ids after LLaRP's own friendly names (``name_mappings`` in
``instructions.yaml``; the fridge's shelf is ``refrigerator``, as EB-Habitat
calls it, since ``fridge`` names its push point too); push points and the
robot keep the domain's names. A receptacle inside an articulated object is
``part_of`` it: LLaRP gives the two the same friendly name ("fridge", "left
drawer", "right drawer"), which is how the import finds them.

Each fixed entity also has EB-Habitat's name for it (:data:`EB_NAMES`), the
words its skills say (``navigate to the table 1``, ``open the cabinet 7``;
EmbodiedBench's ``EBHabEnv.py``, ``add_receptacle``), which answers may use.

Movable objects get ``<category>_<n>`` ids (``ball_1``), numbered from 1 in
the order of their LLaRP names (``057_racquetball_:0000``) within the
category; the category (LLaRP's ``dataset.yaml`` object sets: the object's
asset name without its instance suffix) is the class.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from eai import EaiError

ROBOT = "robot_0"
ROBOT_TYPE = "robot_entity_type"
MOVABLE_TYPE = "movable_entity_type"
PLACE_TYPE = "place_receptacle"
CAB_TYPE = "cab_type"
FRIDGE_TYPE = "fridge_type"


@dataclass(frozen=True)
class Entity:
    """A fixed entity: its LLaRP name, our id, its class and its domain type."""

    name: str
    id: str
    class_name: str
    type: str


RECEPTACLES = (
    Entity("receptacle_aabb_Chr1_Top1_frl_apartment_chair_01", "chair", "chair", PLACE_TYPE),
    Entity("receptacle_aabb_Tbl1_Top1_frl_apartment_table_01", "black_table", "table", PLACE_TYPE),
    Entity("receptacle_aabb_Tbl2_Top1_frl_apartment_table_02", "brown_table", "table", PLACE_TYPE),
    Entity("receptacle_aabb_TvStnd1_Top1_frl_apartment_tvstand", "tv_stand", "tv_stand", PLACE_TYPE),
    Entity("receptacle_aabb_sink_kitchen_counter", "sink", "sink", PLACE_TYPE),
    Entity("receptacle_aabb_counter_right_kitchen_counter", "right_counter", "counter", PLACE_TYPE),
    Entity("receptacle_aabb_counter_left_kitchen_counter", "left_counter", "counter", PLACE_TYPE),
    Entity("receptacle_aabb_Sofa_frl_apartment_sofa", "sofa", "sofa", PLACE_TYPE),
    Entity("receptacle_aabb_middle_topfrl_apartment_refrigerator", "refrigerator", "fridge", PLACE_TYPE),
    Entity("receptacle_aabb_drawer_left_top_frl_apartment_kitchen_counter", "left_drawer", "drawer", PLACE_TYPE),
    Entity("receptacle_aabb_drawer_right_top_frl_apartment_kitchen_counter", "right_drawer", "drawer", PLACE_TYPE),
)
ARTICULATED = (
    Entity("fridge_push_point", "fridge_push_point", "fridge", FRIDGE_TYPE),
    *(Entity(f"cab_push_point_{n}", f"cab_push_point_{n}", "drawer", CAB_TYPE) for n in (4, 5, 6, 7)),
)
ROBOT_ENTITY = Entity(ROBOT, ROBOT, "robot", ROBOT_TYPE)
EB_NAMES = {
    "chair": "chair 1", "black_table": "table 1", "brown_table": "table 2", "tv_stand": "TV stand",
    "sink": "sink in the kitchen", "right_counter": "right counter in the kitchen",
    "left_counter": "left counter in the kitchen", "sofa": "sofa", "refrigerator": "refrigerator",
    "left_drawer": "left drawer of the kitchen counter", "right_drawer": "right drawer of the kitchen counter",
    "fridge_push_point": "refrigerator push point", **{f"cab_push_point_{n}": f"cabinet {n}" for n in (4, 5, 6, 7)},
}
FIXED = (ROBOT_ENTITY, *RECEPTACLES, *ARTICULATED)


def snake(text: str) -> str:
    """``toy airplane`` -> ``toy_airplane``."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def asset(name: str) -> str:
    """An object's asset: its LLaRP name without the instance suffix
    (``057_racquetball_:0000`` -> ``057_racquetball``)."""
    return name.rsplit("_", 1)[0]


def categories(dataset: dict) -> dict[str, str]:
    """Asset -> category (snake-cased), from LLaRP's ``dataset.yaml`` object sets."""
    found: dict[str, str] = {}
    for object_set in dataset["object_sets"]:
        if object_set["name"] == "CLUTTER_OBJECTS":
            continue
        for asset_name in object_set["included_substrings"]:
            found[asset_name] = snake(object_set["name"])
    return found


def parts(friendly: dict[str, str]) -> list[tuple[str, str]]:
    """(receptacle id, articulated id) of receptacles inside articulated objects:
    those LLaRP's ``name_mappings`` give the same friendly name."""
    missing = [e.name for e in RECEPTACLES + ARTICULATED if e.name not in friendly]
    if missing:
        raise EaiError(f"LLaRP's name_mappings do not name {', '.join(missing)}")
    return [(r.id, a.id) for r in RECEPTACLES for a in ARTICULATED if friendly[r.name] == friendly[a.name]]


def object_ids(names: list[str], category_of: dict[str, str]) -> dict[str, tuple[str, str]]:
    """LLaRP object name -> (our id, class), numbered per category in name order."""
    counts: dict[str, int] = {}
    ids = {}
    for name in sorted(names):
        category = category_of.get(asset(name))
        if category is None:
            raise EaiError(f"object {name!r} belongs to no category of dataset.yaml")
        counts[category] = counts.get(category, 0) + 1
        ids[name] = (f"{category}_{counts[category]}", category)
    return ids
