"""A langchain-core chat model as an eai LanguageModel."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

from eai.llm import GenerationConfig, LanguageModel, Message, Request
from eai_langchain.errors import call_error

ROLES: dict[str, type[BaseMessage]] = {"system": SystemMessage, "user": HumanMessage, "assistant": AIMessage}

Build = Callable[[GenerationConfig], Any]  # a langchain BaseChatModel with these settings

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


class ChatModel(LanguageModel):
    """Sends each request to a chat model built once per generation config.

    ``secrets`` are scrubbed from error messages; ``transient`` are the
    provider's exception types that mean "try again" without an HTTP status.
    """

    def __init__(self, provider: str, model: str, build: Build, secrets: tuple[str, ...] = (),
                 transient: tuple[type[BaseException], ...] = ()) -> None:
        self.provider, self.model = provider, model
        self._build, self._secrets, self._transient = build, secrets, transient
        self._chats: dict[GenerationConfig, Any] = {}  # touched only on the calls loop

    async def generate(self, request: Request) -> str:
        # cancelling this await (the runner's timeout) cancels the call on the calls loop
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(self._generate(request), calls_loop()))

    async def _generate(self, request: Request) -> str:
        try:
            if request.config not in self._chats:
                self._chats[request.config] = self._build(request.config)
            answer = await self._chats[request.config].ainvoke(to_langchain(request.messages))
        except Exception as exc:  # every failure becomes a recorded ModelCallError
            raise call_error(exc, self._secrets, self._transient) from None
        return str(answer.text)
