"""How a run asks a module's prompt (``eai run --prompts``, ``--system-prompt``):
the options of the evaluation environment that say so, and the messages they give.

``prompts`` names the prompt style (``paper`` when absent, :mod:`eai.simulation.simulator`);
``system_prompt`` is sent first as a system message; ``given_prompts``, the
prompts of a prompt file by task id (``eai run --prompts FILE``), replaces the
style's text by the given one, sent verbatim; ``shots`` keeps the first K of the
prompt's in-context examples (absent: all, as the style has them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from eai.exceptions import EaiError
from eai.llm.model import Message
from eai.modules.base import AbilityModule
from eai.simulation.prompt_builders import check_shots, examples_of
from eai.simulation.simulator import PAPER, NoPrompt, Simulator
from eai.world import Task

PROMPTS, SYSTEM_PROMPT, GIVEN_PROMPTS, SHOTS = "prompts", "system_prompt", "given_prompts", "shots"
NOT_APPLICABLE = "not applicable"  # summary.json's shots where a unit's prompts have no in-context examples


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
        asked = module.prompt(task, simulator, options.get(PROMPTS) or PAPER, options.get(SHOTS))
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


def shots_asked(simulator: Simulator | None, modules: Iterable[AbilityModule], options: Mapping[str, Any]) -> int | str | None:
    """What ``--shots`` means for a unit asking ``modules``: None when not asked; the K asked when one of
    their prompts has in-context examples (an :class:`EaiError` when one has fewer than K) or, in an
    episode, when the world's episode prompt has examples of its own (:attr:`Simulator.episode_shots`);
    :data:`NOT_APPLICABLE` when none of the paper's has any, or the prompts are a given file's;
    an :class:`EaiError` for another style none of whose builders is a :class:`FewShot`."""
    shots = options.get(SHOTS)
    if shots is None:
        return None
    check_shots(shots, None, "")
    if simulator is None or GIVEN_PROMPTS in options:
        return NOT_APPLICABLE
    if options.get("episode") and simulator.episode_shots is not None:
        return shots  # the world's own examples, the first K as EmbodiedBench's planner takes them
    style = options.get(PROMPTS) or PAPER
    found = {module.asks_with: examples_of(simulator.builder(module.asks_with, style)) for module in modules}
    for name, available in found.items():
        check_shots(shots, available, f"{style} {name} prompt of {simulator.name!r}")
    if any(n is not None for n in found.values()):
        return shots
    if style != PAPER:  # its prompts may hold examples it does not cut (upstream: the Challenge's, byte for byte)
        raise EaiError(f"--shots with --prompts {style}: its prompts are not cut into examples; --shots cuts "
                       f"the paper's prompts")
    return NOT_APPLICABLE
