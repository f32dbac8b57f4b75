"""Timing one ``eai`` command as its own process, for the benchmark scripts."""

from __future__ import annotations

import resource
import subprocess
import sys
import time


def timed(command: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one ``eai COMMAND`` process; CPU is its user + system
    time, so other jobs on the machine do not inflate it."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "eai", *command], check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
