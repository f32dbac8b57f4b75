"""Built-in baselines: answers computed from the symbolic task, no key, no network.

``baseline:lexical`` is a floor for goal interpretation and transition
modeling (word matching, see those modules); ``baseline:auto`` answers every
module with its baseline. What each is a baseline for: docs/models.md.
"""

from __future__ import annotations

from collections.abc import Mapping

from eai.exceptions import EaiError
from eai.llm import LanguageModel, ModelCallError, ModelProvider, Request
from eai.plugins import get_plugins
from eai_baselines import goal_interpretation, transition_modeling

MODELS = ("auto", "lexical")


class BaselineModel(LanguageModel):
    provider = "baseline"
    cacheable = False

    def __init__(self, model: str) -> None:
        self.model = model

    async def generate(self, request: Request) -> str:
        task, module = request.task, request.module
        if task is None:
            raise ModelCallError("baselines answer from the symbolic task; this request has none")
        simulator = get_plugins().simulators.get(get_plugins().suites.get(task.suite).simulator)
        if module == "goal_interpretation":
            asks_actions = any("action goal" in m.content.lower() for m in request.messages)
            return goal_interpretation.interpret(task, simulator.vocabulary, asks_actions)
        if module == "transition_modeling":
            return transition_modeling.guess(task, simulator.transition_model())
        raise ModelCallError(f"baseline:{self.model} has no answer for module {module!r}")


class BaselineProvider(ModelProvider):
    name = "baseline"
    description = "Built-in baselines, no key or network: baseline:auto (every module), baseline:lexical"

    def create(self, model: str, options: Mapping[str, str]) -> LanguageModel:
        if model not in MODELS:
            raise EaiError(f"unknown baseline {model!r} (known: {', '.join(MODELS)})")
        return BaselineModel(model)
