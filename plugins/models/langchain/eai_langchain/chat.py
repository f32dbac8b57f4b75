"""A langchain-core chat model as an eai LanguageModel."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage

from eai import EaiError
from eai.plugin_api import REFUSED, Answer, GenerationConfig, LanguageModel, Message, Request, Usage
from eai_langchain.errors import call_error, without_secrets

ROLES: dict[str, type[BaseMessage]] = {"system": SystemMessage, "user": HumanMessage, "assistant": AIMessage}
FINISH_REASONS = {"max_tokens": "length", "end_turn": "stop"}  # Anthropic's stop_reason, in OpenAI's words

Build = Callable[[GenerationConfig, float], Any]  # a langchain BaseChatModel with these settings and timeout
Structure = Callable[[Any, Mapping[str, Any]], Any]  # the chat model asked in a JSON schema, its raw reply kept
Listing = Callable[[float], Awaitable[Mapping[str, Any] | None]]  # the server's entry for the model


def structured(chat: Any, schema: Mapping[str, Any], method: str | None = None) -> Any:
    """``chat`` asked in ``schema`` by langchain's ``with_structured_output`` (the
    integration's ``method``, e.g. json_schema), its raw message kept."""
    return chat.with_structured_output(dict(schema), include_raw=True, **({"method": method} if method else {}))

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
    """eai's messages as langchain's; an assistant's tool calls and the tools' answers (native tool calling)."""
    def one(m: Message) -> BaseMessage:
        if m.role == "tool":
            return ToolMessage(content=m.content, tool_call_id=m.tool_call_id)
        if m.tool_calls:
            return AIMessage(content=m.content, tool_calls=[{"id": i, "name": name, "args": json.loads(args)}
                                                            for i, name, args in m.tool_calls])
        return ROLES[m.role](content=m.content)
    return [one(m) for m in messages]


def tool_calls_text(message: AIMessage) -> str:
    """The tool calls of an answer asked with tools, as its text: ``[{"id", "name", "args"}, ...]``
    (the text the model wrote when it called none)."""
    calls = [{"id": c.get("id") or "", "name": c["name"], "args": c.get("args") or {}} for c in message.tool_calls or ()]
    return json.dumps(calls) if calls else str(message.text)


def usage_of(message: AIMessage) -> Usage:
    """Tokens and finish reason as the integration reports them (OpenAI's
    ``finish_reason``, Anthropic's ``stop_reason``, Ollama's ``done_reason``);
    "refusal" when OpenAI's message has a ``refusal``. Reasoning and cached
    prompt tokens from langchain's ``usage_metadata`` details
    (``output_token_details.reasoning``, ``input_token_details.cache_read``),
    where every integration puts what its provider reports."""
    tokens = message.usage_metadata or {}
    meta = message.response_metadata or {}
    reason = REFUSED if refusal_of(message) else (
        meta.get("finish_reason") or meta.get("stop_reason") or meta.get("done_reason"))
    details = (tokens.get("output_token_details") or {}, tokens.get("input_token_details") or {})
    return Usage(tokens.get("input_tokens"), tokens.get("output_tokens"),
                 FINISH_REASONS.get(reason, reason) if isinstance(reason, str) else None,
                 _count(details[0].get("reasoning")), _count(details[1].get("cache_read")))


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def served_of(message: AIMessage) -> tuple[tuple[str, str], ...]:
    """What the reply says of the model that answered: the model id and the system fingerprint, where given."""
    meta = message.response_metadata or {}
    found = {"model": meta.get("model_name") or meta.get("model"), "system_fingerprint": meta.get("system_fingerprint")}
    return tuple((key, value) for key, value in found.items() if isinstance(value, str) and value)


def refusal_of(message: AIMessage) -> str:
    """OpenAI's ``refusal``: what the model said instead of answering ("" when it answered)."""
    refusal = message.additional_kwargs.get("refusal")
    return refusal if isinstance(refusal, str) else ""


def text_of(message: AIMessage) -> str:
    """The answer's text; a refusal's text when the model refused (its content is null then);
    the arguments of its tool call when it answered in one (structured output by tool calling)."""
    calls = message.tool_calls or ()
    return str(message.text) or refusal_of(message) or (json.dumps(calls[0]["args"]) if calls else "")


class ChatModel(LanguageModel):
    """Sends each request to a chat model built once per generation config,
    timeout and JSON schema (``structure`` asks it in one).

    ``secrets`` are scrubbed from error messages and answers; ``transient`` are
    the provider's exception types that mean "try again" without an HTTP status;
    ``lister`` asks the server's model list for the model's entry.
    """

    reports_identity = True

    def __init__(self, provider: str, model: str, build: Build, secrets: tuple[str, ...] = (),
                 transient: tuple[type[BaseException], ...] = (), structure: Structure = structured,
                 lister: Listing | None = None) -> None:
        self.provider, self.model = provider, model
        self._build, self._secrets, self._transient = build, secrets, transient
        self._structure, self._lister = structure, lister
        self._chats: dict[tuple[GenerationConfig, float, str], Any] = {}  # touched only on the calls loop

    async def generate(self, request: Request) -> Answer:
        return await self._on_calls_loop(self._generate(request))

    async def listing(self, timeout: float) -> Mapping[str, Any] | None:
        return None if self._lister is None else await self._on_calls_loop(self._list(timeout))

    @staticmethod
    async def _on_calls_loop(work: Awaitable[Any]) -> Any:
        # cancelling this await (the runner's timeout) cancels the work on the calls loop
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(work, calls_loop()))  # type: ignore[arg-type]

    async def _list(self, timeout: float) -> Mapping[str, Any] | None:
        assert self._lister is not None
        try:
            return await self._lister(timeout)
        except Exception as exc:
            raise call_error(exc, self._secrets, self._transient, self.endpoint) from None

    def _chat(self, request: Request) -> Any:
        """The chat model for ``request``'s settings, asked in its JSON schema or bound to its tools."""
        schema = json.dumps(request.schema, sort_keys=True) if request.schema is not None else ""
        tools = json.dumps(request.tools, sort_keys=True) if request.tools else ""
        settings = (request.config, request.timeout, schema + tools)
        if settings not in self._chats:
            try:  # an integration refusing its settings (a missing key, an option it lacks): one line
                chat = self._build(request.config, request.timeout)
            except EaiError:
                raise
            except Exception as exc:
                raise EaiError(f"{self.id}: {without_secrets(' '.join(str(exc).split()), self._secrets)[:300]}") from None
            if tools:  # native tool calling: each action a tool (langchain's bind_tools)
                chat = chat.bind_tools(list(request.tools))
            try:
                self._chats[settings] = self._structure(chat, request.schema) if schema else chat
            except Exception as exc:  # the integration cannot take this schema: one line, not a failed call per task
                raise EaiError(f"{self.id} cannot be asked in the JSON schema of {request.module} "
                               f"({type(exc).__name__}: {exc}); run without --response-format json-schema") from None
        return self._chats[settings]

    async def _generate(self, request: Request) -> Answer:
        chat = self._chat(request)  # an option the integration cannot send: one line (EaiError), not a failed call
        try:
            answer = await chat.ainvoke(to_langchain(request.messages))
        except Exception as exc:  # every failure becomes a recorded ModelCallError
            raise call_error(exc, self._secrets, self._transient, self.endpoint) from None
        message = answer["raw"] if isinstance(answer, dict) else answer  # asked in a schema: the raw reply
        text = tool_calls_text(message) if request.tools else text_of(message)
        return Answer(without_secrets(text, self._secrets), usage_of(message), served_of(message))
