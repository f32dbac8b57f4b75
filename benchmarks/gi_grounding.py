"""What grounding BEHAVIOR's quantified goals costs goal interpretation, on the gold answers.

    python benchmarks/gi_grounding.py [--runs 15]

Scores the 100 gold answers in fresh processes, interleaved, two ways: as
eai does (each task's LTL goal parsed, and a quantified one grounded into
goal options, the first one preferred that the answer describes), and
against each task's stored option alone (the annotation's literals: no
parse, no option search), which is how the upstream evaluator scores this
row. Prints the median CPU time of each way's work after start-up, measured
by ``benchmarks/vs_upstream.py``'s eai driver, and its overall F1. The
difference is what the grounding costs; benchmarks/README.md ("Where eai is
slower") compares both with the upstream.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from timing import compile_eai
from vs_upstream import EAI_DRIVER

from eai.host.manager import get_plugins
from tests.modules.gi_answers import behavior_answer

# vs_upstream.py's eai driver (its start-up, clock and options), after this for the stored option
STORED_OPTION = '''
import eai_modules.goal_interpretation.module as goal_interpretation


class StoredOption:
    """A goal checker that reads no goal: every task is scored against its stored option."""
    quantified = False

    def __init__(self, task, vocabulary):
        pass


goal_interpretation.GoalChecker = StoredOption
'''
WAYS = ("grounded", "stored option")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="processes per way (default 15)")
    runs = parser.parse_args().runs
    compile_eai()
    tasks = get_plugins().suites.get("behavior").load()
    cpu: dict[str, list[float]] = {way: [] for way in WAYS}
    f1 = {}
    with tempfile.TemporaryDirectory() as tmp:
        answers = Path(tmp) / "answers.json"
        answers.write_text(json.dumps([{"identifier": t.id, "llm_output": behavior_answer(t.goal.state, t.goal.relation)}
                                       for t in tasks]))
        for run in range(runs):
            for way in WAYS if run % 2 == 0 else WAYS[::-1]:
                out, figures = Path(tmp) / f"{way}-{run}", Path(tmp) / "work.json"
                driver = (STORED_OPTION if way == "stored option" else "") + EAI_DRIVER
                subprocess.run([sys.executable, "-c", driver, str(answers), "behavior", "goal_interpretation", str(out),
                                str(figures)], check=True, capture_output=True)
                cpu[way].append(json.loads(figures.read_text())["cpu"])
                f1[way] = json.loads((out / "summary.json").read_text())["overall"]["f1"]
            print(f"run {run + 1}/{runs}", file=sys.stderr)
    medians = {way: statistics.median(figures) for way, figures in cpu.items()}
    for way in WAYS:
        print(f"BEHAVIOR goal interpretation, 100 gold answers, {way}: {medians[way] * 1000:.1f} ms CPU of work "
              f"(median of {runs}), overall F1 {f1[way]}")
    print(f"grounding the goals: {(medians['grounded'] - medians['stored option']) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
