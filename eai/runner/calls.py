"""Calling a model: a per-call timeout and retries with exponential back-off."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from eai.llm import LanguageModel, ModelCallError, Request


@dataclass(frozen=True)
class RetryPolicy:
    attempts: int = 5
    first_delay: float = 1.0
    max_delay: float = 30.0

    def delay(self, attempt: int) -> float:
        """Seconds to wait after failed attempt number ``attempt`` (0-based)."""
        return min(self.max_delay, self.first_delay * 2**attempt)


async def call(
    model: LanguageModel,
    request: Request,
    policy: RetryPolicy,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> str:
    """The model's answer; raises ModelCallError once retries are used up or
    the error is not worth retrying. Timeouts count as retryable."""
    last: ModelCallError | None = None
    for attempt in range(policy.attempts):
        try:
            return await asyncio.wait_for(model.generate(request), timeout=request.config.timeout)
        except asyncio.TimeoutError:
            last = ModelCallError(f"no answer within {request.config.timeout:g} s", retryable=True)
        except ModelCallError as exc:
            last = exc
        if not last.retryable or attempt + 1 == policy.attempts:
            break
        await sleep(policy.delay(attempt))
    assert last is not None
    raise ModelCallError(f"{last} (after {attempt + 1} attempt(s))", last.retryable, last.status)
