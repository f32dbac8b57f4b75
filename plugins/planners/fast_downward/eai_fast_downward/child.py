"""What a planner host's search child does (host.py forks it; it never
returns): set its limits and become one search of the portfolio; and what the
end of a run's process means (:func:`ending`), a search's or the worker's
(worker.py, which prepares and translates).

Exit codes are Fast Downward's. Running out of memory while preparing or
translating is one verdict, ``TRANSLATE_OUT_OF_MEMORY``, whichever way it
shows (issue 31: the same run ended ``exit code -9 ... Computing model...``
one time, ``exit code 30 ... SystemError`` another):

- a MemoryError, raised or behind the exception raised (under a memory limit
  CPython may report an allocation that failed in a C function as a
  SystemError: worker.py);
- the CPU limit reached at the memory limit. There CPython can spin: an
  exception unwinding into a ``with`` block allocates an int for the handler,
  fails, and tries again, forever, never answering the CPU timer, until the
  hard CPU limit's signal. A run whose peak resident memory came within
  ``NEAR_LIMIT`` of all it could map (the worker's resident memory when the
  run began plus the budget; such a run stops 7-14 MB short, measured, the
  rest mapped but never touched) and that ran out of CPU time ran out of
  memory.
"""

from __future__ import annotations

import ctypes
import math
import os
import resource
import signal
import traceback

TRANSLATE_OUT_OF_MEMORY = 20
TRANSLATE_OUT_OF_TIME = 21
SEARCH_OUT_OF_TIME = 23
TRANSLATE_CRITICAL_ERROR = 30
TRANSLATE_INPUT_ERROR = 31
SEARCH_CRITICAL_ERROR = 32
PR_SET_PDEATHSIG = 1
NEAR_LIMIT = 16 << 20  # bytes: a translator's peak this close to all it could map is at its memory limit
KILLED_BY_CPU_LIMIT = (-signal.SIGXCPU, -signal.SIGKILL)  # the hard CPU limit's signal, by whichever way it came


def ending(code: int | None, translating: bool, cpu: float, cpu_limit: float | None, peak: int,
           room: int | None) -> int | None:
    """What a process's exit ``code`` means, as Fast Downward's: a kill by the
    CPU limit is running out of time, and while ``translating`` (preparing
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


def search(host: int, work: str, memory_mb: int | None, cpu_seconds: float | None, argv: list[str]) -> None:
    """Never returns: becomes the search ``argv`` on ``work``/output.sas, in a
    session of its own, within ``cpu_seconds`` (rounded up; SIGKILL a second
    later) and an address space of ``memory_mb``."""
    try:
        os.setsid()
        die_with(host)
        signal.set_wakeup_fd(-1)
        for signum in (signal.SIGCHLD, signal.SIGINT):
            signal.signal(signum, signal.SIG_DFL)
        if cpu_seconds is not None:
            limit = math.ceil(cpu_seconds)
            resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))
        os.chdir(work)
        redirect(0, "output.sas", os.O_RDONLY)
        redirect(1, "search.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        os.dup2(1, 2)
        if memory_mb is not None:
            limit_address_space(memory_mb * 1024 * 1024)
        os.execv(argv[0], argv)
    except BaseException:
        traceback.print_exc()
    finally:
        os._exit(SEARCH_CRITICAL_ERROR)


def die_with(parent: int) -> None:
    """Have the kernel SIGKILL this process when ``parent`` ends (Linux only;
    elsewhere the parent's own clean-up is all there is)."""
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except AttributeError:
        return
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent:  # the parent ended before the request took effect
        os._exit(SEARCH_CRITICAL_ERROR)


def address_space() -> int:
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


def limit_address_space(size: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (size, size))


def redirect(fd: int, path: str, flags: int) -> None:
    target = os.open(path, flags, 0o644)
    os.dup2(target, fd)
    os.close(target)
