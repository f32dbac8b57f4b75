"""A small file shaped like PARTNR's episode files (CollaborationDataset-v0),
written by the tests: our own episodes, with the fields the real format has."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

TABLE, COUNTER, CABINET = ("a1b2c3d4e5f60718293a4b5c6d7e8f9012345678_:0000",
                           "b2c3d4e5f60718293a4b5c6d7e8f901234567890_:0000",
                           "c3d4e5f60718293a4b5c6d7e8f90123456789012_:0000")
CUP1, CUP2, CUP3, LAMP, PLATE = "cup_1_:0000", "cup_2_:0000", "cup_3_:0000", "lamp_4_:0000", "plate_5_:0000"


def receptacle(furniture: str) -> str:
    return f"{furniture}|receptacle_mesh_{furniture.split('_:')[0]}.0000"


def episode(ident: str, instruction: str, propositions: list[dict[str, Any]], dependencies=(), constraints=(),
            object_states=None) -> dict[str, Any]:
    return {
        "episode_id": ident, "scene_id": "102344049", "scene_dataset_config": "data/hssd-hab/hssd-hab-partnr.scene_dataset_config.json",
        "additional_obj_config_paths": ["data/objects/ovmm_objects/"], "start_position": [0.0, 0.0, 0.0],
        "start_rotation": [0.0, 0.0, 0.0, 1.0],
        "info": {"object_labels": {CUP1: "any_targets|0"}, "extra_info": {"episode_id": ident, "instruction": instruction,
                                                                          "initial_state": []}},
        "ao_states": {}, "rigid_objs": [["cup_1.object_config.json", [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]]],
        "targets": {}, "markers": [],
        "name_to_receptacle": {CUP1: receptacle(COUNTER), CUP2: receptacle(COUNTER), CUP3: "floor",
                               LAMP: receptacle(TABLE), PLATE: receptacle(CABINET)},
        "instruction": instruction,
        "evaluation_propositions": propositions,
        "evaluation_proposition_dependencies": list(dependencies),
        "evaluation_constraints": list(constraints),
        "object_states": object_states or {},
    }


def prop(name: str, **args: Any) -> dict[str, Any]:
    return {"function_name": name, "args": args}


EPISODES = [
    # lists (any of), number, is_same_receptacle
    episode("11", "Put two cups together on the table or the counter... on the table.",
            [prop("is_on_top", object_handles=[CUP1, CUP2, CUP3], receptacle_handles=[TABLE, CABINET], number=2,
                  is_same_receptacle=True)]),
    # a temporal constraint, a dependency, a state with its initial value
    episode("12", "Put the plate in the cabinet, then turn on the lamp; then put the cup on the table.",
            [prop("is_inside", object_handles=[PLATE], receptacle_handles=[CABINET]),
             prop("is_powered_on", object_handles=[LAMP]),
             prop("is_on_top", object_handles=[CUP1], receptacle_handles=[TABLE]),
             prop("is_on_top", object_handles=[PLATE], receptacle_handles=[COUNTER])],
            dependencies=[{"proposition_indices": [3], "depends_on": [0], "relation_type": "after_unsatisfied",
                           "dependency_mode": "all"}],
            constraints=[{"type": "TemporalConstraint", "args": {"dag_edges": [[0, 1], [1, 2]], "n_propositions": 4}},
                         {"type": "TerminalSatisfactionConstraint", "args": {"proposition_indices": [1, 2, 3]}}],
            object_states={"is_powered_on": {LAMP: False}, "is_clean": {CUP1: False}}),
    episode("13", "Clean the cup and put it next to the lamp.",
            [prop("is_clean", object_handles=[CUP2]),
             prop("is_next_to", entity_handles_a=[CUP2], entity_handles_b=[LAMP], l2_threshold=0.5)]),
    episode("14", "Take the cup to the kitchen.", [prop("is_in_room", object_handles=[CUP1], room_ids=["kitchen_1"])]),
    episode("15", "Fill the cup.", [prop("is_filled", object_handles=[CUP1])], object_states={"is_filled": {CUP1: False}}),
]


def write(path: Path, episodes: list[dict[str, Any]] = EPISODES) -> Path:
    data = json.dumps({"config": None, "episodes": episodes}).encode("utf-8")
    path.write_bytes(gzip.compress(data, mtime=0) if path.name.endswith(".gz") else data)
    return path
