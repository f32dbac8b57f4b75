"""Start-up of the ``eai`` command (target: ``eai --help`` and ``eai list`` under 0.3 s).

Each command runs as its own process, ``--runs`` times; printed are the median
CPU time (user + system, of the process, so other jobs on the machine do not
inflate it) and the median wall time, eai's modules byte-compiled first (as
installing compiles them). Usage: python benchmarks/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics

from timing import compile_eai, timed

COMMANDS = (["--help"], ["list", "suites"], ["list", "plugins"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per command (default 5)")
    runs = parser.parse_args().runs
    compile_eai()
    for args in COMMANDS:
        figures = [timed(args) for _ in range(runs)]
        wall = statistics.median(f[0] for f in figures)
        cpu = statistics.median(f[1] for f in figures)
        print(f"eai {' '.join(args)}: {cpu:.2f} s CPU, {wall:.2f} s wall (median of {runs})")


if __name__ == "__main__":
    main()
