"""Time to build the 100 BEHAVIOR worlds, run their gold plans and check their goals.

Target (for the later scoring command): all 100 tasks in under 3 s wall on 2
cores. One process: prints the load time, the time to build every world, to
run every gold plan as the kernel runs plans (``eai.taxonomy.execute``: check,
classify, apply) and to check every goal in the final state; how many gold
plans execute and reach their goals; then, for the others (timed apart), why
not and the best partial satisfaction of their goal.
"""

import time

from eai.plugins import get_plugins
from eai.taxonomy import execute
from eai_behavior.goals import best_partial, goal_met
from eai_behavior.world import BehaviorWorld


def main() -> None:
    t0 = time.perf_counter()
    tasks = get_plugins().suites.get("behavior").load()
    t1 = time.perf_counter()
    worlds = [BehaviorWorld(task) for task in tasks]
    t2 = time.perf_counter()
    runs = [execute(world, task.gold_plan) for world, task in zip(worlds, tasks)]
    t3 = time.perf_counter()
    met = [goal_met(task, run.trajectory.final) for task, run in zip(tasks, runs)]
    t4 = time.perf_counter()
    failed = [(task, run) for task, run, ok in zip(tasks, runs, met) if not (run.executable and ok)]
    steps = sum(len(task.gold_plan) for task in tasks)
    print(f"load: {len(tasks)} tasks in {t1 - t0:.2f} s")
    print(f"build: {len(worlds)} worlds in {t2 - t1:.2f} s")
    print(f"execute: {steps} gold steps in {t3 - t2:.2f} s; goals checked in {t4 - t3:.2f} s")
    print(f"worlds + plans + goals: {t4 - t1:.2f} s; total with loading: {t4 - t0:.2f} s")
    print(f"gold plans that execute and reach their goals: {len(tasks) - len(failed)}/{len(tasks)}")
    t5 = time.perf_counter()
    for task, run in failed:
        why = f"{run.error_type.value} at step {run.error_step}" if run.error_type else "goal unmet"
        print(f"  {task.name}: {why}; best partial goal satisfaction "
              f"{best_partial(task, run.trajectory.final).share:.2f}")
    print(f"partial scores of the failures: {time.perf_counter() - t5:.2f} s")


if __name__ == "__main__":
    main()
