"""``baseline:planner`` per task (issue 38 target 3): a whole ``eai run``, the
same run replaying its answers, and the answers alone with the size of the
work behind them.

    python benchmarks/baseline_planner.py [--suites S ...] [--module M]

For each suite (default: etplan-vh, virtualhome, langr), in processes of
their own: ``eai run --model baseline:planner`` (CPU of the whole process per
task: start-up, loading, answering, scoring, the report and its viewer), then
``eai run --model replay:`` of the answers it wrote (all of that but
answering). Then, in this process, the answers alone: CPU per task, the
states the planner's searches expanded and the searches run per task, and
each task's size (objects, atoms of its initial state).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from timing import compile_eai, timed

SUITES = ("etplan-vh", "virtualhome", "langr")


def answers_alone(suite: str, module: str) -> str:
    """CPU per task of the baseline's answers in this process, with the searches' sizes."""
    from eai.host.manager import get_plugins
    from eai.modules import get_module
    from eai.plugin_api import plan_answer, subgoals_answer
    from eai_bfs.search import BreadthFirst

    expanded, searches = [], []
    search = BreadthFirst.search

    def counted(self, *args, **kwargs):
        result = search(self, *args, **kwargs)
        expanded.append(result.expanded)
        return result

    BreadthFirst.search = counted  # type: ignore[method-assign]
    plugins = get_plugins()
    simulator = plugins.simulators.get(plugins.suites.get(suite).simulator)
    tasks = [t for t in plugins.suites.get(suite).load() if get_module(module).applies_to(t)]
    answer = plan_answer if module == "action_sequencing" else subgoals_answer
    started = time.process_time()
    for task in tasks:
        before = len(expanded)
        answer(task, simulator)
        searches.append(len(expanded) - before)
    cpu = time.process_time() - started
    BreadthFirst.search = search  # type: ignore[method-assign]
    atoms = statistics.mean(len(t.init) for t in tasks)
    objects = statistics.mean(len(t.objects) for t in tasks)
    return (f"answers alone {cpu / len(tasks) * 1000:.1f} ms per task; {sum(expanded) / len(tasks):.0f} states expanded "
            f"in {sum(searches) / len(tasks):.2f} searches per task; {objects:.0f} objects, {atoms:.0f} initial atoms per task")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--suites", nargs="+", default=list(SUITES))
    parser.add_argument("--module", default="action_sequencing")
    args = parser.parse_args()
    compile_eai()
    for suite in args.suites:
        with tempfile.TemporaryDirectory() as tmp:
            common = ["run", "--suite", suite, "--module", args.module, "--quiet", "--no-cache"]
            _, planned = timed([*common, "--model", "baseline:planner", "--out", f"{tmp}/planner"])
            responses = next(Path(tmp, "planner").rglob("responses.jsonl"))
            tasks = sum(1 for _ in responses.open(encoding="utf-8"))
            _, replayed = timed([*common, "--model", f"replay:{responses}", "--out", f"{tmp}/replay"])
        print(f"{suite}: {tasks} tasks; eai run baseline:planner {planned / tasks * 1000:.1f} ms CPU per task "
              f"({planned:.2f} s), replaying its answers {replayed / tasks * 1000:.1f} ms ({replayed:.2f} s), "
              f"difference {(planned - replayed) / tasks * 1000:.1f} ms", flush=True)
        print(f"  {answers_alone(suite, args.module)}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
