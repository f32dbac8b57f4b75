"""A fake chat server on 127.0.0.1, spoken to over real HTTP by the real clients.

It is an asyncio server in a thread of its own: a reply that sleeps holds no
thread, so a few hundred calls a second in flight cost it little CPU.

It speaks three dialects, one per route: OpenAI's ``POST /v1/chat/completions`` (also
under ``/openai``, where Groq's client sends it),
Anthropic's ``POST /v1/messages`` and Ollama's ``POST /api/chat``. A request
gets the next ``script`` reply while any is queued, else ``reply(body)``; a
200 reply carries ``answer(body)`` as the assistant's text, or, when it is a
list of ``{"name", "arguments"}``, as OpenAI tool calls (``call_0``, ``call_1``...,
finish reason "tool_calls": native tool calling). Every request body
and its headers are kept, so tests can count calls and see what was sent.

Tokens are words (runs of non-space): the usage reported counts the prompt's
and the answer's, and an answer longer than the request's token limit is cut
there with finish reason "length", as a real server cuts it.

An OpenAI client's ``GET /v1/models`` gets ``models`` (the model list; each
entry's ``created`` is the request's time, as llama.cpp and vLLM write it)
after ``listing()``'s reply (its ``delay``, its ``status``). The model an
OpenAI reply names is ``served_model`` (default: the one asked for), with
``fingerprint`` as its ``system_fingerprint`` when given; so a restart with
other ``models`` and ``served_model`` on the same port is another model
behind the same name. A reply may report reasoning and cached prompt tokens
(``Reply.reasoning_tokens``, ``cached_tokens``: OpenAI's usage details,
Anthropic's ``cache_read_input_tokens``).

Faults it can inject: error statuses (``Reply.status``, ``message``; an
OpenAI error's ``param`` and ``code``, e.g. a 400 for an unsupported
parameter) with headers of their own (``headers``: ``Retry-After``), slow replies (``delay``),
a reply body sent as given (``body``: truncated JSON, no ``choices``), a null
content (``no_content``) or a refusal (``refusal``) in place of the answer, a
request header echoed into the reply (``echo``), one request served at a time
like a one-slot local server (``slots``), and a server that goes away
(``gone``, or leave the ``with`` block; ``FakeServer(port=...)`` serves that
port again). A request's query string is kept apart from its path
(``queries``).
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

Body = dict[str, Any]


@dataclass(frozen=True)
class Reply:
    status: int = 200
    delay: float = 0.0
    message: str = ""  # the error message of a non-200 reply
    body: str | None = None  # sent as it is instead of the dialect's reply (truncated JSON, no choices...)
    echo: str = ""  # a request header whose value is added to the answer or error message ("?": the query string)
    gone: bool = False  # the server goes away: no reply to this request, no connection accepted after it
    headers: tuple[tuple[str, str], ...] = ()  # sent with the reply (e.g. ("Retry-After", "7"))
    no_content: bool = False  # OpenAI: the message's "content" is null
    refusal: str = ""  # the model refuses: OpenAI's "refusal" (content null), Anthropic's stop_reason "refusal"
    param: str = ""  # an OpenAI error's "param": the request parameter it is about
    code: str = ""  # an OpenAI error's "code" (unsupported_parameter, unsupported_value...)
    reasoning_tokens: int | None = None  # of the completion tokens, reported as reasoning
    cached_tokens: int | None = None  # of the prompt tokens, reported as read from the prompt cache


def prompt_of(body: Body) -> str:
    """The text of the last user message of a chat request."""
    content = [m["content"] for m in body["messages"] if m["role"] == "user"][-1]
    return content if isinstance(content, str) else "".join(part.get("text", "") for part in content)


WORD = re.compile(r"\S+")


@dataclass(frozen=True)
class Generated:
    text: str
    prompt_tokens: int
    completion_tokens: int
    cut: bool


def generate(answer: str, body: Body, limit: int | None) -> Generated:
    """``answer`` with its usage, cut after ``limit`` tokens (words)."""
    texts = [body.get("system"), *(m.get("content") for m in body.get("messages", []))]
    prompt = sum(len(WORD.findall(text)) for text in texts if isinstance(text, str))
    words = list(WORD.finditer(answer))
    if limit is not None and len(words) > limit:
        return Generated(answer[: words[limit - 1].end()] if limit else "", prompt, limit, True)
    return Generated(answer, prompt, len(words), False)


def openai_reply(g: Generated, model: str, reply: Reply) -> Body:
    usage: Body = {"prompt_tokens": g.prompt_tokens, "completion_tokens": g.completion_tokens,
                   "total_tokens": g.prompt_tokens + g.completion_tokens}
    if reply.reasoning_tokens is not None:
        usage["completion_tokens_details"] = {"reasoning_tokens": reply.reasoning_tokens}
    if reply.cached_tokens is not None:
        usage["prompt_tokens_details"] = {"cached_tokens": reply.cached_tokens}
    return {"id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": g.text},
                         "finish_reason": "length" if g.cut else "stop"}], "usage": usage}


def anthropic_reply(g: Generated, model: str, reply: Reply) -> Body:
    usage: Body = {"input_tokens": g.prompt_tokens, "output_tokens": g.completion_tokens}
    if reply.cached_tokens is not None:  # Anthropic counts cache reads apart from input_tokens
        usage.update(input_tokens=g.prompt_tokens - reply.cached_tokens, cache_read_input_tokens=reply.cached_tokens)
    return {"id": "msg_fake", "type": "message", "role": "assistant", "model": model,
            "content": [{"type": "text", "text": g.text}], "stop_reason": "max_tokens" if g.cut else "end_turn",
            "stop_sequence": None, "usage": usage}


def ollama_reply(g: Generated, model: str, reply: Reply) -> Body:
    return {"model": model, "created_at": "2026-01-01T00:00:00Z", "message": {"role": "assistant", "content": g.text},
            "done": True, "done_reason": "length" if g.cut else "stop", "prompt_eval_count": g.prompt_tokens,
            "eval_count": g.completion_tokens}


def token_limit(body: Body) -> int | None:
    """The answer's token limit in any of the three dialects."""
    return body.get("max_completion_tokens") or body.get("max_tokens") or body.get("options", {}).get("num_predict")


