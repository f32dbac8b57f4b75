"""Time to build the 100 BEHAVIOR worlds, run their gold plans and check their goals.

Target (for the later scoring command): all 100 tasks in under 3 s wall on 2
cores. One process: prints the load time, the time to build every world, to
run every gold plan as the kernel runs plans (``eai.simulation.taxonomy.execute``: check,
classify, apply) and to check every goal in the final state; how many gold
plans execute and reach their goals; then, for the others (timed apart), why
not and how many goals of the best goal option they meet.
"""

import time

from eai.host.manager import get_plugins
from eai.simulation.goals import GoalChecker
from eai.simulation.taxonomy import execute
from eai_behavior.vocabulary import VOCABULARY
from eai_behavior.world import BehaviorWorld


def main() -> None:
    t0 = time.perf_counter()
    tasks = get_plugins().suites.get("behavior").load()
    t1 = time.perf_counter()
    worlds = [BehaviorWorld(task) for task in tasks]
    t2 = time.perf_counter()
    runs = [execute(world, task.gold_plan) for world, task in zip(worlds, tasks)]
    t3 = time.perf_counter()
    reports = [GoalChecker(task, VOCABULARY).check(run.trajectory) for task, run in zip(tasks, runs)]
    met = [report.success for report in reports]
    t4 = time.perf_counter()
    failed = [(task, run) for task, run, ok in zip(tasks, runs, met) if not (run.executable and ok)]
    steps = sum(len(task.gold_plan) for task in tasks)
    print(f"load: {len(tasks)} tasks in {t1 - t0:.2f} s")
    print(f"build: {len(worlds)} worlds in {t2 - t1:.2f} s")
    print(f"execute: {steps} gold steps in {t3 - t2:.2f} s; goals checked in {t4 - t3:.2f} s")
    print(f"worlds + plans + goals: {t4 - t1:.2f} s; total with loading: {t4 - t0:.2f} s")
    print(f"gold plans that execute and reach their goals: {len(tasks) - len(failed)}/{len(tasks)}")
    for (task, run), report in zip(failed, [r for r, ok in zip(reports, met) if not ok]):
        why = f"{run.error_type.value} at step {run.error_step}" if run.error_type else "goal unmet"
        hit, total = report.total
        print(f"  {task.name}: {why}; goals of the best option met: {hit}/{total}")

if __name__ == "__main__":
    main()
