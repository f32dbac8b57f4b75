"""The ALFRED simulator: EB-ALFRED's skills on AI2-THOR's ALFRED tasks, symbolic.

Worlds, prompts and goal formulas are imported when first asked for, so
registering the simulator (every ``eai`` command does) stays cheap.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from eai.plugin_api import (
    EB_N_SHOTS,
    ActionList,
    Domain,
    Simulator,
    Task,
    Trajectory,
    Vocabulary,
    eb_chat_prompt,
    eb_prompt,
    spread,
)
from eai_alfred.scene import EXTRA
from eai_alfred.vocabulary import VOCABULARY

if TYPE_CHECKING:
    from eai.plugin_api import ltl
    from eai_alfred.world import AlfredWorld


class AlfredSimulator(Simulator):
    name = "alfred"
    description = "AI2-THOR's ALFRED tasks (EB-ALFRED), symbolic: EB-ALFRED's high-level skills without the Unity build"
    subgoal_order = ("state", "relation")  # clean, heat or cool a thing, then place it
    prompts = {
        "goal_interpretation": "eai_alfred.goal_interpretation_prompt:goal_interpretation_prompt",
        "subgoal_decomposition": "eai_alfred.subgoal_decomposition_prompt:SUBGOAL_DECOMPOSITION",
        "action_sequencing": "eai_alfred.action_sequencing_prompt:action_sequencing_prompt",
        "transition_modeling": "eai_alfred.transition_modeling_prompt:transition_modeling_prompt",
    }

    episode_shots = EB_N_SHOTS  # EmbodiedBench's n_shots (configs/eb-alf.yaml)

    def __init__(self, suite_file: Callable[[str], Path]) -> None:
        self._file = suite_file

    @property
    def vocabulary(self) -> Vocabulary:
        return VOCABULARY

    def world(self, task: Task) -> AlfredWorld:
        from eai_alfred.world import AlfredWorld

        return AlfredWorld(task)

    def transition_model(self) -> Domain:
        """Our PDDL domain of the skills (docs/alfred-simulator.md, "Transition model")."""
        from eai.plugin_api import parse_domain

        return parse_domain(self.domain_text())

    def domain_text(self) -> str:
        """The suite's domain file, as the transition-modeling prompt shows it."""
        return self._file("domain").read_text(encoding="utf-8")

    def skills(self) -> dict[str, list[str]]:
        """EB-ALFRED's object types per skill (the suite's ``skills.json``)."""
        return {name: list(types) for name, types in _skills(self._file("skills")).items()}

    def episode_prompt(self, task: Task, history: str = "", shots: int | None = None) -> str:
        """A one-agent episode's turn as EmbodiedBench prompts it: EB-ALFRED's system prompt with the
        task's action list and the first ``shots`` of EB's examples (the long-horizon subset's own, as
        EB's evaluator picks them), the instruction and ``history`` (:func:`eai.plugin_api.eb_prompt`)."""
        from eai.plugin_api import eb_examples
        from eai_alfred.eb_system_prompt import SYSTEM_PROMPT
        from eai_alfred.sources import EXAMPLES

        file = EXAMPLES[1] if task.extra.get("alfred", {}).get("subset") == "long_horizon" else EXAMPLES[0]
        examples = eb_examples(self._file("examples"), file)[:self.episode_shots if shots is None else shots]
        return eb_prompt(SYSTEM_PROMPT, self.action_list(task).actions, task.instruction, history, examples)

    def episode_chat_prompt(self, task: Task, history: str) -> str:
        """A later turn's message in chat-history mode, EB's (:func:`eai.plugin_api.eb_chat_prompt`)."""
        return eb_chat_prompt(super().episode_chat_prompt(task, history))

    def action_list(self, task: Task) -> ActionList:
        """EB-ALFRED's action list of ``task`` (:mod:`eai_alfred.actions`): its
        162 global actions numbered as EB-ALFRED numbers them, then the scene's."""
        from eai_alfred.actions import action_list, global_actions

        skills = self.skills()
        return ActionList(tuple(action_list(task, skills)), len(global_actions(skills)))

    def prompt_examples(self, module: str) -> tuple[str, ...]:
        from eai_alfred.subgoal_decomposition_prompt import EXAMPLE_ANSWER

        return (EXAMPLE_ANSWER,) if module == "subgoal_decomposition" else ()

    def progress(self, task: Task, trajectory: Trajectory) -> float | None:
        """EB-ALFRED's task progress: the share of the task type's goal conditions met at the end."""
        from eai.plugin_api import ltl

        conditions = task.extra.get(EXTRA, {}).get("conditions", [])
        if not conditions:
            return None
        universe = ltl.Universe(task.objects, VOCABULARY.actions,
                                VOCABULARY.state_predicates | VOCABULARY.relation_predicates, dict(task.goal.classes))
        return sum(ltl.holds(_parsed(text), trajectory.final, universe) for text in conditions) / len(conditions)

    def stats(self, tasks: Sequence[Task]) -> dict[str, Any]:
        """The length of each task's EB-ALFRED action list (the paper: 171 to 298)."""
        from eai_alfred.actions import action_list

        skills = self.skills()
        return {"actions_per_task": spread([len(action_list(task, skills)) for task in tasks])}


@lru_cache(maxsize=4)
def _skills(path: Path) -> dict[str, tuple[str, ...]]:
    return {name: tuple(types) for name, types in json.loads(path.read_text(encoding="utf-8")).items()}


@lru_cache(maxsize=4096)
def _parsed(text: str) -> ltl.Formula:
    from eai.plugin_api import ltl

    return ltl.parse(text)
