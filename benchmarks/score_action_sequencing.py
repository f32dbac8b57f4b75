"""Time ``eai score`` on the gold plans, as responses in the upstream format
(EB-ALFRED's: ``{"executable_plan": [{"action_id", "action_name": "find a Ladle"}]}``).

Targets: VirtualHome 342 plans under 5 s wall, BEHAVIOR 100 under 3 s, EB-ALFRED
300 under 3 s (2 cores). Also printed: the CPU time of the scoring process,
which a loaded machine does not inflate.
"""

import json
import sys
import tempfile
from pathlib import Path

from timing import timed

from eai.host.manager import get_plugins
from eai.testing.answers import eb_answer


def responses(suite: str) -> list[dict[str, str]]:
    tasks = get_plugins().suites.get(suite).load()
    if suite == "eb-alfred":
        simulator = get_plugins().simulators.get("alfred")

        def text(task):
            return eb_answer(simulator, task, task.gold_plan)
    elif suite == "virtualhome":
        def text(task):
            items = [f"{json.dumps(a.name)}: {json.dumps([p for arg in a.args for p in arg.rsplit('.', 1)])}"
                     for a in task.gold_plan]
            return "{" + ", ".join(items) + "}"
    else:
        def text(task):
            names = task.extra["behavior"]["scene_names"]
            return json.dumps([{"action": a.name, "object": ", ".join(names[x] for x in a.args)} for a in task.gold_plan])
    return [{"identifier": t.id, "llm_output": text(t)} for t in tasks]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for suite in sys.argv[1:] or ["virtualhome", "behavior", "eb-alfred"]:
            path = Path(tmp) / f"{suite}.json"
            path.write_text(json.dumps(responses(suite)))
            wall, cpu = timed(["score", str(path), "--suite", suite, "--module", "action_sequencing",
                               "--out", str(Path(tmp) / suite), "--quiet"])
            summary = json.loads((Path(tmp) / suite / "summary.json").read_text())
            print(f"{suite}: {summary['n']} gold plans scored in {wall:.2f} s wall, {cpu:.2f} s CPU "
                  f"(task success {summary['task_success_rate']}%, task progress {summary.get('task_progress', '-')})")


if __name__ == "__main__":
    main()
