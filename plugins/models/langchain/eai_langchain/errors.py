"""Provider exceptions as ModelCallError, with credentials scrubbed from the text.

Retryable: HTTP 408, 429 and 5xx; without a status, timeouts and connection
failures (the provider SDK's connection error, langchain-core's retryable
``ModelError`` kinds, ``TimeoutError``, ``ConnectionError``) and a reply the
client could not read (a 200 with truncated JSON, no ``choices``, no content:
the client's ValueError, LookupError or TypeError). Everything else (401,
400, 404) is final. A failure to open a connection at all is
``unreachable``; one that timed out waiting for the reply, ``timed_out``.
A reply's ``Retry-After`` (or ``retry-after-ms``) is kept for the runner to
honour. A 400 that names a request parameter the server does not accept
(OpenAI's error ``param`` with code ``unsupported_parameter`` or
``unsupported_value``, or the words of OpenAI's, vLLM's and Anthropic's
messages: :data:`UNSUPPORTED`) keeps its name, and the runner stops there.
"""

from __future__ import annotations

import asyncio
import re
import socket
from collections.abc import Iterable

from eai.plugin_api import ModelCallError, retry_after

TRANSIENT: tuple[type[BaseException], ...] = (TimeoutError, asyncio.TimeoutError, ConnectionError)
UNREADABLE: tuple[type[BaseException], ...] = (ValueError, LookupError, TypeError)
# httpx's and httpcore's (and the copies the openai SDK vendors as httpx2 and httpcore2)
CONNECT_FAILURES = ("ConnectError", "ConnectTimeout")
TOKEN = re.compile(r"(?i)\b((?:bearer|basic)\s+)[^\s'\",}]+")
UNSUPPORTED = (
    re.compile(r"Unsupported (?:parameter|value): '([\w.]+)'"),  # OpenAI
    re.compile(r"Unrecognized request arguments? supplied: ([\w.]+)"),  # OpenAI, older
    re.compile(r"'([\w.]+)' is not supported with this model"),
    re.compile(r"([\w.]+): Extra inputs are not permitted"),  # Anthropic, pydantic-validated servers
    re.compile(r"\['body', '([\w.]+)'\][^\]]*Extra inputs are not permitted"),  # vLLM
)
UNSUPPORTED_CODES = ("unsupported_parameter", "unsupported_value")
SCRUBBED = "[redacted]"


def without_secrets(text: str, secrets: Iterable[str]) -> str:
    """``text`` with each of ``secrets`` replaced by ``[redacted]``."""
    for secret in sorted(filter(None, secrets), key=len, reverse=True):
        text = text.replace(secret, SCRUBBED)
    return text


def scrub(text: str, secrets: Iterable[str]) -> str:
    """``text`` without any of ``secrets`` nor a bearer or basic token in it."""
    return TOKEN.sub(rf"\g<1>{SCRUBBED}", without_secrets(text, secrets))


def status_of(exc: BaseException) -> int | None:
    status = getattr(exc, "status_code", None)
    return status if isinstance(status, int) and status > 0 else None


def causes(exc: BaseException) -> Iterable[BaseException]:
    """``exc`` and the exceptions it was raised from or while handling."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def is_unreachable(exc: BaseException) -> bool:
    """No connection could be opened: refused, no route, unknown host, or opening it timed out."""
    return any(type(e).__name__ in CONNECT_FAILURES or isinstance(e, (ConnectionRefusedError, socket.gaierror))
               for e in causes(exc))


def is_timeout(exc: BaseException) -> bool:
    """The client gave up waiting for the reply (its own timeout, as the runner's)."""
    return any(isinstance(e, TimeoutError) or "Timeout" in type(e).__name__ for e in causes(exc))


def is_retryable(exc: BaseException, transient: tuple[type[BaseException], ...]) -> bool:
    status = status_of(exc)
    if status is not None:
        return status in (408, 429) or status >= 500
    return isinstance(exc, TRANSIENT + UNREADABLE + transient) or getattr(exc, "is_retryable", False) is True


def asked_wait(exc: BaseException) -> float | None:
    """The seconds the reply behind ``exc`` asks to wait (its ``Retry-After``), if any."""
    for error in causes(exc):
        try:  # an SDK's exception properties may raise when the reply is missing
            headers = error.response.headers  # type: ignore[attr-defined]
        except Exception:
            continue
        if hasattr(headers, "items"):
            return retry_after(headers)
    return None


def unsupported_parameter(exc: BaseException) -> str | None:
    """The request parameter a 400 reply behind ``exc`` says the server does not accept, if it names one."""
    if status_of(exc) != 400:
        return None
    param, code = getattr(exc, "param", None), getattr(exc, "code", None)
    if isinstance(param, str) and param and code in UNSUPPORTED_CODES:
        return param
    text = str(exc)
    return next((m.group(1) for pattern in UNSUPPORTED if (m := pattern.search(text))), None)


def call_error(exc: Exception, secrets: Iterable[str], transient: tuple[type[BaseException], ...] = (),
               endpoint: str = "") -> ModelCallError:
    """A one-line ModelCallError for ``exc``, free of ``secrets``; a connection
    failure names the ``endpoint``."""
    text = scrub(" ".join(str(exc).split()), secrets)[:500]
    message = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    unreachable = is_unreachable(exc)
    if unreachable:
        message = f"cannot connect to {endpoint or 'the server'}: {message}"
    elif status_of(exc) is None and isinstance(exc, UNREADABLE):
        message = f"unreadable reply: {message}"
    return ModelCallError(message, unreachable or is_retryable(exc, transient), status_of(exc), unreachable,
                          asked_wait(exc), not unreachable and is_timeout(exc), unsupported_parameter(exc))
