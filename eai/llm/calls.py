"""Calling a model: a per-call timeout, retries with exponential back-off (or
as long as the server's ``Retry-After`` asks, within a cap), and giving up on a
server that has been failing for a while."""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from eai.exceptions import EaiError
from eai.llm.model import Answer, LanguageModel, ModelCallError, Request

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
RATE_LIMITED = 429


@dataclass(frozen=True)
class RetryPolicy:
    """How patient a run is with a model's server.

    A call makes at most ``attempts`` attempts on failures worth retrying,
    waiting ``first_delay`` seconds, doubling up to ``max_delay``, in
    between, or what the server's ``Retry-After`` asks, at most
    ``max_retry_after``. A connection that cannot be opened uses up no
    attempt: the call waits (with the same back-off) until the server is back
    or given up on. A server is given up on (EndpointDown) once nothing but
    failures came from it for ``give_up_after`` seconds, ``give_up_failures``
    of them at least (:class:`Endpoint`). ``clock`` (seconds) and ``sleep``
    tell and pass the time: wall-clock time, which decides when to give up
    on a server and never a verdict; tests pass their own.
    """

    attempts: int = 5
    first_delay: float = 1.0
    max_delay: float = 30.0
    max_retry_after: float = 120.0
    give_up_after: float = 30.0
    give_up_failures: int = 5
    clock: Callable[[], float] = field(default=time.monotonic, compare=False, repr=False)
    sleep: Callable[[float], Awaitable[None]] = field(default=asyncio.sleep, compare=False, repr=False)

    def delay(self, attempt: int) -> float:
        """Seconds to wait after failed attempt number ``attempt`` (0-based)."""
        return min(self.max_delay, self.first_delay * 2**attempt)


class EndpointDown(EaiError):
    """A model's server has been failing for a while (:class:`Endpoint`): the run stops."""


def is_outage(error: ModelCallError) -> bool:
    """Whether ``error`` says the server is not working: no connection, 408
    or 5xx, an unreadable reply, a timeout (every retryable failure but a
    rate limit, which a working server sends)."""
    return error.retryable and error.status != RATE_LIMITED


class Endpoint:
    """What the calls to one model's server have met so far.

    It is down, and every call stops with EndpointDown, once nothing but
    failures came from it for ``policy.give_up_after`` seconds with at least
    ``policy.give_up_failures`` of them: refused connections, 5xx, unreadable
    replies and timeouts alike (:func:`is_outage`); a timeout counts from the
    start of its attempt, since nothing came back from then on. Any other
    reply (an answer, a 4xx) shows the server working and starts the count
    anew; a rate limit (429) neither counts nor resets it. The time is
    ``policy.clock``'s, read when failures are reported, so a restart of a few
    seconds is ridden out.

    It also says, once each: that a call timed out on a local server with
    several calls in flight (they may have waited in its queue), and that a
    server asked for a longer wait than the cap.
    """

    def __init__(self, name: str, concurrency: int, say: Callable[[str], None] = lambda text: None,
                 policy: RetryPolicy = RetryPolicy()) -> None:
        self.name, self.concurrency, self.say, self.policy = name, concurrency, say, policy
        self.failing_since: float | None = None  # start of the current run of failures
        self.replied_at = -math.inf
        self.failures, self.last = 0, ""
        self.down = False
        self.said: set[str] = set()

    def now(self) -> float:
        return self.policy.clock()

    def check(self) -> None:
        if self.down:
            assert self.failing_since is not None
            raise EndpointDown(f"giving up on {self.name}: nothing but failures for "
                               f"{self.now() - self.failing_since:.0f} s ({self.failures} failed attempt(s); "
                               f"last: {self.last})")

    def replied(self) -> None:
        self.failing_since, self.failures, self.replied_at = None, 0, self.now()

    def failed(self, error: ModelCallError, started: float) -> None:
        """Count ``error`` of an attempt begun at ``started`` (this clock's time);
        EndpointDown when the server is now given up on."""
        if not is_outage(error):
            if error.status != RATE_LIMITED:
                self.replied()
            return
        now = self.now()
        since = max(started if error.timed_out else now, self.replied_at)
        self.failing_since = since if self.failing_since is None else min(self.failing_since, since)
        self.failures, self.last = self.failures + 1, str(error)
        policy = self.policy
        self.down = self.failures >= policy.give_up_failures and now - self.failing_since >= policy.give_up_after
        self.check()

    def timed_out(self, timeout: float) -> None:
        local = urlsplit(self.name).hostname in LOCAL_HOSTS
        if local and self.concurrency > 1:
            self.once("queue", f"hint: a call to {self.name} got no answer within {timeout:g} s with up to "
                               f"{self.concurrency} calls in flight; a local server with fewer slots queues the "
                               "others and their time runs while they wait: give --concurrency the server's number "
                               "of slots (llama.cpp: --parallel, default 1)")

    def wait_after(self, error: ModelCallError, attempt: int) -> float:
        """Seconds to wait before the attempt after ``error`` (failed attempt number
        ``attempt``): its Retry-After, capped (said once), or the back-off."""
        if error.retry_after is None:
            return self.policy.delay(attempt)
        cap = self.policy.max_retry_after
        if error.retry_after > cap:
            self.once("retry-after", f"note: {self.name} asked to wait {error.retry_after:g} s before retrying "
                                     f"(Retry-After); eai waits at most {cap:g} s")
        return min(error.retry_after, cap)

    def once(self, topic: str, text: str) -> None:
        if topic not in self.said:
            self.said.add(topic)
            self.say(text)


def timeout_error(request: Request) -> ModelCallError:
    return ModelCallError(f"no answer within {request.timeout:g} s", retryable=True, timed_out=True)


async def call(model: LanguageModel, request: Request, endpoint: Endpoint) -> tuple[Answer, float]:
    """The model's answer and the seconds its attempt took, retrying as
    ``endpoint.policy`` says; raises ModelCallError once the attempts are used
    up or the error is not worth retrying, EndpointDown when the server has
    been failing for a while."""
    policy = endpoint.policy
    last: ModelCallError | None = None
    attempt = tries = 0
    while attempt < policy.attempts:
        endpoint.check()
        start, started = time.perf_counter(), endpoint.now()
        try:
            answer = await asyncio.wait_for(model.generate(request), timeout=request.timeout)
            endpoint.replied()
            return (answer if isinstance(answer, Answer) else Answer(answer)), time.perf_counter() - start
        except asyncio.TimeoutError:
            last = timeout_error(request)
        except ModelCallError as exc:  # the client's own timeout is the same as ours
            last = timeout_error(request) if exc.timed_out else exc
        if last.timed_out:
            endpoint.timed_out(request.timeout)
        endpoint.failed(last, started)
        attempt += not last.unreachable  # nothing reached the server: the call waits for it instead
        if not last.retryable or attempt == policy.attempts:
            break
        await policy.sleep(endpoint.wait_after(last, tries))
        tries += 1
    assert last is not None
    raise ModelCallError(f"{last} (after {tries + 1} attempt(s))", last.retryable, last.status, last.unreachable)
