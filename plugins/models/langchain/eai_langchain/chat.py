"""A langchain-core chat model as an eai LanguageModel."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

from eai.llm import GenerationConfig, LanguageModel, Message, Request
from eai_langchain.errors import call_error

ROLES: dict[str, type[BaseMessage]] = {"system": SystemMessage, "user": HumanMessage, "assistant": AIMessage}

Build = Callable[[GenerationConfig], Any]  # a langchain BaseChatModel with these settings


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
        self._chats: dict[GenerationConfig, Any] = {}

    def chat(self, config: GenerationConfig) -> Any:
        if config not in self._chats:
            self._chats[config] = self._build(config)
        return self._chats[config]

    async def generate(self, request: Request) -> str:
        try:
            answer = await self.chat(request.config).ainvoke(to_langchain(request.messages))
        except Exception as exc:  # every failure becomes a recorded ModelCallError
            raise call_error(exc, self._secrets, self._transient) from None
        return str(answer.text)
