"""Cost per step of each real engine beside eai's own world (issue 34).

    python benchmarks/engines.py [--tasks 40]

For each installed engine (ALFWorld on EB-ALFRED, VirtualHome's evolving
graph on the three VirtualHome suites), plays the gold plans of the first
``--tasks`` tasks it can build, each until a step fails, in eai's symbolic
environment and in the engine, and prints the CPU time (``time.process_time``,
this process alone) of a reset and of a step, median and 95th percentile, and
the engine's first start in the process (its imports) apart. CPU, not wall:
the machine is shared.
"""

from __future__ import annotations

import argparse
import statistics
import time

from eai.host.manager import get_plugins
from eai.simulation.environment import EnvironmentProvider, SymbolicProvider

PAIRS = (("alfworld", "eb-alfred"), ("virtualhome", "virtualhome"), ("virtualhome", "etplan-vh"),
         ("virtualhome", "partnr-vh"))


def timed(work):
    start = time.process_time()
    result = work()
    return result, 1000 * (time.process_time() - start)


def play(provider: EnvironmentProvider, tasks) -> tuple[list[float], list[float]]:
    """CPU milliseconds of each reset and each step of the gold plans."""
    resets, steps = [], []
    with provider.open() as env:
        for task in tasks:
            resets.append(timed(lambda: env.reset(task))[1])  # noqa: B023 (called at once)
            for action in task.gold_plan:
                result, ms = timed(lambda: env.step(action))  # noqa: B023
                steps.append(ms)
                if not result.success:
                    break
    return resets, steps


def spread(values: list[float]) -> str:
    if not values:
        return "-"
    p95 = statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]
    return f"{statistics.median(values):.2f} / {p95:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tasks", type=int, default=40, help="tasks per suite (the first the engine can build)")
    args = parser.parse_args()
    plugins = get_plugins()
    print("| suite | environment | tasks | steps | reset ms CPU, median / p95 | step ms CPU, median / p95 |")
    print("|---|---|---|---|---|---|")
    started = set()
    for name, suite in PAIRS:
        engine = plugins.environments.get(name)
        if engine.missing():
            print(f"| {suite} | {name} | not installed: {engine.missing()} | | | |")
            continue
        found = plugins.suites.get(suite)
        tasks = [t for t in found.load() if engine.unbuildable(t) is None][: args.tasks]
        if name not in started:
            started.add(name)
            (_, first) = timed(lambda: play(engine, tasks[:1]))  # noqa: B023 (imports, first load)
            print(f"| {suite} | {name}: first start in the process (imports), one task | | | {first:.0f} | |")
        simulator = plugins.simulators.get(found.simulator)
        for label, provider in (("eai's world", SymbolicProvider(simulator)), (f"{name} ({engine.engine()})", engine)):
            resets, steps = play(provider, tasks)
            print(f"| {suite} | {label} | {len(tasks)} | {len(steps)} | {spread(resets)} | {spread(steps)} |")


if __name__ == "__main__":
    main()
