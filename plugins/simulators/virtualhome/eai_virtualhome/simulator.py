"""The VirtualHome simulator: vocabulary, worlds, prompts and transition model.

Worlds and prompts are imported when first asked for, so registering the
simulator (every ``eai`` command does) stays cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from eai.plugin_api import Domain, Simulator, Task, Vocabulary
from eai_virtualhome.vocabulary import ACTIONS, PREDICATES, VOCABULARY

if TYPE_CHECKING:
    from eai_virtualhome.world import VirtualHomeWorld


class VirtualHomeSimulator(Simulator):
    name = "virtualhome"
    description = "VirtualHome household scenes: evolving-graph semantics on eai states"
    evaluation_predicates = PREDICATES

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

        return parse_domain(self._domain_file().read_text(encoding="utf-8"))

    def prompt(self, module: str, task: Task) -> str:
        from eai_virtualhome.goal_interpretation_prompt import goal_interpretation_prompt
        from eai_virtualhome.prompt import action_sequencing_prompt
        from eai_virtualhome.subgoal_decomposition_prompt import subgoal_decomposition_prompt
        from eai_virtualhome.transition_modeling_prompt import transition_modeling_prompt

        if module == "action_sequencing":
            return action_sequencing_prompt(task, ACTIONS)
        if module == "goal_interpretation":
            return goal_interpretation_prompt(task, ACTIONS)
        if module == "subgoal_decomposition":
            return subgoal_decomposition_prompt(task)
        if module == "transition_modeling":
            return transition_modeling_prompt(task, self._domain_file().read_text(encoding="utf-8"))
        return super().prompt(module, task)
