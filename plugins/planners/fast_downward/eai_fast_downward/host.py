"""A planner host: a plain Python process (run as a script) that imports Fast
Downward's translator once and then forks a child per search, so a run
costs no interpreter start and no imports.

    PYTHONHASHSEED=0 python -s host.py BIN_DIR [PREPARE_MODULE SYS_PATH_JSON]

(hosts.py starts it so, in a session of its own, with no other PYTHON*
variables; the host drops its own directory from ``sys.path``).

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
search's), the preparer's, or minus the signal that ended the child.

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

import ctypes
import gc
import importlib
import json
import math
import os
import resource
import runpy
import select
import shutil
import signal
import sys
import time
import traceback
import types
from collections.abc import Callable

SEARCH_UNSOLVED_INCOMPLETE = 12  # gave up (its own time limit, or an incomplete search) without a verdict
SEARCH_OUT_OF_TIME = 23
TRANSLATE_CRITICAL_ERROR = 30
SEARCH_CRITICAL_ERROR = 32
SINGLE_THREAD = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
PR_SET_PDEATHSIG = 1


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
    host = _Host(prepare)
    _answer("ready")
    while (line := host.requests.line()) is not None:
        _answer(json.dumps(host.run(**json.loads(line))))


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
    def __init__(self, prepare: Callable[[], int] | None) -> None:
        self.prepare = prepare
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
            pid = os.fork()
            if pid == 0:
                _child(host, self.prepare, i == 0, work, memory_mb, left, search)
            code, cpu = self.wait(pid, work, deadline)
            used += cpu
            if code != SEARCH_UNSOLVED_INCOMPLETE:
                break
        if self.interrupted:
            return {"code": None, "cpu": used, "interrupted": True}
        return {"code": code, "cpu": used}

    def wait(self, pid: int, work: str, deadline: float | None) -> tuple[int | None, float]:
        """The child's exit code and CPU time; code None when ``deadline`` passed
        or an interruption came first (the child is killed). Ends the host if
        stdin closes meanwhile."""
        while True:
            ended, status, usage = os.wait4(pid, os.WNOHANG)
            if ended:
                return os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime
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
                return None, usage.ru_utime + usage.ru_stime


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


def _child(host: int, prepare: Callable[[], int] | None, first: bool, work: str, memory_mb: int | None,
           cpu_seconds: float | None, search: list[str]) -> None:
    """Never returns: becomes ``search`` or exits with the preparer's or the translator's code."""
    code = TRANSLATE_CRITICAL_ERROR if first else SEARCH_CRITICAL_ERROR
    try:
        os.setsid()
        _die_with(host)
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        if memory_mb is not None:
            _limit_address_space(_address_space() + memory_mb * 1024 * 1024)
        if cpu_seconds is not None:
            limit = math.ceil(cpu_seconds)
            resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))
        os.chdir(work)
        if first:
            code = _logged("prepare.log", prepare) if prepare else 0
            if code == 0:
                code = _logged("translate.log", _translate)
            if code != 0:
                return
            code = SEARCH_CRITICAL_ERROR
        _redirect(0, "output.sas", os.O_RDONLY)
        _redirect(1, "search.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        os.dup2(1, 2)
        if memory_mb is not None:
            _limit_address_space(memory_mb * 1024 * 1024)
        os.execv(search[0], search)
    except BaseException:
        traceback.print_exc()
    finally:
        os._exit(code)


def _die_with(host: int) -> None:
    """Have the kernel SIGKILL this process when ``host``, its parent, ends
    (Linux only; elsewhere the host's own clean-up is all there is)."""
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except AttributeError:
        return
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != host:  # the host ended before the request took effect
        os._exit(SEARCH_CRITICAL_ERROR)


def _address_space() -> int:
    """Bytes this process maps now (0 where /proc is missing)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[0]) * resource.getpagesize()
    except OSError:
        return 0


def _limit_address_space(size: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (size, size))


def _logged(log: str, step: Callable[[], int]) -> int:
    """``step``'s exit code, its output going to ``log``; a crash is TRANSLATE_CRITICAL_ERROR."""
    _redirect(1, log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(1, 2)
    try:
        code = step()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else TRANSLATE_CRITICAL_ERROR
    except BaseException:
        traceback.print_exc()
        code = TRANSLATE_CRITICAL_ERROR
    sys.stdout.flush()
    sys.stderr.flush()
    return code


def _translate() -> int:
    sys.argv = ["translate", "domain.pddl", "problem.pddl", "--sas-file", "output.sas"]
    runpy.run_module("fast_downward.translate", run_name="__main__")
    return 0


def _redirect(fd: int, path: str, flags: int) -> None:
    target = os.open(path, flags, 0o644)
    os.dup2(target, fd)
    os.close(target)


if __name__ == "__main__":
    main(*sys.argv[1:])
