"""Calling a model: a per-call timeout, retries with exponential back-off, and
a stop when its server cannot be reached."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from urllib.parse import urlsplit

from eai.exceptions import EaiError
from eai.llm import Answer, LanguageModel, ModelCallError, Request

UNREACHABLE_LIMIT = 5  # connection failures in a row, over all calls to one server, that stop the run
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")


@dataclass(frozen=True)
class RetryPolicy:
    attempts: int = 5
    first_delay: float = 1.0
    max_delay: float = 30.0

    def delay(self, attempt: int) -> float:
        """Seconds to wait after failed attempt number ``attempt`` (0-based)."""
        return min(self.max_delay, self.first_delay * 2**attempt)


class EndpointDown(EaiError):
    """A model's server could not be reached ``UNREACHABLE_LIMIT`` times in a row: the run stops."""


class Endpoint:
    """What the calls to one model's server have met so far: connection
    failures in a row (at ``UNREACHABLE_LIMIT`` every call stops with
    EndpointDown; any reply from the server resets the count), and timeouts
    of calls that may have waited in a local server's queue (``say`` hints,
    once, at fewer calls in flight)."""

    def __init__(self, name: str, concurrency: int, say: Callable[[str], None] = lambda text: None) -> None:
        self.name, self.concurrency, self.say = name, concurrency, say
        self.failures, self.last = 0, ""
        self.hinted = False

    @property
    def down(self) -> bool:
        return self.failures >= UNREACHABLE_LIMIT

    def check(self) -> None:
        if self.down:
            raise EndpointDown(f"cannot reach {self.name}: {self.failures} connection failures in a row "
                               f"(last: {self.last})")

    def replied(self) -> None:
        self.failures = 0

    def failed(self, error: ModelCallError) -> None:
        if not error.unreachable:
            self.replied()
            return
        self.failures, self.last = self.failures + 1, str(error)
        self.check()

    def timed_out(self, timeout: float) -> None:
        local = urlsplit(self.name).hostname in LOCAL_HOSTS
        if local and self.concurrency > 1 and not self.hinted:
            self.hinted = True
            self.say(f"hint: a call to {self.name} got no answer within {timeout:g} s with up to {self.concurrency} "
                     "calls in flight; a local server with fewer slots queues the others and their time runs while "
                     "they wait: give --concurrency the server's number of slots (llama.cpp: --parallel, default 1)")


async def call(
    model: LanguageModel,
    request: Request,
    policy: RetryPolicy,
    endpoint: Endpoint,
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
) -> tuple[Answer, float]:
    """The model's answer and the seconds its attempt took; raises
    ModelCallError once retries are used up or the error is not worth
    retrying, EndpointDown when the server cannot be reached. Timeouts count
    as retryable."""
    last: ModelCallError | None = None
    for attempt in range(policy.attempts):
        endpoint.check()
        start = time.perf_counter()
        try:
            answer = await asyncio.wait_for(model.generate(request), timeout=request.timeout)
            endpoint.replied()
            return (answer if isinstance(answer, Answer) else Answer(answer)), time.perf_counter() - start
        except asyncio.TimeoutError:
            last = ModelCallError(f"no answer within {request.timeout:g} s", retryable=True)
            endpoint.timed_out(request.timeout)
        except ModelCallError as exc:
            last = exc
            endpoint.failed(exc)
        if not last.retryable or attempt + 1 == policy.attempts:
            break
        await sleep(policy.delay(attempt))
    assert last is not None
    raise ModelCallError(f"{last} (after {attempt + 1} attempt(s))", last.retryable, last.status, last.unreachable)
