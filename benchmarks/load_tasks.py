"""Time to load each task suite (target: 442 tasks of VirtualHome and BEHAVIOR in under 2 s on 2 cores).

Each load runs in a fresh process, after start-up and reading suite.json, as a
scoring run loads a suite: wall and process CPU of ``suite.load()``, median of
``--repeat`` processes.   python benchmarks/load_tasks.py [--repeat 5] [SUITE ...]
"""

import argparse
import statistics
import subprocess
import sys

ONE_LOAD = """
import sys, time
from eai.plugins import get_plugins
suite = get_plugins().suites.get(sys.argv[1])
suite.ids()
wall, cpu = time.perf_counter(), time.process_time()
tasks = suite.load()
print(len(tasks), time.perf_counter() - wall, time.process_time() - cpu)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("suites", nargs="*", default=["virtualhome", "behavior"])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    total_wall = 0.0
    for name in args.suites:
        runs = []
        for _ in range(args.repeat):
            out = subprocess.run([sys.executable, "-c", ONE_LOAD, name], capture_output=True, text=True, check=True)
            count, wall, cpu = out.stdout.split()
            runs.append((float(wall), float(cpu)))
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        total_wall += wall
        print(f"{name}: {count} tasks in {wall * 1000:.1f} ms wall, {cpu * 1000:.1f} ms CPU (median of {args.repeat})")
    print(f"all: {total_wall:.2f} s wall")


if __name__ == "__main__":
    main()
