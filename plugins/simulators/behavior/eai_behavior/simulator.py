"""The BEHAVIOR simulator: vocabulary, worlds, prompts and transition model.

Worlds and prompts are imported when first asked for, so registering the
simulator (every ``eai`` command does) stays cheap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from eai.plugin_api import UPSTREAM_PROMPTS, Domain, Goal, Simulator, Task, Vocabulary
from eai_behavior.vocabulary import PREDICATES, VOCABULARY

if TYPE_CHECKING:
    from eai_behavior.world import BehaviorWorld


class BehaviorSimulator(Simulator):
    name = "behavior"
    description = "BEHAVIOR activities, symbolic: the paper's action semantics without the iGibson physics"
    evaluation_predicates = PREDICATES
    prompts = {
        "goal_interpretation": "eai_behavior.goal_interpretation_prompt:goal_interpretation_prompt",
        "subgoal_decomposition": "eai_behavior.subgoal_decomposition_prompt:SUBGOAL_DECOMPOSITION",
        "action_sequencing": "eai_behavior.prompt:ACTION_SEQUENCING",
        "transition_modeling": "eai_behavior.transition_modeling_prompt:TRANSITION_MODELING",
    }
    prompt_styles = {"upstream": UPSTREAM_PROMPTS}  # the EAI Challenge's prompts (docs/challenge.md)

    def __init__(self, domain_file: Callable[[], Path]) -> None:
        self._domain_file = domain_file

    @property
    def vocabulary(self) -> Vocabulary:
        return VOCABULARY

    def world(self, task: Task) -> BehaviorWorld:
        from eai_behavior.world import BehaviorWorld

        return BehaviorWorld(task)

    def with_goal(self, task: Task, goal: Goal) -> Task:
        """Also writes the goal as the BDDL goal the prompts print."""
        literals = [[*lit.atom] if lit.positive else ["not", [*lit.atom]] for lit in goal.state + goal.relation]
        behavior = {**task.extra["behavior"], "bddl_goal": ["and", *literals]}
        return replace(task, goal=goal, extra=MappingProxyType({**task.extra, "behavior": behavior}))

    def transition_model(self) -> Domain:
        """The paper's PDDL domain (an abstraction of these semantics, 30 operators)."""
        from eai.plugin_api import parse_domain

        return parse_domain(self.domain_text())

    def domain_text(self) -> str:
        """The paper's domain file, as the transition-modeling prompt shows it."""
        return self._domain_file().read_text(encoding="utf-8")
