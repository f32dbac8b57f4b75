"""A planner host: a small Python process (run as a script) that keeps a
worker (worker.py) which prepares and translates run after run in-process,
and forks a child per search (child.py), so a run costs no interpreter start,
no import and no fork of a large process.

    PYTHONHASHSEED=0 python -s host.py BIN_DIR SYS_PATH_JSON [PREPARE_MODULE]

(hosts.py starts it so, with no other PYTHON* variables; ``sys.path`` becomes
``BIN_DIR`` and the given entries, not the host's own directory). The host
imports nothing heavy, so its forks are cheap; its worker, forked at its
start, imports the translator and the prepare module (worker.py).

Protocol, one line each on stdin/stdout: the host says ``ready`` (or
``error <why>``) once its worker is ready; then per request ``{"work": dir,
"memory_mb": n|null, "cpu_seconds": s|null, "wall_seconds": s|null,
"searches": [argv, ...]}`` it answers ``{"code": n|null, "cpu": s}``, with
``"interrupted": true`` when a SIGINT (Ctrl-C at the caller's terminal) ended
it. The worker prepares and translates; then the searches, a portfolio, run
in turn, each going on only when the one before gave up without a verdict
(exit code 12). ``code`` is Fast Downward's (the translator's when that
fails, else the last search's), the preparer's, or minus the signal that ended
the worker or the search, as child.py's ``ending`` reads it: the CPU limit's
kill is running out of time, and running out of memory while preparing or
translating is the translator's "out of memory" however it shows.

Limits: ``cpu_seconds`` is the CPU time of the whole run (preparing,
translating, every search): the worker's share and each search's RLIMIT_CPU
is what the steps before it left, rounded up to whole seconds. ``memory_mb``
bounds the address space the worker adds during the run to what it mapped
before it, and the whole address space of a search. ``wall_seconds`` is a
safety net only: past it the host kills the run (the worker, if it is the
worker's step) and answers ``"code": null``. ``cpu`` is the CPU time the run
used. A worker that ended (a run out of time or memory, a kill) is replaced
at the next run.

Nothing outlives its parent. The worker and each search get SIGKILL when the
host ends (Linux ``PR_SET_PDEATHSIG``), and the host ends when its stdin
closes, which is what happens when the process that started it ends, however
it ends: if a run is going on then, the host kills it and removes its
directory first. The worker and the searches run in sessions of their own,
so only the host's kill ends them.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import sys
import time

SEARCH_UNSOLVED_INCOMPLETE = 12  # gave up (its own time limit, or an incomplete search) without a verdict
SEARCH_OUT_OF_TIME = 23


def main(bin_dir: str, path: str, prepare_module: str | None = None) -> None:
    sys.path[:] = [bin_dir, *json.loads(path)]
    host = _Host(prepare_module)
    try:
        host.start_worker(None, None)
    except _WorkerGone as exc:
        _answer(f"error {exc}")
        return
    _answer("ready")
    while (line := host.requests.line()) is not None:
        _answer(json.dumps(host.run(**json.loads(line))))
    host.end_worker()  # reaped, so that its CPU time reaches the host's caller


class _WorkerGone(Exception):
    """The worker could not start."""


class _Ended(Exception):
    """The worker closed its end of the pipe: it is ending."""


class _Requests:
    """Lines from stdin, read without blocking the host's waits."""

    def __init__(self) -> None:
        self.buffer = b""
        self.closed = False

    def line(self) -> str | None:
        """The next request; None once stdin has closed."""
        while b"\n" not in self.buffer and self.read(None):
            pass
        if b"\n" not in self.buffer:
            return None
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode()

    def read(self, timeout: float | None) -> bool:
        """Read what stdin has within ``timeout``; False once it has closed."""
        if not self.closed and select.select([0], [], [], timeout)[0]:
            chunk = os.read(0, 65536)
            self.buffer += chunk
            self.closed = not chunk
        return not self.closed


