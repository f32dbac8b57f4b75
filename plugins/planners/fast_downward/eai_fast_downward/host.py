"""A planner host: a plain Python process (standard library only, run as a
script) that imports Fast Downward's translator once and then forks one
child per request, so a run costs no interpreter start and no imports.

Protocol, one line each on stdin/stdout: the host says ``ready`` (or
``error <why>``); then per request ``{"work": dir, "memory_mb": n|null,
"cpu_seconds": n|null, "search": argv}`` it answers the child's pid, and the
child's exit code once it has ended. The child starts a new session, sets its
limits, runs the translator in-process on ``dir``/domain.pddl and
problem.pddl, then replaces itself by the search; its exit code is Fast
Downward's (the translator's when that fails, else the search's).
"""

from __future__ import annotations

import json
import os
import resource
import runpy
import sys
import traceback

TRANSLATE_CRITICAL_ERROR = 30
SEARCH_CRITICAL_ERROR = 32


def main(bin_dir: str) -> None:
    try:
        sys.path.insert(0, bin_dir)
        import fast_downward.translate.main  # noqa: F401  (imported once, inherited by every child)
    except Exception as exc:
        _answer(f"error cannot import Fast Downward's translator from {bin_dir}: {exc!r}")
        return
    _answer("ready")
    for line in sys.stdin:
        request = json.loads(line)
        pid = os.fork()
        if pid == 0:
            _child(**request)
        _answer(str(pid))
        _, status = os.waitpid(pid, 0)
        _answer(str(os.waitstatus_to_exitcode(status)))


def _answer(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _child(work: str, memory_mb: int | None, cpu_seconds: int | None, search: list[str]) -> None:
    """Never returns: becomes the search or exits with Fast Downward's code."""
    code = TRANSLATE_CRITICAL_ERROR
    try:
        os.setsid()
        if memory_mb is not None:
            size = memory_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (size, size))
        if cpu_seconds is not None:  # a backstop: the caller kills the group at the wall-clock limit
            resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
        os.chdir(work)
        code = _translate()
        if code == 0:
            code = SEARCH_CRITICAL_ERROR
            _redirect(0, "output.sas", os.O_RDONLY)
            _redirect(1, "search.log", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(1, 2)
            os.execv(search[0], search)
    except BaseException:
        traceback.print_exc()
    finally:
        os._exit(code)


def _translate() -> int:
    _redirect(1, "translate.log", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(1, 2)
    sys.argv = ["translate", "domain.pddl", "problem.pddl", "--sas-file", "output.sas"]
    try:
        runpy.run_module("fast_downward.translate", run_name="__main__")
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else TRANSLATE_CRITICAL_ERROR
    except BaseException:
        traceback.print_exc()
        code = TRANSLATE_CRITICAL_ERROR
    sys.stdout.flush()
    sys.stderr.flush()
    return code


def _redirect(fd: int, path: str, flags: int) -> None:
    target = os.open(path, flags, 0o644)
    os.dup2(target, fd)
    os.close(target)


if __name__ == "__main__":
    main(sys.argv[1])
