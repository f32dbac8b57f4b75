"""Time ``eai score --module goal_interpretation`` on the gold goals of both suites.

Answers in the upstream formats: VirtualHome's with object ids and with class
names only (ambiguous names resolved by matching), BEHAVIOR's lists; and, to
exercise the search over BEHAVIOR's goal options, the same answers with every
other goal left out. Prints the wall time of each run (process start included)
and the CPU time of scoring in this process once plugins and tasks are loaded
(one worker: the work itself, target for BEHAVIOR's 100 < 0.5 s).
"""

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from eai.base import jsonl
from eai.host.manager import get_plugins
from eai.results.responses import Response
from eai.results.scoring import score
from tests.modules.gi_answers import behavior_answer, virtualhome_answer, virtualhome_gold


def halved(goals):
    return list(dict.fromkeys(goals))[::2]


def answers(suite: str) -> dict[str, dict[str, str]]:
    tasks = get_plugins().suites.get(suite).load()
    if suite == "virtualhome":
        return {
            "gold, ids": {t.id: virtualhome_gold(t, ids=True) for t in tasks},
            "gold, class names": {t.id: virtualhome_gold(t, ids=False) for t in tasks},
            "every other goal": {t.id: virtualhome_answer(halved(t.goal.state), halved(t.goal.relation), t.goal.action)
                                 for t in tasks},
        }
    return {
        "gold": {t.id: behavior_answer(t.goal.state, t.goal.relation) for t in tasks},
        "every other goal": {t.id: behavior_answer(halved(t.goal.state), halved(t.goal.relation)) for t in tasks},
    }


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for suite in sys.argv[1:] or ["virtualhome", "behavior"]:
            for label, texts in answers(suite).items():
                path = Path(tmp) / "responses.json"
                path.write_text(json.dumps([{"identifier": k, "llm_output": v} for k, v in texts.items()]))
                out = Path(tmp) / "out"
                start = time.perf_counter()
                subprocess.run([sys.executable, "-m", "eai", "score", str(path), "--suite", suite, "--module",
                                "goal_interpretation", "--out", str(out), "--quiet"], check=True)
                wall = time.perf_counter() - start
                summary = json.loads((out / "summary.json").read_text())
                records = [r for _, r in jsonl.read(out / "records.jsonl")]
                examined = max(r["options_examined"] for r in records)
                responses = [Response(k, v) for k, v in texts.items()]
                score(get_plugins(), suite, "goal_interpretation", responses, {"workers": 1})  # warm: tasks loaded
                cpu = time.process_time()
                score(get_plugins(), suite, "goal_interpretation", responses, {"workers": 1})
                cpu = time.process_time() - cpu
                print(f"{suite} ({label}): {summary['n']} tasks scored in {wall:.2f} s wall, {cpu:.2f} s CPU after "
                      f"start-up; overall F1 {summary['overall']['f1']}%, at most {examined} goal option(s) examined per task")


if __name__ == "__main__":
    main()
