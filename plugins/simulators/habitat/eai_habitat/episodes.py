"""LLaRP's Language Rearrangement episodes, decoded from a dataset pickle.

A dataset file (``LangRearrangeDatasetV0.to_binary``) stores every name once,
in ``idx_to_name``, and refers to names by index in ``name_to_receptacle``
(object -> the receptacle it starts on) and ``ao_states`` (articulated object
-> joint -> position), as ``from_binary`` reads them back. What the symbolic
world needs of an episode is kept; transforms, markers and the robot's start
pose are not (the world has no geometry).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eai import EaiError
from eai_habitat import pickles


@dataclass(frozen=True)
class Episode:
    """One episode: where it comes from, its scene, what stands where, the
    instruction, and the goal and subgoals as LLaRP writes them."""

    split: str
    index: int
    scene: str  # ReplicaCAD scene instance, e.g. v3_sc3_staging_00
    placement: dict[str, str]  # object name -> receptacle name
    articulation: dict[str, dict[int, float]]  # articulated object -> joint -> position
    instruction: str
    instruct_id: str
    start_preds: tuple[str, ...]
    goal: dict[str, Any]
    subgoals: tuple[tuple[str, ...], ...]

    @property
    def id(self) -> str:
        return f"{self.split}_{self.index:03d}"


def read_split(data: bytes, split: str) -> list[Episode]:
    """The episodes of one dataset file, in file order."""
    dataset = pickles.load(data, f"{split}.pickle")
    try:
        names = dataset["idx_to_name"]
        return [_episode(split, i, raw, names) for i, raw in enumerate(dataset["all_eps"])]
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise EaiError(f"{split}.pickle is not a Language Rearrangement dataset ({exc!r})") from None


def _episode(split: str, index: int, raw: dict[str, Any], names: dict[int, str]) -> Episode:
    return Episode(
        split=split,
        index=index,
        scene=raw["scene_id"].rsplit("/", 1)[-1].removesuffix(".scene_instance.json"),
        placement={names[obj]: names[recep] for obj, recep in raw["name_to_receptacle"]},
        articulation={names[obj]: dict(joints) for obj, joints in raw["ao_states"].items()},
        instruction=raw["instruction"],
        instruct_id=raw["instruct_id"],
        start_preds=tuple(raw["start_preds"]),
        goal=raw["goal_preds"],
        subgoals=tuple(tuple(subgoal) for subgoal in raw["subgoals"] or ()),
    )
