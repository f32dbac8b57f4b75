"""A planner host: a plain Python process (run as a script) that imports Fast
Downward's translator once and then forks a child per search, so a run
costs no interpreter start and no imports.

    PYTHONHASHSEED=0 python -s host.py BIN_DIR [PREPARE_MODULE SYS_PATH_JSON]

(hosts.py starts it so, in a session of its own, with no other PYTHON*
variables; the host drops its own directory from ``sys.path`` and loads
child.py, what each child does, from that directory by its path).

With a prepare module (importable from the given ``sys.path`` entries; the
host imports it once too), the first child of a run first calls its
``prepare()`` in the run's directory, which writes domain.pddl and
problem.pddl there (and returns 0) or explains itself in prepare.log (and
returns an exit code; unified-planning's import is kept from loading scipy,
see ``_Unused``). The host must stay single-threaded to fork safely: it
asks numerical libraries (which unified-planning imports) for one thread and
refuses to start otherwise. It freezes its heap (``gc.freeze``) before the
first fork, so children do not copy it page by page by collecting it.

Protocol, one line each on stdin/stdout: the host says ``ready`` (or
``error <why>``); then per request ``{"work": dir, "memory_mb": n|null,
"cpu_seconds": s|null, "wall_seconds": s|null, "searches": [argv, ...]}`` it
answers ``{"code": n|null, "cpu": s}``, with ``"interrupted": true`` when a
SIGINT (Ctrl-C at the caller's terminal) ended it. The searches are a portfolio, run in
turn, each going on only when the one before gave up without a verdict
(exit code 12). The first child of a run starts a session, prepares, runs
the translator in-process on ``dir``/domain.pddl and problem.pddl and then
becomes the first search; each later search is a child of its own. ``code``
is Fast Downward's (the translator's when that fails, else the last
search's), the preparer's, or minus the signal that ended the child, as
child.py's ``ending`` reads it: the CPU limit's kill is running out of time,
and running out of memory while preparing or translating is the
translator's "out of memory" however it shows.

Limits: ``cpu_seconds`` is the CPU time of the whole run (preparing,
translating, every search): each child's RLIMIT_CPU is what the children
before it left, rounded up to whole seconds. ``memory_mb`` bounds the
address space a child adds to what it inherits from the host (a host with
unified-planning imported maps about 55 MB), and then the whole address
space of a search. ``wall_seconds`` is a safety net only: past it the host
kills the run and answers ``"code": null``. ``cpu`` is the CPU time the
run's children used.

Nothing outlives its parent. A child gets SIGKILL when the host ends (Linux
``PR_SET_PDEATHSIG``), and the host ends when its stdin closes, which is
what happens when the process that started it ends, however it ends: if a
run is going on then, the host kills it and removes its directory first.
Children run in sessions of their own, so only the host's kill ends them.
"""

from __future__ import annotations

import gc
import importlib
import importlib.util
import json
import os
import resource
import select
import shutil
import signal
import sys
import time
import types
from collections.abc import Callable

SEARCH_UNSOLVED_INCOMPLETE = 12  # gave up (its own time limit, or an incomplete search) without a verdict
SEARCH_OUT_OF_TIME = 23
SINGLE_THREAD = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def main(bin_dir: str, prepare_module: str | None = None, path: str = "[]") -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]
    try:
        sys.path.insert(0, bin_dir)
        import fast_downward.translate.main  # noqa: F401  (imported once, inherited by every child)
    except Exception as exc:
        _answer(f"error cannot import Fast Downward's translator from {bin_dir}: {exc!r}")
        return
    prepare = None
    if prepare_module:
        for variable in SINGLE_THREAD:
            os.environ[variable] = "1"
        try:
            sys.path[:0] = json.loads(path)
            sys.modules.setdefault("ConfigSpace", _Unused("ConfigSpace"))
            prepare = importlib.import_module(prepare_module).prepare
        except Exception as exc:
            _answer(f"error cannot import {prepare_module}: {exc!r}")
            return
    if _threads() > 1:
        _answer(f"error the host runs {_threads()} threads after its imports; forking would be unsafe")
        return
    gc.freeze()
    host = _Host(prepare, _load_child(os.path.join(here, "child.py")))
    _answer("ready")
    while (line := host.requests.line()) is not None:
        _answer(json.dumps(host.run(**json.loads(line))))


