"""Time the README's main job: ``eai run`` with no arguments (the built-in
baselines on the suites of the default run and all four modules, then the
report and its viewer).

Targets: under 60 s wall on 2 cores (issue 22); on an idle 2-core machine
CPU/wall >= 1.7 and wall <= 30 s (issue 38 target 1). The response cache goes
to a temporary folder, so nothing is answered from an earlier run.

Printed: wall time, the CPU of the whole process tree (the forked unit
workers and their planner processes included, read from /proc:
benchmarks/process_tree.py), CPU/wall, the CPU of each process, and the load
before and after. On a shared machine the wall time is the other jobs' too,
so it also prints what 2 idle cores would give, a model stated as such: the
main process's CPU (start-up, and what it does between its workers), plus the
forked workers' CPU (one per unit, then two writing the report and the viewer)
laid on the cores in the order they start, each on the first core free, plus
the other processes' CPU (planners, which run one per core) spread over the
cores. It leaves out what the processes wait for (disk) and the cost of
sharing the cores.
``--workers 1`` runs it on one core (``taskset``), as a 1-core machine would.
"""

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # for benchmarks

from benchmarks.process_tree import TreeUsage, tree_usage  # noqa: E402
from benchmarks.timing import compile_eai  # noqa: E402

SHOWN = ("task_success_rate", "f1", "planner_success_rate")


def worker_phases(usage: TreeUsage) -> list[list[float]]:
    """The CPU of each forked worker in start order, in phases: the units' workers, then the
    report's and the viewer's (a phase starts when every worker started before it has ended)."""
    main = usage.processes[usage.main]
    workers = sorted((pid for pid, seen in usage.processes.items() if seen.parent == usage.main and seen.name == main.name),
                     key=lambda pid: (usage.processes[pid].first, pid))
    phases: list[list[float]] = []
    ended = -1
    for pid in workers:
        seen = usage.processes[pid]
        if seen.first > ended:
            phases.append([])
        phases[-1].append(usage.cpu_of(pid))
        ended = max(ended, seen.reading)
    return phases


def idle_wall(usage: TreeUsage, cores: int) -> float:
    """The model above: the main process's CPU, then each phase of workers laid on ``cores``
    cores in start order (each on the first core free), the other processes' CPU (planners: they
    run ``cores`` at a time) spread over the cores."""
    wall = usage.cpu_of(usage.main)
    others = usage.cpu - wall
    for phase in worker_phases(usage):
        free = [0.0] * cores
        for cpu in phase:
            free[free.index(min(free))] += cpu
        wall += max(free)
        others -= sum(phase)
    return wall + others / cores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, choices=(1, 2), default=2, help="cores the run may use (default: 2)")
    args = parser.parse_args()
    if args.workers == 1 and not shutil.which("taskset"):
        raise SystemExit("--workers 1 needs taskset (util-linux)")
    compile_eai()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "XDG_CACHE_HOME": str(Path(tmp) / "cache")}
        command = [sys.executable, "-m", "eai", "run", "--quiet", "--out", "run"]
        before = os.getloadavg()[0]
        usage = tree_usage(["taskset", "-c", "0", *command] if args.workers == 1 else command, cwd=tmp, env=env)
        after = os.getloadavg()[0]
        for path in sorted(Path(tmp, "run").glob("*/*/*/summary.json")):
            summary = json.loads(path.read_text())
            figures = ", ".join(f"{k} {summary[k]:.1f}" for k in SHOWN if isinstance(summary.get(k), (int, float)))
            overall = summary.get("overall", {}).get("f1")
            if overall is not None:
                figures = f"overall f1 {overall:.1f}"
            print(f"{path.parent.relative_to(Path(tmp, 'run'))}: n {summary['n']}, {figures}")
    print(f"load average {before:.2f} before, {after:.2f} after, on {os.cpu_count()} cores")
    print(f"eai run (no arguments, {args.workers} core(s)): {usage.wall:.1f} s wall, {usage.cpu:.1f} s CPU "
          f"(whole process tree), CPU/wall {usage.cpu / usage.wall:.2f}")
    for role, (count, cpu) in usage.split().items():
        print(f"  {role}: {count} process(es), {cpu:.1f} s CPU")
    if args.workers == 2:
        print("  the workers' CPU, in start order: "
              + "; then ".join(", ".join(f"{cpu:.1f}" for cpu in phase) for phase in worker_phases(usage)))
        wall = idle_wall(usage, 2)
        print(f"on 2 idle cores (model: main process + units laid on the cores in start order): {wall:.1f} s wall, "
              f"CPU/wall {usage.cpu / wall:.2f} (targets: <= 30 s, >= 1.7; < 60 s on 2 cores)")


if __name__ == "__main__":
    main()
