"""A fake chat server on 127.0.0.1, spoken to over real HTTP by the real clients.

It speaks three dialects, one per route: OpenAI's ``POST /v1/chat/completions``,
Anthropic's ``POST /v1/messages`` and Ollama's ``POST /api/chat``. A request
gets the next ``script`` reply while any is queued, else ``reply(body)``; a
200 reply carries ``answer(body)`` as the assistant's text. Every request body
and its headers are kept, so tests can count calls and see what was sent.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Body = dict[str, Any]


@dataclass(frozen=True)
class Reply:
    status: int = 200
    delay: float = 0.0
    message: str = ""  # the error message of a non-200 reply


def prompt_of(body: Body) -> str:
    """The text of the last user message of a chat request."""
    content = [m["content"] for m in body["messages"] if m["role"] == "user"][-1]
    return content if isinstance(content, str) else "".join(part.get("text", "") for part in content)


def openai_reply(text: str, model: str) -> Body:
    return {"id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}}


def anthropic_reply(text: str, model: str) -> Body:
    return {"id": "msg_fake", "type": "message", "role": "assistant", "model": model,
            "content": [{"type": "text", "text": text}], "stop_reason": "end_turn", "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1}}


def ollama_reply(text: str, model: str) -> Body:
    return {"model": model, "created_at": "2026-01-01T00:00:00Z", "message": {"role": "assistant", "content": text},
            "done": True, "done_reason": "stop", "prompt_eval_count": 1, "eval_count": 1}


ROUTES: dict[str, tuple[Callable[[str, str], Body], Callable[[str], Body]]] = {
    "/v1/chat/completions": (openai_reply, lambda m: {"error": {"message": m, "type": "fake", "code": None}}),
    "/v1/messages": (anthropic_reply, lambda m: {"type": "error", "error": {"type": "fake", "message": m}}),
    "/api/chat": (ollama_reply, lambda m: {"error": m}),
}


class FakeServer:
    def __init__(self, answer: Callable[[Body], str] = lambda body: "[]",
                 reply: Callable[[Body], Reply] = lambda body: Reply(), script: list[Reply] | None = None) -> None:
        self.answer, self.reply, self.script = answer, reply, list(script or [])
        self.bodies: list[Body] = []
        self.headers: list[dict[str, str]] = []
        self._lock = threading.Lock()
        self._http = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._http.daemon_threads = True
        self._thread = threading.Thread(target=self._http.serve_forever, args=(0.02,), daemon=True)

    @property
    def root(self) -> str:
        return f"http://127.0.0.1:{self._http.server_address[1]}"

    @property
    def url(self) -> str:
        """The base URL an OpenAI client wants."""
        return f"{self.root}/v1"

    @property
    def count(self) -> int:
        with self._lock:
            return len(self.bodies)

    def prompts(self) -> list[str]:
        with self._lock:
            return [prompt_of(b) for b in self.bodies]

    def take(self, body: Body, headers: dict[str, str]) -> Reply:
        """Record a request; the reply it gets."""
        with self._lock:
            self.bodies.append(body)
            self.headers.append(headers)
            return self.script.pop(0) if self.script else self.reply(body)

    def __enter__(self) -> FakeServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._http.shutdown()
        self._http.server_close()


def _handler(server: FakeServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, as real servers do

        def do_POST(self) -> None:  # noqa: N802 (http.server's name)
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
            route = ROUTES.get(self.path)
            reply = server.take(body, dict(self.headers)) if route else Reply(404, message=f"no route {self.path}")
            time.sleep(reply.delay)
            if reply.status == 200:
                payload = route[0](server.answer(body), body.get("model", ""))  # type: ignore[index]
            else:
                payload = ROUTES.get(self.path, ROUTES["/api/chat"])[1](reply.message or f"status {reply.status}")
            data = (json.dumps(payload) + "\n").encode()
            try:
                self.send_response(reply.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up waiting (a timeout test)

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass

    return Handler
