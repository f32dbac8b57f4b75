"""A planner host's worker (host.py forks it): a process that imports Fast Downward's translator, and the preparer when there
is one, once, then prepares and translates run after run in-process, with no
fork, exec or import per run (forking a child per run cost as much CPU as the
translator's own work: copying the touched pages of a 60-90 MB host, and
tearing them down).

Protocol, one JSON line each way, on two pipes from the host (``REQUESTS`` and
``ANSWERS``): the worker says ``{"ready": true, "resident": bytes, "used": s}`` (or
``{"error": why}``); per request ``{"work": dir, "memory_mb": n|null,
"cpu_seconds": s|null}`` it calls the preparer's ``prepare()`` in ``dir``
(which writes domain.pddl and problem.pddl, or explains itself and returns an
exit code), then runs the translator on them into output.sas, as its own
entry point (``translate/__main__.py``) does, each step's output in
prepare.log and translate.log; it answers ``{"code": n, "cpu": s, "resident":
bytes, "used": s, "reusable": bool}``: 0, the preparer's code or the
translator's, the CPU the run used, the worker's resident memory and CPU time
after it, and whether it serves another run.

Each run has limits of its own: ``cpu_seconds`` of CPU time from the run's
start, rounded up as a child's RLIMIT_CPU was (a CPU timer, SIGPROF, ends
the worker with TRANSLATE_OUT_OF_TIME; should the interpreter not answer it,
RLIMIT_CPU's SIGXCPU ends it a second later), and ``memory_mb`` of address
space beyond what the worker maps when the run starts (RLIMIT_AS's soft
limit); its peak resident memory is reset at its start, so a worker's end
shows the run's own peak (child.ending). Running out of memory or time ends
the worker, its exit code the run's verdict (the host starts another); any
other run leaves it as it was: limits lifted, logs closed, in ``/``. Where
/proc/self/clear_refs cannot reset the peak, a worker serves one run.

The translator keeps no state between runs but two counters of its log,
reset here; the preparer makes a fresh unified-planning environment per
conversion (up_problem.py), so a run's files never depend on the runs before.
"""

from __future__ import annotations

import gc
import importlib
import json
import math
import os
import resource
import signal
import sys
import traceback
import types
from collections.abc import Callable

from eai_fast_downward import child

REQUESTS, ANSWERS = 3, 4  # the worker's ends of its pipes from and to the host
RESERVE = 10**7  # bytes held back from the translator, as Fast Downward's own entry point does


def serve(host: int, prepare_module: str | None) -> None:
    """Never returns: imports, says ready, then serves runs until the host
    closes REQUESTS (exit code 0; anything unforeseen, TRANSLATE_CRITICAL_ERROR)."""
    code = child.TRANSLATE_CRITICAL_ERROR
    try:
        try:
            _detach(host)
            steps = _import(prepare_module)
        except BaseException as exc:
            _say({"error": f"cannot import {prepare_module or 'Fast Downward translator'}: {exc!r}"})
            raise
        gc.freeze()
        _say({"ready": True, "resident": child.resident(), "used": _cpu()})
        for line in _lines():
            run_code, cpu, reusable = run(steps, **json.loads(line))
            _say({"code": run_code, "cpu": cpu, "resident": child.resident(), "used": _cpu(), "reusable": reusable})
            if not reusable:
                break
        code = 0
    finally:
        os._exit(code)


def run(steps: list[tuple[str, Callable[[], int]]], work: str, memory_mb: int | None,
        cpu_seconds: float | None) -> tuple[int, float, bool]:
    """The run's exit code, its CPU seconds, and whether the worker may serve another."""
    started = _cpu()
    reusable = _reset_peak()
    os.chdir(work)
    limits = _Limits(memory_mb, cpu_seconds)
    try:
        code = 0
        for log, step in steps:
            code = _logged(log, step, limits)
            if code != 0:
                break
    finally:
        limits.lift()
        os.chdir("/")
    return code, _cpu() - started, reusable


class _Limits:
    """A run's CPU timer and its soft CPU and address-space limits, until lifted."""

    def __init__(self, memory_mb: int | None, cpu_seconds: float | None) -> None:
        self.saved = {kind: resource.getrlimit(kind) for kind in (resource.RLIMIT_CPU, resource.RLIMIT_AS)}
        self.memory_limited = memory_mb is not None
        if cpu_seconds is not None:
            allowed = math.ceil(cpu_seconds)
            signal.setitimer(signal.ITIMER_PROF, allowed)
            _soft(resource.RLIMIT_CPU, math.ceil(_cpu()) + allowed + 1)
        if memory_mb is not None:
            _soft(resource.RLIMIT_AS, child.address_space() + memory_mb * 1024 * 1024)

    def lift(self) -> None:
        signal.setitimer(signal.ITIMER_PROF, 0)
        for kind, limits in self.saved.items():
            resource.setrlimit(kind, limits)


def _soft(kind: int, value: int) -> None:
    soft, hard = resource.getrlimit(kind)
    for bound in (soft, hard):
        if bound != resource.RLIM_INFINITY:
            value = min(value, bound)
    resource.setrlimit(kind, (value, hard))


