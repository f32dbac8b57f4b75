"""EB-Habitat's six subsets, drawn from LLaRP's splits by EB's mapping.

EmbodiedBench's paper builds each 50-episode subset of EB-Habitat from LLaRP's
evaluation splits: base from new_scenes, novel_objects and rephrasing;
common_sense from context; complex_instruction from conditional_instructions
and irrelevant_text; visual_appearance from referring_expressions;
spatial_relationship from spatial_relationships; long_horizon from
multiple_rearrangements and multiple_objects. EB's own episode files are
not public (Git LFS pointers), so the ``eb-habitat`` suite draws 50 of each
subset's candidates by a seeded rule: candidates sorted by the SHA-256 of
``eb-habitat:<subset>:<task id>``, the first 50 kept, then put back in task
order. Same source and mapping, not EB's exact 300; with EB's files the
import reads them instead.
"""

from __future__ import annotations

import hashlib

SUBSETS = {
    "base": ("new_scenes", "novel_objects", "rephrasing"),
    "common_sense": ("context",),
    "complex_instruction": ("conditional_instructions", "irrelevant_text"),
    "visual_appearance": ("referring_expressions",),
    "spatial_relationship": ("spatial_relationships",),
    "long_horizon": ("multiple_rearrangements", "multiple_objects"),
}
PER_SUBSET = 50


def draw(subset: str, candidates: list[str]) -> list[str]:
    """The ``PER_SUBSET`` task ids of ``subset`` among ``candidates`` (in candidate order)."""
    rank = sorted(candidates, key=lambda tid: hashlib.sha256(f"eb-habitat:{subset}:{tid}".encode()).hexdigest())
    kept = set(rank[:PER_SUBSET])
    return [tid for tid in candidates if tid in kept]
