"""Subgoal plans for BEHAVIOR's bottling_fruit (the goal-derived ones and the
natural variants of tests/modules/bottling_fruit.py), each refined at a node
budget: its outcome, the largest search (states expanded, and the subgoal)
and the CPU time of the refinement.

    python benchmarks/subgoal_variants.py [BUDGET ...]      (default: 2000 20000)

The budget decides the verdicts; the CPU time is this machine's, printed for
scale (a budget is counted, never timed).
"""

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from eai.host.manager import get_plugins  # noqa: E402
from eai.modules import get_module  # noqa: E402
from eai.modules.base import Env  # noqa: E402
from tests.modules import bottling_fruit  # noqa: E402


def main() -> None:
    budgets = [int(arg) for arg in sys.argv[1:]] or [2000, 20000]
    plugins = get_plugins()
    simulator = plugins.simulators.get("behavior")
    task = next(t for t in plugins.suites.get("behavior").load() if t.name == bottling_fruit.NAME)
    module = get_module("subgoal_decomposition")
    for budget in budgets:
        print(f"bottling_fruit at {budget} states per search:")
        for name, lines in bottling_fruit.plans(task, simulator).items():
            start = time.process_time()
            record = module.evaluate(module.parse(json.dumps({"output": lines})), task,
                                     Env(simulator, plugins, {"max_nodes": budget}))
            cpu = time.process_time() - start
            largest = max(record["subgoals"], key=lambda s: s["expanded"])
            outcome = "success" if record["success"] else record["error_type"] or "goal unmet"
            print(f"  {name:32} {outcome:17} largest search {largest['expanded']:6} states "
                  f"({largest['subgoal']}), {cpu:.2f} s CPU")


if __name__ == "__main__":
    main()