def _logged(log: str, step: Callable[[], int], limits: _Limits) -> int:
    """``step``'s exit code, its output going to ``log``. An exception is
    TRANSLATE_CRITICAL_ERROR; one that says an allocation failed ends the
    worker with TRANSLATE_OUT_OF_MEMORY. The limits are lifted before a failed
    step's objects are freed (freeing millions of them takes CPU time)."""
    _redirect_output(log)
    try:
        code = step()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else child.TRANSLATE_CRITICAL_ERROR
        limits.lift()
    except BaseException as exc:
        if _out_of_memory(exc, limits.memory_limited):
            _end(child.TRANSLATE_OUT_OF_MEMORY, b"\nout of memory\n")
        limits.lift()
        traceback.print_exc()
        code = child.TRANSLATE_CRITICAL_ERROR
    finally:
        _redirect_output(os.devnull)
    return code


def _redirect_output(path: str) -> None:
    """Standard output and error (flushed first) to ``path``, truncated."""
    sys.stdout.flush()
    sys.stderr.flush()
    target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(target, 1)
    os.dup2(target, 2)
    os.close(target)


def _out_of_memory(exc: BaseException, memory_limited: bool) -> bool:
    """Whether ``exc`` (or an exception it was raised from or during) says an
    allocation failed (under a memory limit CPython may report an allocation
    that failed in a C function as a SystemError)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, MemoryError) or (memory_limited and isinstance(current, SystemError)):
            return True
        current = current.__cause__ or current.__context__
    return False


def _out_of_cpu(signum: int, frame: object) -> None:
    """The CPU timer: the run is out of time (the host tells it from running out of memory: child.ending)."""
    _end(child.TRANSLATE_OUT_OF_TIME, b"\nCPU time limit reached\n")


def _end(code: int, said: bytes) -> None:
    """Write ``said`` to the log and end the worker with ``code`` now, freeing nothing."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # no memory left to flush with: the code is what matters
        pass
    os.write(1, said)
    os._exit(code)


def _translate() -> int:
    """Fast Downward's translator on domain.pddl and problem.pddl, as its own entry point runs it."""
    from fast_downward.translate import main as translator, pddl_parser
    from fast_downward.translate.options import set_options

    sys.argv = ["translate", "domain.pddl", "problem.pddl", "--sas-file", "output.sas"]
    set_options()
    translator.simplified_effect_condition_counter = translator.added_implied_precondition_counter = 0
    reserve = b"x" * RESERVE  # held while it runs: a memory budget means what it means in Fast Downward
    try:
        translator.main()
    except pddl_parser.ParseError as exc:
        print(exc)
        return child.TRANSLATE_INPUT_ERROR
    del reserve
    return 0


def _detach(host: int) -> None:
    """A session of its own (Ctrl-C at the terminal reaches the host only, which
    ends the run), dead with the host, no signal handler, output or working
    directory of the host's."""
    os.setsid()
    os.chdir("/")
    child.die_with(host)
    signal.set_wakeup_fd(-1)
    for signum in (signal.SIGCHLD, signal.SIGINT, signal.SIGXCPU):
        signal.signal(signum, signal.SIG_DFL)
    signal.signal(signal.SIGPROF, _out_of_cpu)
    resource.setrlimit(resource.RLIMIT_CORE, (0, resource.getrlimit(resource.RLIMIT_CORE)[1]))  # SIGXCPU dumps none
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)


def _import(prepare_module: str | None) -> list[tuple[str, Callable[[], int]]]:
    """The steps of a run, their modules imported (the host set ``sys.path``)."""
    importlib.import_module("fast_downward.translate.main")
    steps = [("translate.log", _translate)]
    if prepare_module:
        keep_out_unused()
        steps.insert(0, ("prepare.log", importlib.import_module(prepare_module).prepare))
    return steps


def keep_out_unused() -> None:
    """Stand-ins for modules unified-planning imports but planning never uses:
    ConfigSpace (and with it scipy: about 0.8 of the 1.1 s UP's import took),
    which only annotates ``Engine.get_configuration_space``, and networkx
    (0.11 s), which builds causal graphs and plan graphs."""
    for name in ("ConfigSpace", "networkx"):
        sys.modules.setdefault(name, _Unused(name))


class _Unused(types.ModuleType):
    """A stand-in for a module that is imported but never used: any name can
    be imported from it; using one raises."""

    def __getattr__(self, name: str) -> type:
        if name.startswith("__"):
            raise AttributeError(name)
        module = self.__name__

        class Unused:
            def __init__(self, *args, **kwargs) -> None:
                raise RuntimeError(f"{module}.{name} is not available in a planner worker")

        Unused.__name__ = name
        return Unused


def _reset_peak() -> bool:
    """Reset this process's peak resident memory to its current one; False where that is not possible."""
    try:
        with open("/proc/self/clear_refs", "w") as clear_refs:
            clear_refs.write("5")
        return True
    except OSError:
        return False


def _cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _lines():
    """Requests from the host, one per line, until it closes the pipe."""
    with os.fdopen(REQUESTS, "rb", buffering=0) as requests:
        buffer = b""
        while chunk := requests.read(65536):
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            yield from lines


def _say(answer: dict) -> None:
    data = (json.dumps(answer) + "\n").encode()
    while data:
        data = data[os.write(ANSWERS, data):]
