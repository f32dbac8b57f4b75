"""The VirtualHome simulator: vocabulary, worlds, prompts and transition model.

Worlds and prompts are imported when first asked for, so registering the
simulator (every ``eai`` command does) stays cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from eai.plugin_api import UPSTREAM_PROMPTS, Domain, Simulator, Task, Vocabulary
from eai_virtualhome.vocabulary import PREDICATES, VOCABULARY

if TYPE_CHECKING:
    from eai_virtualhome.world import VirtualHomeWorld


class VirtualHomeSimulator(Simulator):
    name = "virtualhome"
    description = "VirtualHome household scenes: evolving-graph semantics on eai states"
    evaluation_predicates = PREDICATES
    prompts = {
        "goal_interpretation": "eai_virtualhome.goal_interpretation_prompt:goal_interpretation_prompt",
        "subgoal_decomposition": "eai_virtualhome.subgoal_decomposition_prompt:SUBGOAL_DECOMPOSITION",
        "action_sequencing": "eai_virtualhome.prompt:action_sequencing_prompt",
        "transition_modeling": "eai_virtualhome.transition_modeling_prompt:TRANSITION_MODELING",
    }
    prompt_styles = {"upstream": UPSTREAM_PROMPTS}  # the EAI Challenge's prompts (docs/challenge.md)

    def __init__(self, domain_file: Callable[[], Path]) -> None:
        self._domain_file = domain_file

    @property
    def vocabulary(self) -> Vocabulary:
        return VOCABULARY

    def world(self, task: Task) -> VirtualHomeWorld:
        from eai_virtualhome.world import VirtualHomeWorld

        return VirtualHomeWorld(task)

    def transition_model(self) -> Domain:
        """The paper's PDDL domain (a simplified abstraction of these semantics)."""
        from eai.plugin_api import parse_domain

        return parse_domain(self.domain_text())

    def domain_text(self) -> str:
        """The paper's domain file, as the transition-modeling prompt shows it."""
        return self._domain_file().read_text(encoding="utf-8")
