"""The planner hosts (``host.py``) of this process: started on demand, one per
run in flight and kind (Fast Downward build, preparer), reused, closed at
exit. Only this module talks to them."""

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
    def __init__(self, bin_dir: Path, prepare: str | None = None) -> None:
        preparer = [prepare, json.dumps(sys.path)] if prepare else []
        # No PYTHON* settings of ours, and one hash seed: the same set orders
        # (in the translator, in unified-planning's writer) in every host.
        env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
        env["PYTHONHASHSEED"] = "0"
        self.process = subprocess.Popen(
            [sys.executable, "-s", str(HOST_SCRIPT), str(bin_dir), *preparer], env=env,
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

    def run(self, work: Path, searches: list[list[str]], budget: Budget, deadline: float | None) -> int | None:
        """Exit code of one run in ``work``; None when it ran out of time."""
        cpu = None if budget.seconds is None else int(budget.seconds) + 1
        request = {"work": str(work), "memory_mb": budget.memory_mb, "cpu_seconds": cpu, "searches": searches}
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
    """Idle hosts of one kind; safe to use from several threads."""

    def __init__(self, bin_dir: Path, prepare: str | None) -> None:
        self.bin_dir = bin_dir
        self.prepare = prepare
        self._idle: list[Host] = []
        self._lock = threading.Lock()

    def run(self, work: Path, searches: list[list[str]], budget: Budget, deadline: float | None) -> int | None:
        with self._lock:
            host = self._idle.pop() if self._idle else None
        host = host or Host(self.bin_dir, self.prepare)
        reusable = False
        try:
            code = host.run(work, searches, budget, deadline)
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


@atexit.register
def _close_all() -> None:
    for pool in list(_hosts.values()):
        pool.close()