def _load_child(path: str) -> types.ModuleType:
    """child.py, loaded by its path: its directory is off ``sys.path``."""
    spec = importlib.util.spec_from_file_location("eai_fast_downward_child", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class _Unused(types.ModuleType):
    """A stand-in for a module that is imported but never used here.
    unified-planning imports ConfigSpace (and with it scipy: about 0.8 of the
    1.1 s its import takes) only to annotate ``Engine.get_configuration_space``,
    which planning never calls. Any name can be imported from the stand-in;
    using one raises."""

    def __getattr__(self, name: str) -> type:
        if name.startswith("__"):
            raise AttributeError(name)
        module = self.__name__

        class Unused:
            def __init__(self, *args, **kwargs) -> None:
                raise RuntimeError(f"{module}.{name} is not available in a planner host")

        Unused.__name__ = name
        return Unused


class _Requests:
    """Lines from stdin, read without blocking the host's wait for its children."""

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


class _Host:
    def __init__(self, prepare: Callable[[], int] | None, child: types.ModuleType) -> None:
        self.prepare, self.child = prepare, child
        self.requests = _Requests()
        # A child's end writes to this pipe (SIGCHLD's wakeup fd), so one select waits for it and for stdin.
        self.wake, wake_write = os.pipe()
        for fd in (self.wake, wake_write):
            os.set_blocking(fd, False)
        signal.set_wakeup_fd(wake_write)
        signal.signal(signal.SIGCHLD, lambda signum, frame: None)
        # Ctrl-C at a terminal reaches the host with its caller (one process group): it ends the run in hand.
        self.interrupted = False
        signal.signal(signal.SIGINT, self.interrupt)

    def interrupt(self, signum: int, frame: object) -> None:
        self.interrupted = True

    def run(self, work: str, memory_mb: int | None, cpu_seconds: float | None, wall_seconds: float | None,
            searches: list[list[str]]) -> dict:
        deadline = None if wall_seconds is None else time.monotonic() + wall_seconds
        code, used, host = SEARCH_UNSOLVED_INCOMPLETE, 0.0, os.getpid()
        self.interrupted = False  # a Ctrl-C ends the run in hand, not one to come
        for i, search in enumerate(searches):
            left = None if cpu_seconds is None else cpu_seconds - used
            if left is not None and left <= 0:
                return {"code": SEARCH_OUT_OF_TIME, "cpu": used}
            if self.interrupted:
                break
            resident = self.child.resident()
            pid = os.fork()
            if pid == 0:
                self.child.run(host, self.prepare, i == 0, work, memory_mb, left, search)
            code, cpu, peak = self.wait(pid, work, deadline)
            translating = i == 0 and not os.path.exists(os.path.join(work, "search.log"))
            room = None if memory_mb is None else resident + memory_mb * 1024 * 1024
            code = self.child.ending(code, translating, cpu, left, peak, room)
            used += cpu
            if code != SEARCH_UNSOLVED_INCOMPLETE:
                break
        if self.interrupted:
            return {"code": None, "cpu": used, "interrupted": True}
        return {"code": code, "cpu": used}

    def wait(self, pid: int, work: str, deadline: float | None) -> tuple[int | None, float, int]:
        """The child's exit code, CPU time and peak resident memory (bytes); code
        None when ``deadline`` passed or an interruption came first (the child
        is killed). Ends the host if stdin closes meanwhile."""
        while True:
            ended, status, usage = os.wait4(pid, os.WNOHANG)
            if ended:
                return os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024
            timeout = None if deadline is None else max(deadline - time.monotonic(), 0.0)
            ready = select.select([0, self.wake], [], [], timeout)[0]
            if self.wake in ready:
                while _drained(self.wake):
                    pass
            if 0 in ready and not self.requests.read(0):  # the caller is gone: so are we
                _kill(pid)
                shutil.rmtree(work, ignore_errors=True)
                os._exit(0)
            if self.interrupted or (not ready and deadline is not None and time.monotonic() >= deadline):
                _, _, usage = _kill(pid)
                return None, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024


def _drained(fd: int) -> bool:
    try:
        return bool(os.read(fd, 4096))
    except BlockingIOError:
        return False


def _kill(pid: int) -> tuple[int, int, resource.struct_rusage]:
    """SIGKILL to the child's session (the child and whatever it started); the child reaped."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:  # not yet its own session
        os.kill(pid, signal.SIGKILL)
    return os.wait4(pid, 0)


def _threads() -> int:
    """Threads of this process (1 where /proc is missing)."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return 1


def _answer(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main(*sys.argv[1:])
