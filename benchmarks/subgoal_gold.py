"""Time ``eai score`` of the goal-derived subgoal plans (one gold goal per line).

Target: the 342 VirtualHome tasks in under 20 s wall on 2 cores with the
default search budget. For each suite prints the wall time of the command,
how many plans succeed, and each failure with its outcome (goal unmet after
an executable refinement, unreachable subgoal, budget exhausted, grammar).
Extra arguments after the suite names are passed to ``eai score``
(e.g. ``--max-nodes 500``), but ``--states-first``, which writes each plan's
state goals before its relation goals.
"""

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from eai.base import jsonl
from eai.host.manager import get_plugins
from eai_modules.subgoal_decomposition import goal_subgoal_plan


def responses(suite: str, states_first: bool = False) -> list[dict[str, str]]:
    plugins = get_plugins()
    simulator = plugins.simulators.get(plugins.suites.get(suite).simulator)
    return [{"identifier": t.id, "llm_output": json.dumps({"output": goal_subgoal_plan(t, simulator, ("state", "relation") if states_first else None)})}
            for t in plugins.suites.get(suite).load()]


def outcome(record: dict) -> str:
    if record["executable"]:
        return "goal unmet"
    if record["unreachable"]:
        return f"unreachable ({record['error_type']})"
    return record["error_type"]


def main() -> None:
    args = [arg for arg in sys.argv[1:] if arg != "--states-first"]
    states_first = len(args) < len(sys.argv) - 1
    options = next((i for i, arg in enumerate(args) if arg.startswith("-")), len(args))
    suites, extra = args[:options], args[options:]
    plugins = get_plugins()
    if "bfs" not in plugins.planners:
        sys.exit("the bfs planner is not installed; `pip install -e .` registers its entry point")
    with tempfile.TemporaryDirectory() as tmp:
        for suite in suites or ["virtualhome", "behavior"]:
            if plugins.suites.get(suite).simulator not in plugins.simulators:
                print(f"{suite}: its simulator is not installed")
                continue
            path = Path(tmp) / f"{suite}.json"
            path.write_text(json.dumps(responses(suite, states_first)))
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "eai", "score", str(path), "--suite", suite, "--module",
                            "subgoal_decomposition", "--out", str(Path(tmp) / suite), "--quiet", *extra], check=True)
            wall = time.perf_counter() - start
            summary = json.loads((Path(tmp) / suite / "summary.json").read_text())
            records = [r for _, r in jsonl.read(Path(tmp) / suite / "records.jsonl")]
            failed = [r for r in records if not r["success"]]
            print(f"{suite}: {summary['n']} goal-derived plans scored in {wall:.2f} s wall; "
                  f"{summary['n'] - len(failed)} succeed ({summary['task_success_rate']}%), "
                  f"budget exhausted {summary['subgoals']['budget_exhausted']}%")
            for record in failed:
                print(f"  {record['identifier']}: {outcome(record)}: {record['error_detail'] or record['goals']}")


if __name__ == "__main__":
    main()
