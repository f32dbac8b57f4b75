"""How a run asks a module's prompt (``eai run --prompts``, ``--system-prompt``):
the options of the evaluation environment that say so, and the messages they give.

``prompts`` names the prompt style (``paper`` when absent, :mod:`eai.simulation.simulator`);
``system_prompt`` is sent first as a system message; ``given_prompts``, the
prompts of a prompt file by task id (``eai run --prompts FILE``), replaces the
style's text by the given one, sent verbatim.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from eai.exceptions import EaiError
from eai.llm.model import Message
from eai.modules.base import AbilityModule
from eai.simulation.simulator import PAPER, NoPrompt, Simulator
from eai.world import Task

PROMPTS, SYSTEM_PROMPT, GIVEN_PROMPTS = "prompts", "system_prompt", "given_prompts"


def messages(module: AbilityModule, task: Task, simulator: Simulator | None,
             options: Mapping[str, Any]) -> tuple[Message, ...]:
    """What ``module`` asks of ``task`` under the run's prompt ``options`` (``simulator``: the
    one its prompts are built by; a module that needs none is asked only with given prompts)."""
    given = options.get(GIVEN_PROMPTS)
    if given is not None:
        asked: tuple[Message, ...] = (Message("user", given[task.id]),)
    elif simulator is None:
        raise EaiError(f"module {module.name!r} has no simulator to build its prompt with")
    else:
        asked = module.prompt(task, simulator, options.get(PROMPTS) or PAPER)
    system = options.get(SYSTEM_PROMPT)
    return ((Message("system", system),) if system else ()) + asked


def without_prompt(simulator: Simulator, modules: Iterable[AbilityModule], tasks: Sequence[Task],
                   options: Mapping[str, Any]) -> dict[str, str]:
    """The tasks the run's prompt style has no prompt for in one of ``modules``,
    with the reason (:class:`NoPrompt`); none in the paper's style."""
    style = options.get(PROMPTS) or PAPER
    if style == PAPER or GIVEN_PROMPTS in options:
        return {}
    lacking = {}
    for task in tasks:
        for module in modules:
            try:
                simulator.prompt(module.asks_with, task, style)
            except NoPrompt as exc:
                lacking[task.id] = str(exc)
    return lacking
