"""Fast Downward on every gold planning problem of both suites, with the CPU
time of each run.

    python benchmarks/planner_gold.py [--whole] [--direct] [--workers N] [--cpu-seconds S]

The 296 VirtualHome and 100 BEHAVIOR problems of the tasks with a transition
model, each with the gold operators its task needs (as transition modeling
plans a gold answer) or, with ``--whole``, the whole gold domain; through
unified-planning (``fast_downward``) or, with ``--direct``, on our own PDDL
text (``fast_downward_direct``). Prints per suite the outcomes, the planner
CPU time per problem (median, p90, max: the run's own processes, preparing,
translating and searching), the slowest problems and the wall time.
"""

from __future__ import annotations

import argparse
import dataclasses
import statistics
import time
from collections import Counter

from eai.host.manager import get_plugins
from eai.modules import get_module
from eai.pddl.parser import parse_problem
from eai.simulation.planner import Budget
from eai_fast_downward.planner import FastDownward
from eai_modules.transition_modeling.gold import gold_model

SUITES = ("virtualhome", "behavior")


def jobs(suite: str, whole: bool) -> list[tuple[str, tuple]]:
    plugins = get_plugins()
    model = gold_model(plugins, suite)
    tasks = [t for t in plugins.suites.get(suite).load() if get_module("transition_modeling").applies_to(t)]
    return [(t.id, (model.domain if whole else dataclasses.replace(model.domain, operators=model.operators(t)),
                    parse_problem(t.transition_model.problem))) for t in tasks]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cpu-seconds", type=float, default=30.0, help="CPU time limit per problem")
    parser.add_argument("--whole", action="store_true", help="the whole gold domain, not the operators each task needs")
    parser.add_argument("--direct", action="store_true", help="our PDDL text, not unified-planning")
    args = parser.parse_args()
    planner = FastDownward(via_up=not args.direct)
    budget = Budget(cpu_seconds=args.cpu_seconds, memory_mb=2048, wall_seconds=10 * args.cpu_seconds + 60)
    print(f"{planner.name}, {'whole gold domains' if args.whole else 'the operators each task needs'}, "
          f"{args.workers} workers, {args.cpu_seconds:g} s of CPU per problem")
    overall = time.perf_counter()
    for suite in SUITES:
        named = jobs(suite, args.whole)
        started = time.perf_counter()
        results = planner.solve_all([job for _, job in named], budget, workers=args.workers)
        wall = time.perf_counter() - started
        outcomes = Counter(result.outcome.value for result in results)
        cpu = sorted(result.cpu_seconds for result in results)
        print(f"{suite}: {outcomes['solved']}/{len(named)} solved {dict(sorted(outcomes.items()))}; "
              f"planner CPU per problem: median {statistics.median(cpu):.3f} s, "
              f"p90 {cpu[int(0.9 * (len(cpu) - 1))]:.3f} s, max {cpu[-1]:.3f} s, total {sum(cpu):.1f} s; "
              f"wall {wall:.1f} s")
        slowest = sorted(zip((r.cpu_seconds for r in results), (i for i, _ in named), results), reverse=True)[:3]
        print("  slowest: " + ", ".join(f"{task_id} {seconds:.2f} s ({r.expanded} states)" for seconds, task_id, r in slowest))
        for (task_id, _), result in zip(named, results):
            if not result.solved:
                print(f"  {task_id}: {result.outcome.value} {result.detail}")
    print(f"total wall {time.perf_counter() - overall:.1f} s")


if __name__ == "__main__":
    main()
