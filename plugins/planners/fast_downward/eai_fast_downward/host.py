"""A planner host: a plain Python process (run as a script) that imports Fast
Downward's translator once and then forks one child per request, so a run
costs no interpreter start and no imports.

    PYTHONHASHSEED=0 python -s host.py BIN_DIR [PREPARE_MODULE SYS_PATH_JSON]

(hosts.py starts it so, with no other PYTHON* variables; the host drops its
own directory from ``sys.path``).

With a prepare module (importable from the given ``sys.path`` entries; the
host imports it once too), each child first calls its ``prepare()`` in the
run's directory, which writes domain.pddl and problem.pddl there (and returns
0) or explains itself in prepare.log (and returns an exit code). The host
must stay single-threaded to fork safely: it asks numerical libraries (which
unified-planning imports) for one thread and refuses to start otherwise.

Protocol, one line each on stdin/stdout: the host says ``ready`` (or
``error <why>``); then per request ``{"work": dir, "memory_mb": n|null,
"cpu_seconds": n|null, "searches": [argv, ...]}`` it answers the child's
pid, and the child's exit code once it has ended. The child starts a new
session, sets its limits, prepares, runs the translator in-process on
``dir``/domain.pddl and problem.pddl, then runs the searches in turn (a
portfolio): each but the last as a process of its own, going on only when it
gave up without a verdict (exit code 12), and finally replaces itself by the
last. Its exit code is Fast Downward's (the translator's when that fails,
else the last search's) or the preparer's. ``memory_mb`` bounds the address space the child adds to what it
inherits from the host (a host with unified-planning imported maps about
360 MB), and then the whole address space of the search.
"""

from __future__ import annotations

import importlib
import json
import os
import resource
import runpy
import subprocess
import sys
import traceback
from collections.abc import Callable

SEARCH_UNSOLVED_INCOMPLETE = 12  # gave up (its own time limit, or an incomplete search) without a verdict
TRANSLATE_CRITICAL_ERROR = 30
SEARCH_CRITICAL_ERROR = 32
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
            prepare = importlib.import_module(prepare_module).prepare
        except Exception as exc:
            _answer(f"error cannot import {prepare_module}: {exc!r}")
            return
    if _threads() > 1:
        _answer(f"error the host runs {_threads()} threads after its imports; forking would be unsafe")
        return
    _answer("ready")
    for line in sys.stdin:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _child(prepare, **request)
        _answer(str(pid))
        _, status = os.waitpid(pid, 0)
        _answer(str(os.waitstatus_to_exitcode(status)))


def _threads() -> int:
    """Threads of this process (1 where /proc is missing)."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return 1


def _answer(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _child(prepare, work: str, memory_mb: int | None, cpu_seconds: int | None, searches: list[list[str]]) -> None:
    """Never returns: becomes the search or exits with Fast Downward's (or the preparer's) code."""
    code = TRANSLATE_CRITICAL_ERROR
    try:
        os.setsid()
        if memory_mb is not None:
            _limit_address_space(_address_space() + memory_mb * 1024 * 1024)
        if cpu_seconds is not None:  # a backstop: the caller kills the group at the wall-clock limit
            resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
        os.chdir(work)
        code = _logged("prepare.log", prepare) if prepare else 0
        if code == 0:
            code = _logged("translate.log", _translate)
        if code == 0:
            code = SEARCH_CRITICAL_ERROR

            def limit() -> None:
                if memory_mb is not None:
                    _limit_address_space(memory_mb * 1024 * 1024)

            _redirect(0, "output.sas", os.O_RDONLY)
            _redirect(1, "search.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
            os.dup2(1, 2)
            for search in searches[:-1]:
                code = subprocess.call(search, preexec_fn=limit)
                if code != SEARCH_UNSOLVED_INCOMPLETE:
                    return
                os.lseek(0, 0, os.SEEK_SET)  # the next search reads output.sas from its start
            limit()
            os.execv(searches[-1][0], searches[-1])
    except BaseException:
        traceback.print_exc()
    finally:
        os._exit(code)


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