def without_answer(path: str, body: Body, reply: Reply) -> Body:
    """A 200 reply ``body`` whose answer is replaced by a null content or a refusal, as ``reply`` asks."""
    if path.endswith("/v1/chat/completions"):
        body["choices"][0]["message"].update(content=None, refusal=reply.refusal or None)
    elif path == "/v1/messages" and reply.refusal:
        body.update(content=[{"type": "text", "text": reply.refusal}], stop_reason="refusal")
    return body


def with_tool_calls(body: Body, calls: list[Body]) -> Body:
    """An OpenAI reply whose answer is ``calls`` (each ``{"name", "arguments"}``) as tool calls, numbered."""
    body["choices"][0]["message"].update(content=None, tool_calls=[
        {"id": f"call_{i}", "type": "function",
         "function": {"name": c["name"], "arguments": json.dumps(c.get("arguments", {}))}} for i, c in enumerate(calls)])
    body["choices"][0]["finish_reason"] = "tool_calls"
    return body


def openai_error(message: str, reply: Reply = Reply()) -> Body:
    return {"error": {"message": message, "type": "fake", "param": reply.param or None, "code": reply.code or None}}


ROUTES: dict[str, tuple[Callable[[Generated, str, Reply], Body], Callable[..., Body]]] = {
    "/v1/chat/completions": (openai_reply, openai_error),
    "/openai/v1/chat/completions": (openai_reply, openai_error),  # Groq's client: OpenAI's dialect under /openai
    "/v1/messages": (anthropic_reply, lambda m, reply=None: {"type": "error", "error": {"type": "fake", "message": m}}),
    "/api/chat": (ollama_reply, lambda m, reply=None: {"error": m}),
}
LISTING = "/v1/models"
MODELS: list[Body] = [{"id": "fake-model", "object": "model", "owned_by": "fake"}]


