"""Start-up of the ``eai`` command (target: ``eai --help`` and ``eai list`` under 0.3 s).

Each command runs as its own process, ``--runs`` times; printed are the median
CPU time (user + system, of the process, so other jobs on the machine do not
inflate it) and the median wall time. Usage: python benchmarks/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time

COMMANDS = (["--help"], ["list", "suites"], ["list", "plugins"])


def measure(args: list[str]) -> tuple[float, float]:
    """CPU and wall seconds of one ``eai ARGS`` process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "eai", *args], check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per command (default 5)")
    runs = parser.parse_args().runs
    for args in COMMANDS:
        figures = [measure(args) for _ in range(runs)]
        cpu = statistics.median(f[0] for f in figures)
        wall = statistics.median(f[1] for f in figures)
        print(f"eai {' '.join(args)}: {cpu:.2f} s CPU, {wall:.2f} s wall (median of {runs})")


if __name__ == "__main__":
    main()
