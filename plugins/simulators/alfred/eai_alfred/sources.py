"""What EB-ALFRED's tasks are converted from, and the facts read from each.

- EmbodiedBench (github.com/EmbodiedBench/EmbodiedBench, pinned by commit):
  ``splits.json`` (six subsets of 50 tasks), the ALFRED trajectory of each
  task, EB-ALFRED's skill vocabulary, the object types its action list
  names for each skill (the literal lists of ``eb_alfred/utils.py``, read
  with :mod:`ast`, never run), and its in-context examples (``EXAMPLES``).
- alfworld 0.4.2 (the wheel): the object types of each floor plan
  (``FloorPlanN-objects.json``), its static receptacles with their ids
  (``FloorPlanN-openable.json``) and the receptacle types of ALFRED
  (``VAL_RECEPTACLE_OBJECTS`` in ``gen/constants.py``, read with :mod:`ast`).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from eai import EaiError
from eai.plugin_api import Archive, Pin

EMBODIEDBENCH = Pin(
    "embodiedbench", "b24793607b7c5f1f236dad6d9c3f3c94d0bd4b04", repository="EmbodiedBench/EmbodiedBench",
    licence_files=("embodiedbench/envs/eb_alfred/LICENSE",),
    licence_note="The repository has no top-level licence file; its README says \"MIT License\" (section "
                 "License), which covers its in-context examples (embodiedbench/evaluator/config). The EB-ALFRED "
                 "data is ALFRED's, whose MIT licence is embodiedbench/envs/eb_alfred/LICENSE (below); the "
                 "EB-ALFRED dataset card on Hugging Face (EmbodiedBench/EB-ALFRED) says Apache-2.0.")
ALFWORLD = Pin("alfworld", "0.4.2", "29affbea28f6041d1e8516ed3efd6b55becd52cfca4fb9dd5c75b9d6b8a56c2f")

EB_ALFRED = "embodiedbench/envs/eb_alfred/"
SPLITS = EB_ALFRED + "data/splits/splits.json"
SKILL_LISTS = EB_ALFRED + "utils.py"
EXAMPLES = ("embodiedbench/evaluator/config/alfred_examples.json",
            "embodiedbench/evaluator/config/alfred_long_horizon_examples.json")
LAYOUTS = "alfworld/gen/layouts/"
CONSTANTS = "alfworld/gen/constants.py"


def literals(source: str, names: tuple[str, ...]) -> dict[str, Any]:
    """The values of top-level assignments ``name = <literal>`` in Python source."""
    found = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            if node.targets[0].id in names:
                found[node.targets[0].id] = ast.literal_eval(node.value)
    missing = [name for name in names if name not in found]
    if missing:
        raise EaiError(f"no literal {', '.join(missing)} in the source read")
    return found


@dataclass(frozen=True)
class Skills:
    """EB-ALFRED's object types per skill, as its global action list names them."""

    find: tuple[str, ...]
    pick_up: tuple[str, ...]
    open: tuple[str, ...]
    toggle: tuple[str, ...]
    slice: tuple[str, ...]
    receptacle: tuple[str, ...]

    def as_dict(self) -> dict[str, list[str]]:
        """The lists as the suite's ``skills.json`` keeps them."""
        return {name: list(getattr(self, name)) for name in ("find", "pick_up", "open", "toggle", "slice", "receptacle")}


class Upstream:
    """The two sources, read lazily and each file once."""

    def __init__(self, embodiedbench: Archive, alfworld: Archive) -> None:
        self.eb, self.alfworld = embodiedbench, alfworld

    @cached_property
    def splits(self) -> dict[str, list[dict[str, Any]]]:
        return self.eb.json(SPLITS)

    def trajectory(self, entry: dict[str, Any]) -> dict[str, Any]:
        return self.eb.json(f"{EB_ALFRED}data/json_2.1.0/{entry['task']}/pp/ann_{entry['repeat_idx']}.json")

    @cached_property
    def skills(self) -> Skills:
        lists = literals(self.eb.text(SKILL_LISTS), ("alfred_objs", "alfred_pick_obj", "alfred_open_obj",
                                                     "alfred_toggle_obj", "alfred_slice_obj", "alfred_recep"))
        return Skills(*(tuple(lists[name]) for name in ("alfred_objs", "alfred_pick_obj", "alfred_open_obj",
                                                        "alfred_toggle_obj", "alfred_slice_obj", "alfred_recep")))

    @cached_property
    def receptacle_types(self) -> frozenset[str]:
        """ALFRED's receptacle types (the keys of VAL_RECEPTACLE_OBJECTS)."""
        return frozenset(literals(self.alfworld.text(CONSTANTS), ("VAL_RECEPTACLE_OBJECTS",))["VAL_RECEPTACLE_OBJECTS"])

    def floor_plan(self, number: int) -> tuple[list[str], dict[str, Any]]:
        """(object types, static receptacle ids) of floor plan ``number``."""
        return (self.alfworld.json(f"{LAYOUTS}FloorPlan{number}-objects.json"),
                self.alfworld.json(f"{LAYOUTS}FloorPlan{number}-openable.json"))
