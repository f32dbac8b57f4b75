"""The planner hosts (``host.py``) of this process: started on demand, one per
run in flight and kind (Fast Downward build, preparer), reused, closed at
exit or by :func:`close_all`. Only this module talks to them.

A host ends, with the run it has in hand, when its stdin closes: when this
process ends however it ends, when :meth:`Hosts.abort` is called, or when a
run here is interrupted. It shares this process's group, so Ctrl-C at the
terminal reaches it too: it ends its run and says so, and the thread waiting
for it raises KeyboardInterrupt (which matters where the main thread defers
Ctrl-C, as ``asyncio.run`` does until the synchronous scoring returns).
"""

from __future__ import annotations

import atexit
import json
import os
import select
import subprocess
import sys
import threading
import time
from pathlib import Path

from eai.plugin_api import Budget

HOST_SCRIPT = Path(__file__).with_name("host.py")
START_SECONDS = 60.0
ANSWER_SLACK = 30.0  # seconds a host may take past a run's wall-clock limit to answer


class HostError(Exception):
    """A host did not start or stopped answering."""


class Host:
    def __init__(self, bin_dir: Path, prepare: str | None = None) -> None:
        preparer = [prepare] if prepare else []
        # No PYTHON* settings of ours, and one hash seed: the same set orders
        # (in the translator, in unified-planning's writer) in every host.
        env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
        env["PYTHONHASHSEED"] = "0"
        self.process = subprocess.Popen(
            [sys.executable, "-s", str(HOST_SCRIPT), str(bin_dir), json.dumps(sys.path), *preparer], env=env,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )
        self._buffer = b""
        try:
            first = self._line(time.monotonic() + START_SECONDS)
        except HostError:
            first = None
        if first != "ready":
            self.close()
            raise HostError(first or "the planner host did not start")

    def run(self, work: Path, searches: list[list[str]], budget: Budget) -> tuple[int | None, float]:
        """Exit code of one run in ``work`` (None: stopped by the wall-clock
        limit) and the CPU time it used; KeyboardInterrupt if Ctrl-C ended it."""
        request = {"work": str(work), "memory_mb": budget.memory_mb, "cpu_seconds": budget.cpu_seconds,
                   "wall_seconds": budget.wall_seconds, "searches": searches}
        try:
            self.process.stdin.write((json.dumps(request) + "\n").encode())
            self.process.stdin.flush()
        except (OSError, ValueError) as exc:
            raise HostError(f"the planner host stopped: {exc}") from None
        limit = None if budget.wall_seconds is None else time.monotonic() + budget.wall_seconds + ANSWER_SLACK
        try:
            line = self._line(limit)
        except BaseException:  # interrupted, or the host ended: it ends the run
            self.abort()
            raise
        if line is None:
            self.process.kill()  # its run dies with it (host.py)
            raise HostError(f"the planner host did not answer within {budget.wall_seconds:g} + {ANSWER_SLACK:g} s")
        answer = json.loads(line)
        if answer.get("interrupted"):
            raise KeyboardInterrupt
        return answer["code"], answer["cpu"]

    def _line(self, deadline: float | None) -> str | None:
        """The host's next line, or None at ``deadline``."""
        fd = self.process.stdout.fileno()
        while b"\n" not in self._buffer:
            timeout = None if deadline is None else max(deadline - time.monotonic(), 0.0)
            if not select.select([fd], [], [], timeout)[0]:
                return None
            chunk = os.read(fd, 4096)
            if not chunk:
                raise HostError(f"the planner host exited with code {self.process.wait()}")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.decode()

    def abort(self) -> None:
        """Close the host's stdin: it kills its run, removes the run's directory and exits."""
        try:
            self.process.stdin.close()
        except OSError:
            pass

    def close(self) -> None:
        self.abort()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()


class Hosts:
    """Hosts of one kind; safe to use from several threads."""

    def __init__(self, bin_dir: Path, prepare: str | None) -> None:
        self.bin_dir = bin_dir
        self.prepare = prepare
        self._idle: list[Host] = []
        self._busy: set[Host] = set()
        self._lock = threading.Lock()

    def run(self, work: Path, searches: list[list[str]], budget: Budget) -> tuple[int | None, float]:
        with self._lock:
            host = self._idle.pop() if self._idle else None
        host = host or Host(self.bin_dir, self.prepare)
        with self._lock:
            self._busy.add(host)
        reusable = False
        try:
            answer = host.run(work, searches, budget)
            reusable = True
            return answer
        finally:
            with self._lock:
                self._busy.discard(host)
                if reusable:
                    self._idle.append(host)
            if not reusable:
                host.close()

    def abort(self) -> None:
        """End every run in flight (their callers get a HostError)."""
        with self._lock:
            busy = list(self._busy)
        for host in busy:
            host.abort()

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for host in idle:
            host.close()


_hosts: dict[tuple[Path, str | None], Hosts] = {}
_hosts_lock = threading.Lock()


def hosts(bin_dir: Path, prepare: str | None = None) -> Hosts:
    """The hosts for ``bin_dir`` whose children first call ``prepare``'s ``prepare()``
    (a module name, imported once per host; see host.py)."""
    with _hosts_lock:
        key = (bin_dir, prepare)
        if key not in _hosts:
            _hosts[key] = Hosts(bin_dir, prepare)
        return _hosts[key]


def abort_all() -> None:
    """End every run in flight, in every pool (on Ctrl-C)."""
    for pool in list(_hosts.values()):
        pool.abort()


@atexit.register
def close_all() -> None:
    """Close every idle host, in every pool (at exit, or when asked: ``FastDownward.close``)."""
    for pool in list(_hosts.values()):
        pool.close()
