"""The habitat simulator: vocabulary, worlds, prompts, transition model, EB-style task progress.

Worlds, prompts and goal formulas are imported when first asked for, so
registering the simulator (every ``eai`` command does) stays cheap.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from eai.plugin_api import EB_N_SHOTS, ActionList, Domain, Simulator, Task, Vocabulary, eb_chat_prompt, eb_prompt
from eai_habitat.vocabulary import VOCABULARY

if TYPE_CHECKING:
    from eai.plugin_api import Trajectory
    from eai_habitat.world import HabitatWorld

SATISFIED_AT_START = "its goal holds in the initial state"


class HabitatSimulator(Simulator):
    name = "habitat"
    description = ("ReplicaCAD rearrangement (LLaRP, EB-Habitat), symbolic: EB-Habitat's skills with the "
                   "habitat domain's preconditions")
    prompts = {
        "goal_interpretation": "eai_habitat.goal_interpretation_prompt:GOAL_INTERPRETATION",
        "subgoal_decomposition": "eai_habitat.subgoal_decomposition_prompt:SUBGOAL_DECOMPOSITION",
        "action_sequencing": "eai_habitat.action_sequencing_prompt:ACTION_SEQUENCING",
        "transition_modeling": "eai_habitat.transition_modeling_prompt:transition_modeling_prompt",
    }

    episode_shots = EB_N_SHOTS  # EmbodiedBench's n_shots (configs/eb-hab.yaml)

    def __init__(self, suite_file: Callable[[str], Path]) -> None:
        self._file = suite_file

    @property
    def vocabulary(self) -> Vocabulary:
        return VOCABULARY

    def world(self, task: Task) -> HabitatWorld:
        from eai_habitat.world import HabitatWorld

        return HabitatWorld(task)

    def transition_model(self) -> Domain:
        """The habitat domain converted to PDDL (:mod:`eai_habitat.domain`), as the suite stores it."""
        return _domain(self._file("domain"))

    def domain_text(self) -> str:
        """The suite's domain file, as the transition-modeling prompt shows it."""
        return self._file("domain").read_text(encoding="utf-8")

    def episode_prompt(self, task: Task, history: str = "", shots: int | None = None) -> str:
        """A one-agent episode's turn as EmbodiedBench prompts it: EB-Habitat's system prompt with the
        task's action list and the first ``shots`` of EB's examples (eb-habitat's ``examples.json``),
        the instruction and ``history`` (:func:`eai.plugin_api.eb_prompt`)."""
        from eai.plugin_api import eb_examples
        from eai_habitat.eb_system_prompt import SYSTEM_PROMPT
        from eai_habitat.importer import EB_EXAMPLES

        examples = eb_examples(self._file("examples"), EB_EXAMPLES[0])[:self.episode_shots if shots is None else shots]
        return eb_prompt(SYSTEM_PROMPT, self.action_list(task).actions, task.instruction, history, examples)

    def episode_chat_prompt(self, task: Task, history: str) -> str:
        """A later turn's message in chat-history mode, EB's (:func:`eai.plugin_api.eb_chat_prompt`)."""
        return eb_chat_prompt(super().episode_chat_prompt(task, history))

    def action_list(self, task: Task) -> ActionList:
        """EB-Habitat's 70 skills, numbered and worded as EB-Habitat's (:mod:`eai_habitat.skills`)."""
        skills = _skills(self._file("skills"))
        return ActionList(skills, len(skills))

    def prompt_examples(self, module: str) -> tuple[str, ...]:
        from eai_habitat import action_sequencing_prompt, goal_interpretation_prompt, subgoal_decomposition_prompt

        shown = {"goal_interpretation": goal_interpretation_prompt, "action_sequencing": action_sequencing_prompt,
                 "subgoal_decomposition": subgoal_decomposition_prompt}.get(module)
        return (shown.EXAMPLE,) if shown else ()

    def progress(self, task: Task, trajectory: Trajectory) -> float:
        """EB-Habitat's task progress: 1 when the goal is reached, else the
        share of the task's subgoals that held in some state of the trajectory
        (the initial one included)."""
        from eai.plugin_api import GoalChecker, ltl

        if GoalChecker(task, VOCABULARY).reached(trajectory):
            return 1.0
        subgoals = task.extra["habitat"]["subgoals"]
        if not subgoals:
            return 0.0
        universe = ltl.Universe(task.objects, VOCABULARY.actions,
                                VOCABULARY.state_predicates | VOCABULARY.relation_predicates)
        reached = sum(any(ltl.holds(ltl.parse(line), state, universe) for state in trajectory.states)
                      for line in subgoals)
        return reached / len(subgoals)

    def excluded(self, task: Task) -> str:
        return SATISFIED_AT_START if task.extra["habitat"]["satisfied_at_start"] else ""

    def stats(self, tasks: Sequence[Task]) -> dict[str, Any]:
        from eai_habitat.stats import figures

        return figures(tasks)


@lru_cache(maxsize=4)
def _skills(path: Path) -> tuple[str, ...]:
    return tuple(json.loads(path.read_text(encoding="utf-8")))


@lru_cache(maxsize=4)
def _domain(path: Path) -> Domain:
    from eai.plugin_api import parse_domain

    return parse_domain(path.read_text(encoding="utf-8"))
