"""Calling a model: a per-call timeout, retries with exponential back-off (or
as long as the server's ``Retry-After`` asks, within a cap), giving up on a
server that has been failing for a while or that has not replied at all
within the first-answer deadline, and stopping at a parameter the server
does not accept."""

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
BAD_REQUEST = 400


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
    of them at least, or when nothing at all came back from it within
    ``first_answer_deadline`` seconds of the first call (None: no deadline)
    (:class:`Endpoint`). ``clock`` (seconds) and ``sleep``
    tell and pass the time: wall-clock time, which decides when to give up
    on a server and never a verdict; tests pass their own.
    """

    attempts: int = 5
    first_delay: float = 1.0
    max_delay: float = 30.0
    max_retry_after: float = 120.0
    give_up_after: float = 30.0
    give_up_failures: int = 5
    first_answer_deadline: float | None = 30.0
    clock: Callable[[], float] = field(default=time.monotonic, compare=False, repr=False)
    sleep: Callable[[float], Awaitable[None]] = field(default=asyncio.sleep, compare=False, repr=False)

    def delay(self, attempt: int) -> float:
        """Seconds to wait after failed attempt number ``attempt`` (0-based)."""
        return min(self.max_delay, self.first_delay * 2**attempt)


class CallsStopped(EaiError):
    """No more calls can be made: the run stops, with what was answered kept.
    ``resumable``: ``--resume`` with the same options may finish it."""

    resumable = True


class EndpointDown(CallsStopped):
    """A model's server has been failing for a while, or has not replied at all
    within the first-answer deadline (:class:`Endpoint`)."""


class UnsupportedParameter(CallsStopped):
    """The server refuses a parameter every call is sent (HTTP 400 naming it):
    no call would get past it, so the run stops at the first, in one line."""

    resumable = False


def unsupported(model: LanguageModel, server: str, error: ModelCallError) -> UnsupportedParameter:
    name = error.parameter
    return UnsupportedParameter(f"{server} does not accept the parameter {name!r} for {model.id} ({error}); "
                                f"start the run again without it: --gen {name}=null")


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

    It is down too when nothing at all came back from it (no answer, no HTTP
    reply of any kind, to a call or to the model listing,
    :mod:`eai.llm.identity`) within ``policy.first_answer_deadline`` seconds
    of the first attempt: a server that accepts connections and never
    replies. A busy server that lists its models is not silent, however long
    its answers take.

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
        self.down = ""  # why the server is given up on; "" while it is not
        self.said: set[str] = set()
        self.first_call: float | None = None  # when the first attempt began
        self.heard = False  # whether anything came back from the server: an answer, any HTTP reply

    def now(self) -> float:
        return self.policy.clock()

    def check(self) -> None:
        if self.down:
            raise EndpointDown(self.down)

    def replied(self) -> None:
        self.failing_since, self.failures, self.replied_at = None, 0, self.now()
        self.heard = True

    def reached(self) -> None:
        """Something came back from the server (the model listing): it is not silent."""
        self.heard = True

    def began(self) -> float:
        """An attempt begins: its start (this clock's time)."""
        now = self.now()
        if self.first_call is None:
            self.first_call = now
        return now

    def bound(self, timeout: float) -> float:
        """How long an attempt beginning now may wait: ``timeout``, or less when
        the first-answer deadline comes before it."""
        deadline, first = self.policy.first_answer_deadline, self.first_call
        if self.heard or deadline is None or first is None:
            return timeout
        return max(0.0, min(timeout, first + deadline - self.now()))

    def silent(self) -> None:
        """EndpointDown when nothing has come back within the first-answer deadline."""
        deadline, first = self.policy.first_answer_deadline, self.first_call
        if self.heard or deadline is None or first is None or self.now() - first < deadline:
            return
        self.down = (f"giving up on {self.name}: no reply at all within {deadline:g} s of the first call "
                     "(a slower server: raise --first-answer-deadline)")
        self.check()

    def failed(self, error: ModelCallError, started: float) -> None:
        """Count ``error`` of an attempt begun at ``started`` (this clock's time);
        EndpointDown when the server is now given up on."""
        self.heard = self.heard or error.status is not None
        if not is_outage(error):
            if error.status != RATE_LIMITED:
                self.replied()
            return
        now = self.now()
        since = max(started if error.timed_out else now, self.replied_at)
        self.failing_since = since if self.failing_since is None else min(self.failing_since, since)
        self.failures, self.last = self.failures + 1, str(error)
        policy = self.policy
        if self.failures >= policy.give_up_failures and now - self.failing_since >= policy.give_up_after:
            self.down = (f"giving up on {self.name}: nothing but failures for {now - self.failing_since:.0f} s "
                         f"({self.failures} failed attempt(s); last: {self.last})")
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
        start, started = time.perf_counter(), endpoint.began()
        try:
            answer = await asyncio.wait_for(model.generate(request), timeout=endpoint.bound(request.timeout))
            endpoint.replied()
            return (answer if isinstance(answer, Answer) else Answer(answer)), time.perf_counter() - start
        except asyncio.TimeoutError:
            last = timeout_error(request)
        except ModelCallError as exc:  # the client's own timeout is the same as ours
            last = timeout_error(request) if exc.timed_out else exc
        if last.timed_out:
            endpoint.silent()
            endpoint.timed_out(request.timeout)
        endpoint.failed(last, started)
        if last.parameter and last.status == BAD_REQUEST:
            raise unsupported(model, endpoint.name, last)
        attempt += not last.unreachable  # nothing reached the server: the call waits for it instead
        if not last.retryable or attempt == policy.attempts:
            break
        await policy.sleep(endpoint.wait_after(last, tries))
        tries += 1
    assert last is not None
    raise ModelCallError(f"{last} (after {tries + 1} attempt(s))", last.retryable, last.status, last.unreachable)
