"""An agent's episode played with a model: observe, ask, act, until a budget or success ends it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from eai.agent.forms import read
from eai.agent.observation import base, history
from eai.agent.protocol import EB_BUDGETS, AgentEpisode, Budgets, Turn
from eai.llm.model import CUT, Answer, Message, ModelCallError
from eai.simulation.simulator import Simulator
from eai.world import Atom, Task

# the turn's messages and the atoms of the current state (what a baseline replans from)
Ask = Callable[[tuple[Message, ...], frozenset[Atom]], Awaitable[Answer]]


async def play_episode(task: Task, simulator: Simulator, ask: Ask, budgets: Budgets = EB_BUDGETS,
                       form: str = "json") -> dict[str, Any]:
    """The record of ``task`` played by the model ``ask`` asks (:meth:`AgentEpisode.record`);
    a failed model call ends it as a ``model_error`` record, not scored."""
    episode = AgentEpisode(task, simulator, budgets)
    while not episode.ended:
        prompt, later = base(episode, form), history(episode)
        turn = Turn(observation=later or prompt)
        try:
            answer = await ask((Message("user", prompt + later),), episode.now)
        except ModelCallError as exc:
            episode.model_failed(turn, str(exc))
            break
        turn.answer = answer.text
        turn.usage = {key: value for key, value in (("prompt_tokens", answer.usage.prompt_tokens),
                                                    ("completion_tokens", answer.usage.completion_tokens))
                      if value is not None}
        episode.act(turn, read(form, answer.text, answer.usage.finish_reason == CUT))
    record = episode.record()
    if episode.turns and episode.turns[-1].model_error:
        return {"model_error": episode.turns[-1].model_error, "ended": record["ended"], "turn_log": record["turn_log"]}
    return record
