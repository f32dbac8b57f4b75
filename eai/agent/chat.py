"""EmbodiedBench's chat-history mode (``chat_history=1``; ``eai run --episode --chat-history``):
the episode one conversation, as EB's language-only ``VLMPlanner`` holds it
(``planner/vlm_planner.py`` at commit b24793607b7c5f1f236dad6d9c3f3c94d0bd4b04, the
planner of EB-ALFRED and EB-Habitat).

The first turn sends the first prompt alone. Each later turn sends the conversation so far,
every prompt followed by the answer the model gave it (EB appends ``out`` as an assistant
message right after the call, whether or not it could be read), then one new user message:
the world's :meth:`~eai.simulation.simulator.Simulator.episode_chat_prompt` of the history
(EB's ``The human instruction is: ...``, the whole action history so far with each step's
feedback, then EB's request for a new plan, which writes ``executable`` where the
one-message prompt writes ``excutable``). EB's planner drops nothing: the budgets bound the
conversation (at most ``max_steps + max_invalid`` turns).

``window`` caps it as EmbodiedBench's other planner with a chat history does
(EB-Navigation's ``nav_planner.py``: ``messages[-MESSAGE_WINDOW_LEN:]``, 5): only the last
``window`` messages are sent, the new one included, and each later user message is then a
whole prompt (the world's prompt with the history, as EB-Navigation writes it), so that what
the window drops is never needed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from eai.agent.forms import TOOLS
from eai.agent.observation import asked, history, prompt
from eai.agent.protocol import AgentEpisode
from eai.exceptions import EaiError
from eai.llm.model import Message

NAV_WINDOW = 5  # EB-Navigation's MESSAGE_WINDOW_LEN


@dataclass(frozen=True)
class Chat:
    """How a turn's messages are sent: one a turn (``on`` false, EB's default
    ``chat_history=0``) or the episode's conversation, its last ``window`` messages (0: all)."""

    on: bool = False
    window: int = 0


ONE_MESSAGE = Chat()


def user_message(episode: AgentEpisode, form: str, first: str, chat: Chat) -> tuple[str, str]:
    """This turn's user message and what the turn log keeps of it as the turn's
    ``observation``: the message itself in the conversation EB's ``VLMPlanner`` holds,
    else what the message adds to the first prompt (the history and its request)."""
    if not episode.turns:
        return first, first
    if chat.on and not chat.window:
        said = asked(episode.simulator.episode_chat_prompt(episode.view, history(episode, chat=True)), form)
        return said, said
    later = history(episode)
    return prompt(episode, form, later), later


def sent(conversation: Sequence[Message], user: str, chat: Chat) -> tuple[Message, ...]:
    """The messages a turn sends: ``user`` alone, or after the ``conversation`` so far, its last ``window``."""
    if not chat.on:
        return (Message("user", user),)
    messages = (*conversation, Message("user", user))
    return messages[-chat.window:] if chat.window else messages


def check_chat(chat: Chat, form: str) -> None:
    """One line for a chat-history setting that cannot run with the answer form ``form``."""
    if chat.window and not chat.on:
        raise EaiError("--chat-window caps the conversation --chat-history sends: give --chat-history too")
    if chat.window < 0:
        raise EaiError(f"--chat-window: a number of messages, 0 or more, not {chat.window}")
    if chat.window and form == TOOLS:
        raise EaiError("--chat-window cannot cut the tools form's conversation (a tool's result must follow its "
                       "call): drop it, or act with --act-as json or react")
