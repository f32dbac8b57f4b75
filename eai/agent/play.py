"""An agent's episode played with a model: observe, ask, act, until a budget or success ends it."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from eai.agent.forms import TOOLS, read, tools_of
from eai.agent.observation import conversation, history, prompt
from eai.agent.protocol import EB_BUDGETS, AgentEpisode, Budgets, Turn
from eai.llm.model import CUT, Answer, Message, ModelCallError
from eai.simulation.simulator import Simulator
from eai.world import Atom, Task

# the turn's messages, the atoms of the current state (what a baseline replans from), the tools it may call
Ask = Callable[[tuple[Message, ...], frozenset[Atom], tuple[Any, ...]], Awaitable[Answer]]


async def play_episode(task: Task, simulator: Simulator, ask: Ask, budgets: Budgets = EB_BUDGETS,
                       form: str = "json", shots: int | None = None) -> dict[str, Any]:
    """The record of ``task`` played by the model ``ask`` asks (:meth:`AgentEpisode.record`), its
    prompt with ``shots`` in-context examples; a failed model call ends it as a ``model_error`` record, not scored."""
    episode = AgentEpisode(task, simulator, budgets, shots)
    tools = tools_of(simulator.vocabulary) if form == TOOLS else ()
    first = prompt(episode, form)
    while not episode.ended:
        if tools:
            messages = conversation(episode, first)
            turn = Turn(observation=first if len(messages) == 1 else tool_results(messages))
        else:
            later = history(episode)
            messages = (Message("user", prompt(episode, form, later) if episode.turns else first),)
            turn = Turn(observation=later or first)
        try:
            answer = await ask(messages, episode.now, tools)
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


def tool_results(messages: tuple[Message, ...]) -> str:
    """What the last turn's tool results (or the feedback to an answer calling none) said."""
    said = []
    for message in reversed(messages):
        if message.role == "assistant":
            break
        said.append(message.content)
    return "\n".join(reversed(said))
