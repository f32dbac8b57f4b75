"""Time the habitat import and scoring: ``eai tasks import langr`` of the 1,100
LLaRP episodes, and ``eai score`` of 1,100 action-sequencing answers (the
gold plans, EB-style action commands).

Targets: each under 10 s on 2 cores. Each runs as its own ``eai`` process;
CPU is that process's user + system time (load-independent), wall its
elapsed time. The import needs a clone of apple/ml-llarp:
``python benchmarks/habitat.py /path/to/ml-llarp`` (or EAI_SOURCE_LLARP);
without one only scoring is timed.
"""

import json
import os
import sys
import tempfile
from pathlib import Path

from timing import timed

from eai.host.manager import get_plugins


def answers() -> list[dict[str, str]]:
    tasks = get_plugins().suites.get("langr").load()
    return [{"identifier": t.id, "llm_output": json.dumps([{"action": a.name, "object": a.args[0]} for a in t.gold_plan])}
            for t in tasks]


def main() -> None:
    clone = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("EAI_SOURCE_LLARP")
    with tempfile.TemporaryDirectory() as tmp:
        if clone:
            wall, cpu = timed(["tasks", "import", "langr", "--source", f"llarp={clone}", "--out", str(Path(tmp) / "tasks")])
            count = len(list((Path(tmp) / "tasks" / "langr" / "tasks").glob("*.json")))
            print(f"import: {count} episodes in {wall:.2f} s wall, {cpu:.2f} s CPU (target < 10 s on 2 cores)")
        else:
            print("import: not timed (give a clone of apple/ml-llarp, or set EAI_SOURCE_LLARP)")
        path = Path(tmp) / "answers.json"
        path.write_text(json.dumps(answers()))
        wall, cpu = timed(["score", str(path), "--suite", "langr", "--module", "action_sequencing",
                           "--out", str(Path(tmp) / "scored"), "--quiet"])
        summary = json.loads((Path(tmp) / "scored" / "summary.json").read_text())
        print(f"score: {summary['n'] + summary.get('excluded', 0)} action-sequencing answers in {wall:.2f} s wall, "
              f"{cpu:.2f} s CPU (target < 10 s on 2 cores); task success {summary['task_success_rate']}%, "
              f"progress {summary['task_progress']}%")


if __name__ == "__main__":
    main()
