"""Time to load each task suite (target: 442 tasks of VirtualHome and BEHAVIOR in under 2 s on 2 cores).

Each load runs in a fresh process, after start-up and reading suite.json, as a
scoring run loads a suite: wall and process CPU of ``suite.load()``, median of
``--repeat`` processes.   python benchmarks/load_tasks.py [--repeat 5] [SUITE ...]

With ``--limit N`` (issue 38 item 5): a whole ``eai run --limit N`` of the
suite's action sequencing by ``baseline:auto`` (no cache, in a temporary
folder), in a fresh process: the task files the suite loaded and the CPU of
the run (report included), median of ``--repeat``.
   python benchmarks/load_tasks.py --limit 5 langr
"""

import argparse
import os
import statistics
import subprocess
import sys

ONE_LOAD = """
import sys, time
from eai.host.manager import get_plugins
suite = get_plugins().suites.get(sys.argv[1])
suite.ids()
wall, cpu = time.perf_counter(), time.process_time()
tasks = suite.load()
print(len(tasks), time.perf_counter() - wall, time.process_time() - cpu)
"""

ONE_RUN = """
import sys, tempfile, time
from eai import api
from eai.host.manager import get_plugins
suite = get_plugins().suites.get(sys.argv[1])
with tempfile.TemporaryDirectory() as tmp:
    wall, cpu = time.perf_counter(), time.process_time()
    api.run(suites=[sys.argv[1]], modules=["action_sequencing"], models=["baseline:auto"], limit=int(sys.argv[2]),
            out=tmp + "/run", use_cache=False)
    print(len(suite._tasks), time.perf_counter() - wall, time.process_time() - cpu)  # _tasks: the files read
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("suites", nargs="*", default=["virtualhome", "behavior"])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--limit", type=int, help="time an eai run --limit N instead of loading the suite")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    driver = [ONE_LOAD] if args.limit is None else [ONE_RUN, str(args.limit)]
    total_wall = 0.0
    for name in args.suites:
        runs = []
        for _ in range(args.repeat):
            out = subprocess.run([sys.executable, "-c", driver[0], name, *driver[1:]], capture_output=True, text=True,
                                 check=True)
            count, wall, cpu = out.stdout.split()
            runs.append((float(wall), float(cpu)))
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        total_wall += wall
        what = f"{count} tasks in" if args.limit is None else f"eai run --limit {args.limit}, {count} task files read,"
        print(f"{name}: {what} {wall * 1000:.1f} ms wall, {cpu * 1000:.1f} ms CPU (median of {args.repeat})")
    print(f"all: {total_wall:.2f} s wall")


if __name__ == "__main__":
    main()
