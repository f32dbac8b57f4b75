"""Stages of a pipeline (paper appendix G): each takes the task as the stages
before it left it; the last one is evaluated against the gold task.

A stage either *interprets* (produces the goal later stages work towards) or
*acts* (produces what is evaluated: a plan, subgoals). Stages are data: a
plugin adds one with the ``eai_register_stages`` hook (docs/compose.md).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from eai.modules import MODULES, get_module

if TYPE_CHECKING:  # only named in annotations: plugins register stages at start-up, which need not import these
    from eai.llm.model import Message
    from eai.modules.base import Env, Record
    from eai.world import Task

CUT_OPTION = "cut"  # in the options a stage reads an answer with: the provider cut it at its token limit


class Stage(ABC):
    name: str
    description: str = ""
    interprets: bool = False  # True: gives the goal to the stages after it
    asks_model: bool = True
    scored_as: str | None = None  # the ability module that scores its answers (the viewer reads them as it does)

    def applies_to(self, task: Task) -> bool:
        """Whether the task has what this stage needs (runs leave other tasks out)."""
        return True

    def messages(self, view: Task, env: Env) -> tuple[Message, ...]:
        """What the model is asked, from the task as the earlier stages left it."""
        raise NotImplementedError(f"stage {self.name!r} asks no model")

    def interpret(self, view: Task, text: str, env: Env) -> Task:
        """The task with the goal this stage read from ``text`` (interpreting stages)."""
        raise NotImplementedError(f"stage {self.name!r} does not interpret goals")

    def act(self, view: Task, env: Env) -> str:
        """The stage's own answer when it asks no model (e.g. a planner)."""
        raise NotImplementedError(f"stage {self.name!r} asks a model")

    @abstractmethod
    def evaluate(self, text: str, gold: Task, env: Env) -> Record:
        """The record of this stage's answer against the gold task."""

    @abstractmethod
    def summarize(self, records: Sequence[Record]) -> dict[str, Any]:
        """The summary.json figures of many records (as the module it scores as)."""


class ModuleStage(Stage):
    """An ability module as a stage: the module's prompt and evaluation; it
    interprets when the module does (its answer is a goal)."""

    def __init__(self, module: str) -> None:
        self.module = get_module(module)
        self.name, self.description, self.interprets = module, self.module.description, self.module.interprets
        self.scored_as = module

    def applies_to(self, task: Task) -> bool:
        return self.module.applies_to(task)

    def messages(self, view: Task, env: Env) -> tuple[Message, ...]:
        from eai.modules.prompting import (
            messages,  # here: plugins register stages at start-up, which need not import it
        )

        return messages(self.module, view, env.simulator, env.options)

    def interpret(self, view: Task, text: str, env: Env) -> Task:
        parsed = self.module.parse(text, bool(env.options.get(CUT_OPTION)))
        return env.simulator.with_goal(view, self.module.interpreted_goal(parsed, view, env.simulator))

    def evaluate(self, text: str, gold: Task, env: Env) -> Record:
        return self.module.evaluate(self.module.parse(text, bool(env.options.get(CUT_OPTION))), gold, env)

    def summarize(self, records: Sequence[Record]) -> dict[str, Any]:
        return self.module.summarize(records)


class PlannerStage(Stage):
    """A search planner acting on the goal it is given (LLM+P), its plan
    scored by the module ``scored_as`` (registered by the plugin that owns it)."""

    name = "planner"
    asks_model = False

    def __init__(self, scored_as: str) -> None:
        self.scored_as = scored_as
        self.description = f"the bfs planner reaches the interpreted goal line by line; scored as {scored_as}"

    def act(self, view: Task, env: Env) -> str:
        from eai.compose.planning import PLANNER, plan_actions  # here: plugins register this stage at start-up
        from eai.modules.subgoals.refine import budget

        planner = env.plugins.planners.get(env.options.get("planner", PLANNER))
        actions = plan_actions(view, env.simulator, planner, budget(env.options))
        return json.dumps([[a.name, *a.args] for a in actions])

    def evaluate(self, text: str, gold: Task, env: Env) -> Record:
        module = get_module(self.scored_as)
        return module.evaluate(module.parse(text), gold, env)

    def summarize(self, records: Sequence[Record]) -> dict[str, Any]:
        return get_module(self.scored_as).summarize(records)


def builtin_stages() -> list[Stage]:
    """A stage of every registered module."""
    return [ModuleStage(name) for name in MODULES]
