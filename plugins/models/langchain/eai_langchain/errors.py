"""Provider exceptions as ModelCallError, with credentials scrubbed from the text.

Retryable: HTTP 408, 429 and 5xx, and, without a status, timeouts and
connection failures (the provider SDK's connection error, langchain-core's
retryable ``ModelError`` kinds, ``TimeoutError``, ``ConnectionError``).
Everything else (401, 400, 404, a bug) is final.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable

from eai.llm import ModelCallError

TRANSIENT: tuple[type[BaseException], ...] = (TimeoutError, asyncio.TimeoutError, ConnectionError)
BEARER = re.compile(r"(?i)(bearer\s+)[^\s'\",}]+")
SCRUBBED = "[redacted]"


def scrub(text: str, secrets: Iterable[str]) -> str:
    """``text`` without any of ``secrets`` nor a bearer token in it."""
    for secret in secrets:
        if secret:
            text = text.replace(secret, SCRUBBED)
    return BEARER.sub(rf"\g<1>{SCRUBBED}", text)


def status_of(exc: BaseException) -> int | None:
    status = getattr(exc, "status_code", None)
    return status if isinstance(status, int) and status > 0 else None


def is_retryable(exc: BaseException, transient: tuple[type[BaseException], ...]) -> bool:
    status = status_of(exc)
    if status is not None:
        return status in (408, 429) or status >= 500
    return isinstance(exc, TRANSIENT + transient) or getattr(exc, "is_retryable", False) is True


def call_error(exc: Exception, secrets: Iterable[str], transient: tuple[type[BaseException], ...] = ()) -> ModelCallError:
    """A one-line ModelCallError for ``exc``, free of ``secrets``."""
    text = scrub(" ".join(str(exc).split()), secrets)[:500]
    message = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return ModelCallError(message, is_retryable(exc, transient), status_of(exc))