class FakeServer:
    def __init__(self, answer: Callable[[Body], str | list[Body]] = lambda body: "[]",
                 reply: Callable[[Body], Reply] = lambda body: Reply(), script: list[Reply] | None = None,
                 slots: int | None = None, port: int = 0, models: list[Body] | None = None,
                 listing: Callable[[], Reply] = Reply, served_model: str = "", fingerprint: str = "") -> None:
        self.answer, self.reply, self.script = answer, reply, list(script or [])
        self.models, self.listing = MODELS if models is None else models, listing
        self.served_model, self.fingerprint = served_model, fingerprint
        self.listed = 0  # GET /v1/models requests
        self.bodies: list[Body] = []
        self.headers: list[dict[str, str]] = []
        self.queries: list[str] = []
        self.port, self.slots = port, slots
        self._slots = asyncio.Semaphore(slots or 1)  # bound to the server's loop when first used
        self._lock = threading.Lock()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._connections: set[asyncio.Task[None]] = set()

    @property
    def root(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        """The base URL an OpenAI client wants."""
        return f"{self.root}/v1"

    @property
    def count(self) -> int:
        with self._lock:
            return len(self.bodies)

    def take(self, body: Body, headers: dict[str, str], query: str) -> Reply:
        """Record a request; the reply it gets."""
        with self._lock:
            self.bodies.append(body)
            self.headers.append(headers)
            self.queries.append(query)
            return self.script.pop(0) if self.script else self.reply(body)

    def __enter__(self) -> FakeServer:
        self._thread.start()
        start = asyncio.start_server(self._serve, "127.0.0.1", self.port, backlog=128)
        self._server = asyncio.run_coroutine_threadsafe(start, self._loop).result()
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    def __exit__(self, *exc: object) -> None:
        async def stop() -> None:
            self._server.close()
            connections = list(self._connections)  # replies still sleeping, idle keep-alives
            for connection in connections:
                connection.cancel()
            await asyncio.gather(*connections, return_exceptions=True)
            await self._server.wait_closed()

        asyncio.run_coroutine_threadsafe(stop(), self._loop).result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop.close()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        """One connection: HTTP/1.1 requests with a Content-Length body, kept alive."""
        task = asyncio.current_task()
        self._connections.add(task)  # type: ignore[arg-type]
        try:
            while request_line := await reader.readline():
                path, _, query = request_line.decode("latin-1").split()[1].partition("?")
                headers = {}
                while (line := await reader.readline()).strip():
                    name, _, value = line.decode("latin-1").partition(":")
                    headers[name.strip().lower()] = value.strip()
                body = json.loads(await reader.readexactly(int(headers.get("content-length", 0))) or b"{}")
                status, payload, extra = await self._respond(path, body, headers, query)
                if status == 0:
                    break  # gone
                data = (payload if isinstance(payload, str) else json.dumps(payload) + "\n").encode()
                lines = "".join(f"{name}: {value}\r\n" for name, value in extra)
                head = (f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\nContent-Type: application/json\r\n"
                        f"{lines}Content-Length: {len(data)}\r\n\r\n")
                writer.write(head.encode() + data)
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError, asyncio.CancelledError):
            pass  # the client went away (a timeout test) or the server stops
        finally:
            writer.close()
            self._connections.discard(task)  # type: ignore[arg-type]

    async def _respond(self, path: str, body: Body, headers: dict[str, str],
                       query: str) -> tuple[int, Body | str, tuple[tuple[str, str], ...]]:
        if path == LISTING:
            return await self._list()
        if path not in ROUTES:
            return 404, ROUTES["/api/chat"][1](f"no route {path}"), ()
        success, error = ROUTES[path]
        reply = self.take(body, headers, query)
        if reply.gone:
            self._server.close()
            for connection in self._connections - {asyncio.current_task()}:
                connection.cancel()
            return 0, {}, ()
        if self.slots:
            async with self._slots:  # one request generates per slot; the others wait their turn
                await asyncio.sleep(reply.delay)
        else:
            await asyncio.sleep(reply.delay)
        if reply.body is not None:
            return reply.status, reply.body, reply.headers
        echoed = query if reply.echo == "?" else headers.get(reply.echo, "") if reply.echo else ""
        if reply.status == 200:
            said = self.answer(body)
            text = json.dumps(said) if isinstance(said, list) else said
            generated = success(generate(text + echoed, body, token_limit(body)),
                                self.served_model or body.get("model", ""), reply)
            if isinstance(said, list) and path.endswith("/v1/chat/completions"):
                generated = with_tool_calls(generated, said)
            if reply.no_content or reply.refusal:
                generated = without_answer(path, generated, reply)
            if self.fingerprint and path.endswith("/v1/chat/completions"):
                generated["system_fingerprint"] = self.fingerprint
            return 200, generated, reply.headers
        return reply.status, error((reply.message or f"status {reply.status}") + echoed, reply), reply.headers

    async def _list(self) -> tuple[int, Body, tuple[tuple[str, str], ...]]:
        """The model list, after ``listing()``'s reply (its delay; an error status instead of the list)."""
        with self._lock:
            self.listed += 1
        reply = self.listing()
        await asyncio.sleep(reply.delay)
        if reply.status != 200:
            return reply.status, openai_error(reply.message or f"status {reply.status}"), ()
        created = int(time.time())  # the request's time, as llama.cpp and vLLM write it: no part of the identity
        return 200, {"object": "list", "data": [{**entry, "created": created} for entry in self.models]}, ()
