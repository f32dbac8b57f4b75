"""An agent's episode played with a model: observe, ask, act, until a budget or success ends
it; and which tasks an agent can be asked to succeed on (:func:`gold_solvable`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from eai.agent.chat import ONE_MESSAGE, Chat, sent, user_message
from eai.agent.forms import TOOLS, read, tools_of
from eai.agent.observation import conversation, prompt
from eai.agent.protocol import EB_BUDGETS, SUCCESS, AgentEpisode, Budgets, Turn
from eai.llm.model import CUT, Answer, Message, ModelCallError, Usage
from eai.llm.usage import estimated_tokens
from eai.modules.plans.parse import ParsedPlan, RawStep
from eai.simulation.simulator import Simulator
from eai.world import Atom, Task

# the turn's messages, the atoms of the current state (what a baseline replans from), the tools it may call
Ask = Callable[[tuple[Message, ...], frozenset[Atom], tuple[Any, ...]], Awaitable[Answer]]


async def play_episode(task: Task, simulator: Simulator, ask: Ask, budgets: Budgets = EB_BUDGETS,
                       form: str = "json", chat: Chat = ONE_MESSAGE, shown: Task | None = None,
                       shots: int | None = None) -> dict[str, Any]:
    """The record of ``task`` played by the model ``ask`` asks (:meth:`AgentEpisode.record`), its
    turns sent as ``chat`` says (:mod:`eai.agent.chat`), its prompts showing ``shown`` (default:
    ``task``; the goal earlier stages interpreted) with ``shots`` in-context examples (None: the
    world's default); a failed model call ends it as a ``model_error`` record, not scored."""
    episode = AgentEpisode(task, simulator, budgets, shown, shots)
    tools = tools_of(simulator.vocabulary) if form == TOOLS else ()
    first = prompt(episode, form)
    said: tuple[Message, ...] = ()  # the conversation so far, in chat-history mode
    while not episode.ended:
        if tools:
            messages = conversation(episode, first)
            turn = Turn(observation=first if len(messages) == 1 else tool_results(messages))
        else:
            user, observed = user_message(episode, form, first, chat)
            messages, turn = sent(said, user, chat), Turn(observation=observed)
            said = (*said, Message("user", user))
        try:
            answer = await ask(messages, episode.now, tools)
        except ModelCallError as exc:
            episode.model_failed(turn, str(exc))
            break
        turn.answer = answer.text
        turn.usage = turn_usage(answer.usage, messages)
        said = (*said, Message("assistant", answer.text))
        episode.act(turn, read(form, answer.text, answer.usage.finish_reason == CUT))
    record = episode.record()
    if episode.turns and episode.turns[-1].model_error:
        return {"model_error": episode.turns[-1].model_error, "ended": record["ended"], "turn_log": record["turn_log"]}
    return record


def turn_usage(used: Usage, messages: Sequence[Message]) -> dict[str, Any]:
    """A turn's tokens: the prompt's and the completion's as the provider reported them; when it
    reported no prompt tokens, the messages sent estimated (:func:`eai.llm.usage.estimated_tokens`,
    ``prompt_tokens_estimated``)."""
    counted = {key: value for key, value in (("prompt_tokens", used.prompt_tokens),
                                             ("completion_tokens", used.completion_tokens)) if value is not None}
    if "prompt_tokens" not in counted:
        counted = {"prompt_tokens": estimated_tokens(messages), "prompt_tokens_estimated": True, **counted}
    return counted


def tool_results(messages: tuple[Message, ...]) -> str:
    """What the last turn's tool results (or the feedback to an answer calling none) said."""
    said = []
    for message in reversed(messages):
        if message.role == "assistant":
            break
        said.append(message.content)
    return "\n".join(reversed(said))


def gold_solvable(task: Task, simulator: Simulator, budgets: Budgets = EB_BUDGETS) -> bool:
    """Whether ``task`` is *gold-solvable*: its gold plan, answered whole in the first
    turn, succeeds as an episode under ``budgets`` (the goal checked after every step;
    a gold step that fails ends the gold's turn, and it has nothing more to answer, so
    an empty gold plan ends the episode at once, EB's empty plan)."""
    episode = AgentEpisode(task, simulator, budgets)
    episode.act(Turn(""), ParsedPlan(tuple(RawStep(action.name, action.args) for action in task.gold_plan)))
    return episode.ended == SUCCESS
