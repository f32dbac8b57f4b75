"""Transition modeling scored on gold answers: every VirtualHome (296) and
BEHAVIOR (100) task, logic form and planning, through ``eai score``'s code.

    PYTHONPATH=.:plugins/... python benchmarks/transition_modeling_gold.py [--planner NAME] [--workers N] [--sensitivity]

Each suite runs in a process of its own, so that the CPU time of everything
it started (planner hosts and runs) can be read when it ends; prints F1,
planner success, outcomes, failures, wall time and CPU time per suite and in all.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time

from eai.host.manager import get_plugins
from eai.modules import get_module
from eai.results.responses import Response
from eai.results.scoring import score
from eai_modules.transition_modeling.gold import gold_model

SUITES = ("virtualhome", "behavior")


def one_suite(suite: str, options: dict) -> dict:
    plugins = get_plugins()
    model = gold_model(plugins, suite)
    tasks = [t for t in plugins.suites.get(suite).load() if get_module("transition_modeling").applies_to(t)]
    answers = [Response(t.id, "\n".join(op.to_pddl("") for op in model.operators(t))) for t in tasks]
    result = score(plugins, suite, "transition_modeling", answers, options)
    failed = {r["identifier"]: f"{r['planner']['outcome']} {r['planner']['detail']}" for r in result.records if not r["success"]}
    keys = ("n", "f1", "planner_success_rate", "planner_outcomes", "sensitivity")
    return {**{k: result.summary[k] for k in keys if k in result.summary}, "failed": failed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--planner", default="fast_downward")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sensitivity", action="store_true")
    parser.add_argument("--one", choices=SUITES, help=argparse.SUPPRESS)  # the per-suite child
    args = parser.parse_args()
    options = {"planner": args.planner, "workers": args.workers, "sensitivity": args.sensitivity}
    if args.one:
        print(json.dumps(one_suite(args.one, options)))
        return
    print(f"planner {args.planner}, {args.workers} workers{', sensitivity' if args.sensitivity else ''}")
    total_wall = total_cpu = 0.0
    for suite in SUITES:
        before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
        child = [sys.executable, __file__, "--one", suite, "--planner", args.planner, "--workers", str(args.workers)]
        out = subprocess.run(child + (["--sensitivity"] if args.sensitivity else []), capture_output=True, text=True, check=True)
        wall, after = time.perf_counter() - started, resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        total_wall, total_cpu = total_wall + wall, total_cpu + cpu
        found = json.loads(out.stdout)
        print(f"{suite}: {found['n']} tasks, F1 {found['f1']}, planner success {found['planner_success_rate']}% "
              f"{found['planner_outcomes']}; wall {wall:.1f} s, CPU {cpu:.1f} s")
        for task_id, why in found["failed"].items():
            print(f"  {task_id}: {why}")
        if "sensitivity" in found:
            print(f"  sensitivity: {found['sensitivity']['stay_solvable_rate']}% of {found['sensitivity']['swaps']} swaps stay solvable")
    print(f"total wall {total_wall:.1f} s, CPU {total_cpu:.1f} s")


if __name__ == "__main__":
    main()
