"""What a planner host's child does (host.py forks it; it never returns): set
its limits, then for the first search of a run prepare the PDDL files and
translate them in-process, and become the search; and what its end means
(:func:`ending`).

Exit codes are Fast Downward's. Running out of memory while preparing or
translating is one verdict, ``TRANSLATE_OUT_OF_MEMORY``, whichever way it
shows (issue 31: the same run ended ``exit code -9 ... Computing model...``
one time, ``exit code 30 ... SystemError`` another):

- a MemoryError, raised or behind the exception raised (under a memory limit
  CPython may report an allocation that failed in a C function as a
  SystemError);
- the CPU limit reached at the memory limit. There CPython can spin: an
  exception unwinding into a ``with`` block allocates an int for the handler,
  fails, and tries again, forever, never answering SIGXCPU, until the hard
  CPU limit's SIGKILL. A run whose peak resident memory came within
  ``NEAR_LIMIT`` of all it could map (the host's resident memory when it
  forked plus the budget; such a run stops 7-14 MB short, measured, the rest
  mapped but never touched) and that ran out of CPU time ran out of memory.

A child ends at once (``os._exit``) once it knows its code: freeing the
millions of objects a translator built can outlast the CPU second between the
soft and the hard CPU limit.
"""

from __future__ import annotations

import ctypes
import math
import os
import resource
import signal
import sys
import traceback
from collections.abc import Callable

TRANSLATE_OUT_OF_MEMORY = 20
TRANSLATE_OUT_OF_TIME = 21
SEARCH_OUT_OF_TIME = 23
TRANSLATE_CRITICAL_ERROR = 30
TRANSLATE_INPUT_ERROR = 31
SEARCH_CRITICAL_ERROR = 32
PR_SET_PDEATHSIG = 1
RESERVE = 10**7  # bytes held back from the translator, as Fast Downward's own entry point does
NEAR_LIMIT = 16 << 20  # bytes: a translator's peak this close to all it could map is at its memory limit
KILLED_BY_CPU_LIMIT = (-signal.SIGXCPU, -signal.SIGKILL)  # the soft limit's default action; the hard limit


def ending(code: int | None, translating: bool, cpu: float, cpu_limit: float | None, peak: int,
           room: int | None) -> int | None:
    """What a child's exit ``code`` means, as Fast Downward's: a kill by the CPU
    limit is running out of time, and while ``translating`` (preparing
    included), running out of time with a ``peak`` resident memory within
    ``NEAR_LIMIT`` of the ``room`` it had (bytes; None: no memory limit) is
    running out of memory. ``cpu``: the CPU seconds it used of ``cpu_limit``."""
    out_of_time = TRANSLATE_OUT_OF_TIME if translating else SEARCH_OUT_OF_TIME
    killed = code in KILLED_BY_CPU_LIMIT and cpu_limit is not None and cpu >= math.ceil(cpu_limit) - 1
    if not killed and code != out_of_time:
        return code
    if translating and room is not None and peak >= room - NEAR_LIMIT:
        return TRANSLATE_OUT_OF_MEMORY
    return out_of_time


def run(host: int, prepare: Callable[[], int] | None, first: bool, work: str, memory_mb: int | None,
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
            signal.signal(signal.SIGXCPU, _out_of_cpu)  # the search, once exec'd, has its own
            if prepare:
                _logged("prepare.log", prepare, memory_mb)
            _logged("translate.log", _translate, memory_mb)
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


def _out_of_cpu(signum: int, frame: object) -> None:
    """SIGXCPU while preparing or translating (the host tells it from running out of memory: :func:`ending`)."""
    _end(TRANSLATE_OUT_OF_TIME, b"\nCPU time limit reached\n")


def _end(code: int, said: bytes) -> None:
    """Write ``said`` to the log and exit with ``code`` now, freeing nothing."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # no memory left to flush with: the code is what matters
        pass
    os.write(1, said)
    os._exit(code)


def _out_of_memory(exc: BaseException, memory_limited: bool) -> bool:
    """Whether ``exc`` (or an exception it was raised from or during) says an allocation failed."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, MemoryError) or (memory_limited and isinstance(current, SystemError)):
            return True
        current = current.__cause__ or current.__context__
    return False


def _logged(log: str, step: Callable[[], int], memory_mb: int | None) -> None:
    """Run ``step``, its output going to ``log``; the child ends here with its
    exit code unless that is 0. An exception is TRANSLATE_CRITICAL_ERROR, or
    TRANSLATE_OUT_OF_MEMORY when an allocation failed."""
    _redirect(1, log, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(1, 2)
    try:
        code = step()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else TRANSLATE_CRITICAL_ERROR
        if code != 0:
            _end(code, b"")  # here, while the exception still holds the step's objects
    except BaseException as exc:
        if _out_of_memory(exc, memory_mb is not None):
            _end(TRANSLATE_OUT_OF_MEMORY, b"\nout of memory\n")
        traceback.print_exc()
        _end(TRANSLATE_CRITICAL_ERROR, b"")
    if code != 0:
        _end(code, b"")
    sys.stdout.flush()
    sys.stderr.flush()


def _translate() -> int:
    """Fast Downward's translator on domain.pddl and problem.pddl, as its own
    entry point (``translate/__main__.py``) runs it, but for running out of
    memory and CPU time, which this module handles."""
    from fast_downward.translate import pddl_parser
    from fast_downward.translate.main import main
    from fast_downward.translate.options import set_options

    sys.argv = ["translate", "domain.pddl", "problem.pddl", "--sas-file", "output.sas"]
    set_options()
    reserve = b"x" * RESERVE  # held while it runs: a memory budget means what it means in Fast Downward
    try:
        main()
    except pddl_parser.ParseError as exc:
        print(exc)
        return TRANSLATE_INPUT_ERROR
    del reserve
    return 0


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
    return _pages(0)


def resident() -> int:
    """Bytes of this process in memory now (0 where /proc is missing)."""
    return _pages(1)


def _pages(field: int) -> int:
    """Field ``field`` of /proc/self/statm (size, resident...), in bytes."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[field]) * resource.getpagesize()
    except OSError:
        return 0


def _limit_address_space(size: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (size, size))


def _redirect(fd: int, path: str, flags: int) -> None:
    target = os.open(path, flags, 0o644)
    os.dup2(target, fd)
    os.close(target)
