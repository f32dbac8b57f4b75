"""A langchain-core chat model as an eai LanguageModel."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

from eai.plugin_api import REFUSED, Answer, GenerationConfig, LanguageModel, Message, Request, Usage
from eai_langchain.errors import call_error, without_secrets

ROLES: dict[str, type[BaseMessage]] = {"system": SystemMessage, "user": HumanMessage, "assistant": AIMessage}
FINISH_REASONS = {"max_tokens": "length", "end_turn": "stop"}  # Anthropic's stop_reason, in OpenAI's words

Build = Callable[[GenerationConfig, float], Any]  # a langchain BaseChatModel with these settings and timeout

_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def calls_loop() -> asyncio.AbstractEventLoop:
    """The event loop, in a daemon thread, where every chat model call runs.

    The openai and anthropic integrations share one HTTP client per base URL
    across the process, bound to the event loop that first used it; a second
    ``asyncio.run`` would then fail with "Event loop is closed". Running the
    calls on one loop of our own lets callers use as many loops as they like.
    """
    global _loop
    with _loop_lock:
        if _loop is None:
            _loop = asyncio.new_event_loop()
            threading.Thread(target=_loop.run_forever, name="eai-langchain-calls", daemon=True).start()
        return _loop


def to_langchain(messages: tuple[Message, ...]) -> list[BaseMessage]:
    return [ROLES[m.role](content=m.content) for m in messages]


def usage_of(message: AIMessage) -> Usage:
    """Tokens and finish reason as the integration reports them (OpenAI's
    ``finish_reason``, Anthropic's ``stop_reason``, Ollama's ``done_reason``);
    "refusal" when OpenAI's message has a ``refusal``."""
    tokens = message.usage_metadata or {}
    meta = message.response_metadata or {}
    reason = REFUSED if refusal_of(message) else (
        meta.get("finish_reason") or meta.get("stop_reason") or meta.get("done_reason"))
    return Usage(tokens.get("input_tokens"), tokens.get("output_tokens"),
                 FINISH_REASONS.get(reason, reason) if isinstance(reason, str) else None)


def refusal_of(message: AIMessage) -> str:
    """OpenAI's ``refusal``: what the model said instead of answering ("" when it answered)."""
    refusal = message.additional_kwargs.get("refusal")
    return refusal if isinstance(refusal, str) else ""


def text_of(message: AIMessage) -> str:
    """The answer's text; a refusal's text when the model refused (its content is null then)."""
    return str(message.text) or refusal_of(message)


class ChatModel(LanguageModel):
    """Sends each request to a chat model built once per generation config and timeout.

    ``secrets`` are scrubbed from error messages and answers; ``transient`` are
    the provider's exception types that mean "try again" without an HTTP status.
    """

    def __init__(self, provider: str, model: str, build: Build, secrets: tuple[str, ...] = (),
                 transient: tuple[type[BaseException], ...] = ()) -> None:
        self.provider, self.model = provider, model
        self._build, self._secrets, self._transient = build, secrets, transient
        self._chats: dict[tuple[GenerationConfig, float], Any] = {}  # touched only on the calls loop

    async def generate(self, request: Request) -> Answer:
        # cancelling this await (the runner's timeout) cancels the call on the calls loop
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(self._generate(request), calls_loop()))

    async def _generate(self, request: Request) -> Answer:
        settings = (request.config, request.timeout)
        try:
            if settings not in self._chats:
                self._chats[settings] = self._build(*settings)
            answer = await self._chats[settings].ainvoke(to_langchain(request.messages))
        except Exception as exc:  # every failure becomes a recorded ModelCallError
            raise call_error(exc, self._secrets, self._transient, self.endpoint) from None
        return Answer(without_secrets(text_of(answer), self._secrets), usage_of(answer))
