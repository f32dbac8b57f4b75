"""Time to build the 342 VirtualHome worlds and run their gold programs.

Target (for the later scoring command): all 342 tasks scored in under 5 s
wall on 2 cores. One process: prints the load time, the time to build every
world and to replay every gold program (check, then apply each step), and how
many gold programs execute and reach their goals.
"""

import time

from eai.host.manager import get_plugins
from eai_virtualhome.replay import replay, unmet_goals
from eai_virtualhome.world import VirtualHomeWorld


def main() -> None:
    t0 = time.perf_counter()
    tasks = get_plugins().suites.get("virtualhome").load()
    t1 = time.perf_counter()
    worlds = [VirtualHomeWorld(task) for task in tasks]
    t2 = time.perf_counter()
    runs = [replay(world, task.gold_plan) for world, task in zip(worlds, tasks)]
    t3 = time.perf_counter()
    ok = sum(run.failed is None and not unmet_goals(task, run) for run, task in zip(runs, tasks))
    t4 = time.perf_counter()
    steps = sum(len(task.gold_plan) for task in tasks)
    print(f"load: {len(tasks)} tasks in {t1 - t0:.2f} s")
    print(f"build: {len(worlds)} worlds in {t2 - t1:.2f} s")
    print(f"replay: {steps} gold steps in {t3 - t2:.2f} s; goals read in {t4 - t3:.2f} s")
    print(f"gold programs that execute and reach their goals: {ok}/{len(tasks)}")
    print(f"total: {t4 - t0:.2f} s")


if __name__ == "__main__":
    main()
