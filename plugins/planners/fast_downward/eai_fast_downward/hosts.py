"""The planner hosts (``host.py``) of this process: started on demand, one per
run in flight, reused, closed at exit. Only this module talks to them."""

from __future__ import annotations

import atexit
import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from eai.planner import Budget

HOST_SCRIPT = Path(__file__).with_name("host.py")
START_SECONDS = 60.0


class HostError(Exception):
    """A host did not start or stopped answering."""


class Host:
    def __init__(self, bin_dir: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-I", str(HOST_SCRIPT), str(bin_dir)],
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

    def run(self, work: Path, search: list[str], budget: Budget, deadline: float | None) -> int | None:
        """Exit code of one run in ``work``; None when it ran out of time."""
        cpu = None if budget.seconds is None else int(budget.seconds) + 1
        request = {"work": str(work), "memory_mb": budget.memory_mb, "cpu_seconds": cpu, "search": search}
        try:
            self.process.stdin.write((json.dumps(request) + "\n").encode())
            self.process.stdin.flush()
        except OSError as exc:
            raise HostError(f"the planner host stopped: {exc}") from None
        pid = int(self._line(None))
        try:
            code = self._line(deadline)
        except BaseException:  # interrupted: end the run; this host is not reused
            _kill_group(pid)
            raise
        if code is None:  # out of time: end the run's whole group; the host reaps it
            _kill_group(pid)
            self._line(None)
            return None
        return int(code)

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

    def close(self) -> None:
        self.process.stdin.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process.stdout.close()


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:  # not yet its own session, or already ended
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


class Hosts:
    """Idle hosts for one Fast Downward build; safe to use from several threads."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        self._idle: list[Host] = []
        self._lock = threading.Lock()

    def run(self, work: Path, search: list[str], budget: Budget, deadline: float | None) -> int | None:
        with self._lock:
            host = self._idle.pop() if self._idle else None
        host = host or Host(self.bin_dir)
        reusable = False
        try:
            code = host.run(work, search, budget, deadline)
            reusable = True
            return code
        finally:
            if reusable:
                with self._lock:
                    self._idle.append(host)
            else:
                host.close()

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for host in idle:
            host.close()


_hosts: dict[Path, Hosts] = {}
_hosts_lock = threading.Lock()


def hosts(bin_dir: Path) -> Hosts:
    with _hosts_lock:
        if bin_dir not in _hosts:
            _hosts[bin_dir] = Hosts(bin_dir)
        return _hosts[bin_dir]


@atexit.register
def _close_all() -> None:
    for pool in list(_hosts.values()):
        pool.close()
