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


def timed(command: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one ``eai COMMAND`` process; CPU is its user + system
    time, so other jobs on the machine do not inflate it."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "eai", *command], check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
