"""Pipelines: stages in order, written ``goal_interpretation+action_sequencing``.

Every stage but the last interprets the goal; the last acts and is evaluated
against the gold annotation. A single stage is its module evaluated alone.
Every registered ability module is a stage (the paper's four: the modules
plugin, which also registers ``planner``); plugins add more through
``eai_register_stages``.
"""

from __future__ import annotations

from dataclasses import dataclass

from eai.compose.stages import Stage, builtin_stages
from eai.exceptions import EaiError, UnknownNameError
from eai.host.manager import Plugins


@dataclass(frozen=True)
class Pipeline:
    stages: tuple[Stage, ...]

    @property
    def name(self) -> str:
        return "+".join(stage.name for stage in self.stages)

    @property
    def final(self) -> Stage:
        return self.stages[-1]


def known_stages(plugins: Plugins) -> dict[str, Stage]:
    stages = {stage.name: stage for stage in builtin_stages()}
    for name, stage in plugins.stages:
        stages.setdefault(name, stage)
    return stages


def parse_pipeline(spec: str, plugins: Plugins) -> Pipeline:
    """The pipeline ``spec`` names; one clear error for an unknown or misplaced stage."""
    stages = known_stages(plugins)
    names = [part.strip() for part in spec.split("+")]
    chosen = []
    for name in names:
        if name not in stages:
            raise UnknownNameError("stage", name, stages)
        chosen.append(stages[name])
    for stage in chosen[:-1]:
        if not stage.interprets:
            raise EaiError(f"stage {stage.name!r} acts, so it can only come last in {spec!r}")
    if len(chosen) > 1 and chosen[-1].interprets:
        raise EaiError(f"{spec!r} ends with {chosen[-1].name!r}, which interprets a goal; end with a stage that acts")
    return Pipeline(tuple(chosen))
