"""Fast Downward on every real gold problem with the gold domain.

    PYTHONPATH=.:plugins/planners/fast_downward python benchmarks/planner_gold.py [DATA] [--direct]

DATA is the extracted eai-eval 1.0.5 wheel (default /work/data/x). Solves the
296 VirtualHome problems of ``success_task.json`` and the 100 BEHAVIOR
problems with 2 workers, through unified-planning (``fast_downward``) or,
with ``--direct``, on our own PDDL text (``fast_downward_direct``); prints
outcome counts, the median time of one run and the wall time of each suite.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter
from pathlib import Path

from eai.pddl.parser import parse_domain, parse_problem
from eai.planner import Budget
from eai_fast_downward.planner import FastDownward

RESOURCES = "virtualhome_eval/resources"


def suites(root: Path) -> dict[str, tuple[Path, list[Path]]]:
    vh = root / RESOURCES / "virtualhome"
    by_id = {path.stem: path for path in (vh / "problem_pddl").glob("*/*.pddl")}
    ids = json.loads((vh / "success_task.json").read_text())
    bh = root / RESOURCES / "behavior"
    return {
        "virtualhome": (vh / "virtualhome.pddl", [by_id[i] for i in ids]),
        "behavior": (bh / "behavior.pddl", sorted((bh / "problem_pddl").glob("*.pddl"))),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="?", default="/work/data/x", type=Path)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=30.0, help="time limit per problem")
    parser.add_argument("--direct", action="store_true", help="our PDDL text, not unified-planning")
    args = parser.parse_args()
    planner = FastDownward(via_up=not args.direct)
    print(planner.name)
    overall = time.perf_counter()
    for suite, (domain_file, problem_files) in suites(args.data).items():
        domain = parse_domain(domain_file.read_text())
        jobs = [(domain, parse_problem(path.read_text())) for path in problem_files]
        started = time.perf_counter()
        results = planner.solve_all(jobs, Budget(seconds=args.seconds), workers=args.workers)
        wall = time.perf_counter() - started
        outcomes = Counter(result.outcome.value for result in results)
        median = statistics.median(result.seconds for result in results)
        print(f"{suite}: {outcomes['solved']}/{len(jobs)} solved {dict(sorted(outcomes.items()))}; "
              f"median {median:.3f} s per problem; wall {wall:.1f} s with {args.workers} workers")
        for path, result in zip(problem_files, results):
            if not result.solved:
                print(f"  {path.stem}: {result.outcome.value} {result.detail}")
    print(f"total wall {time.perf_counter() - overall:.1f} s")


if __name__ == "__main__":
    main()
