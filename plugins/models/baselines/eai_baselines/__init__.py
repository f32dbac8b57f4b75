"""Built-in baselines: answers computed from the symbolic task, no key, no network.

``baseline:lexical`` is a floor for goal interpretation and transition
modeling (word matching); ``baseline:planner`` plans from the symbolic goal
for subgoal decomposition and action sequencing (as LLM+P does; in a one-agent
episode, ``eai run --episode``, from the current state the request's ``turn``
holds), and for an
episode turn from what the agent observes (module ``"turn"``, :mod:`eai_baselines.turns`);
``baseline:auto`` answers every module with its baseline. A plugin's module
that asks with one of these modules' prompts gets that module's answer. What
each is a baseline for: docs/models.md.
"""

from __future__ import annotations

from collections.abc import Mapping

from eai import EaiError
from eai.plugin_api import LanguageModel, ModelCallError, ModelProvider, Request, get_module, get_plugins

MODELS = ("auto", "lexical", "planner")
LEXICAL, PLANNED = ("goal_interpretation", "transition_modeling"), ("subgoal_decomposition", "action_sequencing", "turn")


class BaselineModel(LanguageModel):
    provider = "baseline"
    cacheable = False

    def __init__(self, model: str) -> None:
        self.model = model

    async def generate(self, request: Request) -> str:
        task, module = request.task, prompted(request.module)
        if task is None:
            raise ModelCallError("baselines answer from the symbolic task; this request has none")
        serves = {"auto": LEXICAL + PLANNED, "lexical": LEXICAL, "planner": PLANNED}[self.model]
        if module not in serves:
            raise ModelCallError(f"baseline:{self.model} has no answer for module {module!r}")
        # imported when first asked: registering the baselines stays cheap
        from eai.plugin_api import plan_answer, subgoals_answer
        from eai_baselines import goal_interpretation, transition_modeling, turns

        simulator = get_plugins().simulators.get(get_plugins().suites.get(task.suite).simulator)
        if module == "goal_interpretation":
            asks_actions = any("action goal" in m.content.lower() for m in request.messages)
            return goal_interpretation.interpret(task, simulator.vocabulary, asks_actions)
        if module == "transition_modeling":
            return transition_modeling.guess(task, simulator.transition_model())
        if module == "turn":
            return turns.next_action(task, simulator, request.turn)
        if module == "subgoal_decomposition":
            return subgoals_answer(task, simulator)
        if isinstance(request.turn, frozenset):  # an agent's turn: it replans from where it is
            return plan_answer(task, simulator, request.turn)
        return plan_answer(task, simulator)


def prompted(stage: str) -> str:
    """The module whose prompt ``stage`` asks with (``stage`` itself when it is no module: ``turn``)."""
    return get_module(stage).asks_with if stage in get_plugins().modules else stage


class BaselineProvider(ModelProvider):
    name = "baseline"
    description = "Built-in baselines, no key or network: baseline:auto (every module), baseline:lexical, baseline:planner"
    default_model = "auto"  # eai run's model when given none

    def create(self, model: str, options: Mapping[str, str]) -> LanguageModel:
        if model not in MODELS:
            raise EaiError(f"unknown baseline {model!r} (known: {', '.join(MODELS)})")
        return BaselineModel(model)