class _Worker:
    """The host's end of a worker: its pid, its pipes, and what it last said."""

    def __init__(self, pid: int, requests: int, answers: int) -> None:
        self.pid, self.requests, self.answers = pid, requests, answers
        os.set_blocking(answers, False)
        self.buffer = b""
        self.resident = 0  # bytes, as it last said
        self.used = 0.0  # CPU seconds before the run in hand, as it last said

    def said(self) -> dict | None:
        """Its next answer; None while there is none yet. Raises _Ended once it has closed its end."""
        while b"\n" not in self.buffer:
            try:
                chunk = os.read(self.answers, 65536)
            except BlockingIOError:
                return None
            if not chunk:
                raise _Ended
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        answer = json.loads(line)
        self.resident, self.used = answer.get("resident", self.resident), answer.get("used", self.used)
        return answer


class _Host:
    def __init__(self, prepare_module: str | None) -> None:
        from eai_fast_downward import child, worker

        self.prepare_module, self.child, self.worker_module = prepare_module, child, worker
        self.worker: _Worker | None = None
        self.requests = _Requests()
        # A child's end writes to this pipe (SIGCHLD's wakeup fd), so one select waits for it and for stdin.
        self.wake, self.wake_write = os.pipe()
        for fd in (self.wake, self.wake_write):
            os.set_blocking(fd, False)
        signal.set_wakeup_fd(self.wake_write)
        signal.signal(signal.SIGCHLD, lambda signum, frame: None)
        # Ctrl-C at a terminal reaches the host with its caller (one process group): it ends the run in hand.
        self.interrupted = False
        signal.signal(signal.SIGINT, self.interrupt)

    def interrupt(self, signum: int, frame: object) -> None:
        self.interrupted = True

    def run(self, work: str, memory_mb: int | None, cpu_seconds: float | None, wall_seconds: float | None,
            searches: list[list[str]]) -> dict:
        deadline = None if wall_seconds is None else time.monotonic() + wall_seconds
        self.interrupted = False  # a Ctrl-C ends the run in hand, not one to come
        code, used = self.translate(work, memory_mb, cpu_seconds, deadline)
        if code == 0:
            code = SEARCH_UNSOLVED_INCOMPLETE
            for search in searches:
                left = None if cpu_seconds is None else cpu_seconds - used
                if left is not None and left <= 0:
                    return {"code": SEARCH_OUT_OF_TIME, "cpu": used}
                if self.interrupted:
                    break
                pid = os.fork()
                if pid == 0:
                    self.child.search(os.getppid(), work, memory_mb, left, search)
                code, cpu, _ = self.wait(pid, work, deadline)
                code = self.child.ending(code, False, cpu, left, 0, None)
                used += cpu
                if code != SEARCH_UNSOLVED_INCOMPLETE:
                    break
        if self.interrupted:
            return {"code": None, "cpu": used, "interrupted": True}
        return {"code": code, "cpu": used}

    def translate(self, work: str, memory_mb: int | None, cpu_seconds: float | None,
                  deadline: float | None) -> tuple[int | None, float]:
        """The worker's step of a run: its exit code (None: stopped by the deadline or an interruption) and CPU."""
        worker = self.worker or self.start_worker(work, deadline)
        if worker is None:
            return None, 0.0
        room = None if memory_mb is None else worker.resident + memory_mb * 1024 * 1024
        request = {"work": work, "memory_mb": memory_mb, "cpu_seconds": cpu_seconds}
        try:
            os.write(worker.requests, (json.dumps(request) + "\n").encode())
        except BrokenPipeError:  # it ended while idle (killed): the run goes to a new one
            self.end_worker()
            return self.translate(work, memory_mb, cpu_seconds, deadline)
        before = worker.used
        try:
            said = self.hear(worker, work, deadline)
        except _Ended:  # the run ended it: its exit code is the run's
            code, cpu, peak = self.end_worker()
            return self.child.ending(code, True, cpu - before, cpu_seconds, peak, room), cpu - before
        if said is None:
            _, cpu, _ = self.end_worker()
            return None, cpu - before
        if not said.get("reusable", True):
            self.end_worker()
        return said["code"], said["cpu"]

    def start_worker(self, work: str | None, deadline: float | None) -> _Worker | None:
        """A new worker, once it has said it is ready (None: the deadline passed or an interruption came first)."""
        requests_read, requests_write = os.pipe()
        answers_read, answers_write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.dup2(requests_read, self.worker_module.REQUESTS)
            os.dup2(answers_write, self.worker_module.ANSWERS)
            for fd in (requests_read, requests_write, answers_read, answers_write, self.wake, self.wake_write):
                if fd not in (self.worker_module.REQUESTS, self.worker_module.ANSWERS):
                    os.close(fd)
            self.worker_module.serve(os.getppid(), self.prepare_module)
        os.close(requests_read)
        os.close(answers_write)
        self.worker = _Worker(pid, requests_write, answers_read)
        try:
            said = self.hear(self.worker, work, deadline)
        except _Ended:
            said = {"error": "the planner worker ended as it started"}
        if said is None or "ready" not in said:
            self.end_worker()
            if said is None:
                return None
            raise _WorkerGone(said.get("error"))
        return self.worker

    def end_worker(self) -> tuple[int | None, float, int]:
        """Kill the worker (if there is one and it has not ended) and reap it:
        its exit code, CPU and peak resident memory."""
        worker, self.worker = self.worker, None
        if worker is None:
            return None, 0.0, 0
        os.close(worker.requests)
        os.close(worker.answers)
        return _kill(worker.pid)

    def hear(self, worker: _Worker, work: str | None, deadline: float | None) -> dict | None:
        """The worker's next answer; None when ``deadline`` passed or an
        interruption came first. Raises _Ended when it ended first."""
        while (said := worker.said()) is None:
            if not self.pause(worker.answers, work, deadline, worker.pid):
                return None
        return said

    def wait(self, pid: int, work: str, deadline: float | None) -> tuple[int | None, float, int]:
        """A search's exit code, CPU time and peak resident memory (bytes); code
        None when ``deadline`` passed or an interruption came first (it is killed)."""
        while True:
            ended, status, usage = os.wait4(pid, os.WNOHANG)
            if ended:
                return os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024
            if not self.pause(None, work, deadline, pid):
                _, cpu, peak = _kill(pid)
                return None, cpu, peak

    def pause(self, fd: int | None, work: str | None, deadline: float | None, pid: int) -> bool:
        """Wait until ``fd`` can be read or a signal comes (a child's end, SIGINT):
        True, or False if ``deadline`` has passed or an interruption came. If
        stdin closes meanwhile, the caller is gone: so are we, process ``pid``
        and the run's directory ``work`` first."""
        timeout = None if deadline is None else max(deadline - time.monotonic(), 0.0)
        ready = select.select([0, self.wake] + ([fd] if fd is not None else []), [], [], timeout)[0]
        if self.wake in ready:
            while _drained(self.wake):
                pass
        if 0 in ready and not self.requests.read(0):
            _kill(pid)
            if self.worker is not None and self.worker.pid != pid:
                self.end_worker()
            if work is not None:
                shutil.rmtree(work, ignore_errors=True)
            os._exit(0)
        return not self.interrupted and (deadline is None or time.monotonic() < deadline)


def _drained(fd: int) -> bool:
    try:
        return bool(os.read(fd, 4096))
    except BlockingIOError:
        return False


def _kill(pid: int) -> tuple[int | None, float, int]:
    """SIGKILL to the process's session (it and whatever it started); it reaped: (exit code, CPU, peak)."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:  # not yet its own session
        os.kill(pid, signal.SIGKILL)
    _, status, usage = os.wait4(pid, 0)
    return os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024


def _answer(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main(*sys.argv[1:])
