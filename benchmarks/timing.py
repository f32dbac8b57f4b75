"""Timing ``eai`` processes, for the benchmark scripts."""

from __future__ import annotations

import compileall
import importlib.util
import resource
import subprocess
import sys
import time
from importlib.metadata import entry_points


def compile_eai() -> None:
    """Byte-compile eai and its plugins, as installing a package does: a
    source checkout run under ``PYTHONDONTWRITEBYTECODE`` (set on the
    machine the figures in README.md come from) would otherwise compile every
    module it imports again in every process."""
    roots = {"eai"} | {ep.value.split(":")[0].split(".")[0] for ep in entry_points(group="eai")}
    for root in sorted(roots):
        spec = importlib.util.find_spec(root)
        for folder in (spec.submodule_search_locations or ()) if spec else ():
            compileall.compile_dir(folder, quiet=1)


def children_cpu() -> float:
    """The user + system seconds of this process's children that have ended."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one ``eai COMMAND`` process; CPU is its user + system
    time, so other jobs on the machine do not inflate it."""
    done, wall, cpu = timed_run(command, stdout=subprocess.DEVNULL)
    done.check_returncode()
    return wall, cpu


def timed_run(command: list[str], **options) -> tuple[subprocess.CompletedProcess, float, float]:
    """(the process, wall, CPU seconds) of one ``eai COMMAND`` process, whatever its exit code
    (``options``: ``subprocess.run``'s; by default its output is captured as text)."""
    options = {"capture_output": "stdout" not in options, "text": True, **options}
    before, start = children_cpu(), time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "eai", *command], **options)
    return done, time.perf_counter() - start, children_cpu() - before
