"""How a run rides out, or gives up on, a failing model server (issue 31).

For each network fault scenario, the real ``eai run`` (a subprocess, eai's
defaults: 8 calls in flight, 5 attempts a call, 30 s to give up; but
``--timeout 10``) asks the first 40 VirtualHome tasks (action sequencing) of
``openai:fake-model`` on the fake OpenAI-compatible server of the tests
(eai/testing/fake_server.py, a thread of this process), which answers each
call after 0.2 s when it answers at all:

- ``outage 2 s``, ``outage 60 s``: after 8 answers the server goes away (the
  9th call's connection dropped, then connections refused) and comes back on
  the same port after 2 or 60 s;
- ``500 storm``: every call gets 500;
- ``429 Retry-After``: after 8 answers, a limiter answers 429 with
  ``Retry-After`` (the seconds left) for 6 s, then lets calls through;
- ``silent server``: connections are accepted, nothing is answered (no call,
  not the model list); also with eai's default ``--timeout 120``;
- ``content null``: every reply is a 200 whose message content is null;
- ``refused``: nothing listens on the port.

It prints, per scenario: the exit code; the seconds from the fault's start
(the run's start, but for the outages and the limiter) to the run's end, which
for a run that gave up is the time to give up; the answers kept and the failed
calls recorded in responses.jsonl (what a resume starts from: a run that gave
up writes no records.jsonl); how long the run took; and its last line. The
times are wall-clock, which is what giving up on a server is about (never a
verdict); the load average is printed with them. ``--first-answer-deadline 0``
runs eai without the first-answer deadline, as it was before it had one (issue
36 item 4). Run from the repository root (about 5 minutes):

    python benchmarks/faults.py [--scenario NAME ...] [--first-answer-deadline SECONDS]
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for tests.models

from eai.results.store import ResponseLog  # noqa: E402
from eai.testing.fake_server import FakeServer, Reply  # noqa: E402
from tests.models.support import FAKE_KEY, MODEL, UNIT, Gold  # noqa: E402

TASKS, ANSWERED_FIRST, DELAY, TIMEOUT = 40, 8, 0.2, 10
REFUSING_URL = "http://127.0.0.1:9/v1"  # the discard port: nothing listens there


@dataclass
class Fault:
    """The calls the server got so far and when the fault began (monotonic seconds)."""

    started: float | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    calls: int = 0

    def next(self) -> int:
        with self.lock:
            self.calls += 1
            return self.calls - 1

    def begin(self) -> None:
        with self.lock:
            self.started = self.started or time.monotonic()


@dataclass(frozen=True)
class Scenario:
    name: str
    reply: Callable[[Fault], Callable[[dict], Reply]] | None  # None: no server at all
    back_after: float | None = None  # an outage's length: the server comes back on its port
    silent: bool = False  # the model list is not answered either
    timeout: float = TIMEOUT  # eai run's --timeout


def always(made: Reply) -> Callable[[Fault], Callable[[dict], Reply]]:
    def reply(fault: Fault) -> Callable[[dict], Reply]:
        fault.begin()
        return lambda body: made
    return reply


def goes_away(fault: Fault) -> Callable[[dict], Reply]:
    def reply(body: dict) -> Reply:
        if fault.next() == ANSWERED_FIRST:
            fault.begin()
            return Reply(gone=True)
        return Reply(delay=DELAY)
    return reply


def limiter(seconds: float) -> Callable[[Fault], Callable[[dict], Reply]]:
    def reply(fault: Fault) -> Callable[[dict], Reply]:
        def answer(body: dict) -> Reply:
            if fault.next() < ANSWERED_FIRST:
                return Reply(delay=DELAY)
            fault.begin()
            left = fault.started + seconds - time.monotonic()
            if left > 0:
                return Reply(429, message="rate limited", headers=(("Retry-After", str(math.ceil(left))),))
            return Reply(delay=DELAY)
        return answer
    return reply


SCENARIOS = [
    Scenario("outage 2 s", goes_away, back_after=2.0),
    Scenario("outage 60 s", goes_away, back_after=60.0),
    Scenario("500 storm", always(Reply(500, message="overloaded"))),
    Scenario("429 Retry-After", limiter(6.0)),
    Scenario("silent server", always(Reply(delay=3600)), silent=True),
    Scenario("silent server, --timeout 120", always(Reply(delay=3600)), silent=True, timeout=120),
    Scenario("content null", always(Reply(delay=DELAY, no_content=True))),
    Scenario("refused", None),
]


@dataclass(frozen=True)
class Outcome:
    code: int
    from_fault: float
    took: float
    answers: int
    failed: int
    said: str


def eai_run(url: str, out: Path, timeout: float, deadline: list[str]) -> subprocess.CompletedProcess:
    args = ["run", "--model", MODEL, "--base-url", url, "--suite", "virtualhome", "--module", "action_sequencing",
            "--limit", str(TASKS), "--timeout", str(timeout), "--out", str(out), "--no-cache", "--quiet", *deadline]
    return subprocess.run([sys.executable, "-m", "eai", *args], capture_output=True, text=True,
                          env={**os.environ, "OPENAI_API_KEY": FAKE_KEY}, timeout=900)


def play(scenario: Scenario, gold: Gold, out: Path, deadline: list[str]) -> Outcome:
    fault, done, servers = Fault(), threading.Event(), []
    start = time.monotonic()
    if scenario.reply is None:
        fault.begin()
        result = eai_run(REFUSING_URL, out, scenario.timeout, deadline)
    else:
        listing = (lambda: Reply(delay=3600)) if scenario.silent else Reply
        with FakeServer(answer=gold.answer, reply=scenario.reply(fault), listing=listing) as server:
            back = threading.Thread(target=come_back, args=(scenario, fault, server.port, gold, done, servers))
            back.start()
            result = eai_run(server.url, out, scenario.timeout, deadline)
            done.set()
            back.join()
    end = time.monotonic()
    for again in servers:
        again.__exit__(None, None, None)
    log = ResponseLog(out / UNIT / "responses.jsonl").read()
    lines = (result.stderr or result.stdout).strip().splitlines()
    return Outcome(result.returncode, end - (fault.started or start), end - start,
                   sum(not r.error for r in log.values()), sum(bool(r.error) for r in log.values()),
                   lines[-1] if lines else "")


def come_back(scenario: Scenario, fault: Fault, port: int, gold: Gold, done: threading.Event,
              servers: list[FakeServer]) -> None:
    """Serve ``port`` again ``scenario.back_after`` seconds after the fault began, unless the run ended first."""
    if scenario.back_after is None:
        return
    while fault.started is None and not done.wait(0.05):
        pass
    if fault.started is not None and not done.wait(max(0.0, fault.started + scenario.back_after - time.monotonic())):
        servers.append(FakeServer(answer=gold.answer, reply=lambda body: Reply(delay=DELAY), port=port).__enter__())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", action="append", choices=[s.name for s in SCENARIOS],
                        help="only this scenario (repeatable)")
    parser.add_argument("--first-answer-deadline", help="eai run's (default: eai's own); 0: none, as before issue 36")
    args = parser.parse_args()
    chosen = [s for s in SCENARIOS if s.name in (args.scenario or [s.name for s in SCENARIOS])]
    deadline = ["--first-answer-deadline", args.first_answer_deadline] if args.first_answer_deadline else []
    gold = Gold.load(TASKS)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{TASKS} tasks, --concurrency 8, --retries 5, --give-up-after 30, --timeout {TIMEOUT} "
          f"(unless the scenario says), --first-answer-deadline {args.first_answer_deadline or 'default (30)'}")
    print("| scenario | exit code | fault to end (s) | answers kept | failed calls recorded | run took (s) | last line |")
    print("|---|---|---|---|---|---|---|")
    for scenario in chosen:
        with tempfile.TemporaryDirectory() as folder:
            o = play(scenario, gold, Path(folder) / "run", deadline)
        said = o.said.replace(folder, "RUN").replace("|", "/")
        print(f"| {scenario.name} | {o.code} | {o.from_fault:.1f} | {o.answers} | {o.failed} | {o.took:.1f} | "
              f"{said[:150]} |", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
