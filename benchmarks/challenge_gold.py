"""eai beside the official evaluator on the gold answers: ``eai compare upstream`` on a gold submission.

    python benchmarks/challenge_gold.py [--keep DIR] [--cache DIR]
    python benchmarks/challenge_gold.py --record tests/data/challenge

Writes the gold answers of every task as an EAI Challenge submission (the
eight files, the kit's identifiers) and runs ``eai compare upstream`` on it:
each file's figures by both tools and every task where their verdicts
differ, with its reason. The answers are those ``vs_upstream.py`` gives both
tools (VirtualHome's gold programs with their first WALK or FIND written
twice, so that the upstream simulates them; the goal-derived subgoal plans;
the gold goals, VirtualHome objects by class name; the gold operators each
task needs), and BEHAVIOR's gold action sequences and goal-derived subgoal
plans for the two files the upstream cannot run here.

``--record DIR`` writes the test data of tests/challenge/test_reasons.py: the
same submission with the answers of a few tasks changed (``PERTURBED``: a
plain gold program, an unreadable answer, a hallucinated goal...) goes
through the official evaluator, and DIR gets, for the tasks of ``RECORDED``,
their answers, the evaluator's summary files as it wrote them, and its
per-task files and log records cut down to those tasks (each record whole):
real output of a real run, made small.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from score_action_sequencing import responses as action_sequencing_responses
from subgoal_gold import responses as subgoal_responses
from vs_upstream import ROWS, answers as row_answers

from eai.challenge.export import Submission, zipped
from eai.challenge.outcomes import HOLISTIC, TASK_LINE, log_records
from eai.challenge.report import compare_submission, print_comparisons
from eai.challenge.submission import answer_file, kit_files
from eai.challenge.upstream import MODEL
from eai.exceptions import EaiError
from eai.host.manager import get_plugins

GIFTS = "assembling_gift_baskets_0_Beechwood_0_int_0_2021-10-26_12-46-37"
BOTTLING = "bottling_fruit_0_Wainscott_0_int_0_2021-05-24_19-46-46"


def plain_gold(task: str, answer: str) -> str:
    """The gold program as it is (``vs_upstream.py`` writes a WALK or FIND of it twice)."""
    return next(r["llm_output"] for r in action_sequencing_responses("virtualhome") if r["identifier"] == task)


def with_goal(extra: dict) -> Callable[[str, str], str]:
    def edit(task: str, answer: str) -> str:
        found = json.loads(answer)
        found["node goals"].append(extra)
        return json.dumps(found)
    return edit


def action_twice(task: str, answer: str) -> str:
    found = json.loads(answer)
    first = found["action goals"][0]
    found["action goals"].append({**first, "description": "again, in other words"})
    return json.dumps(found)


def last_operator_dropped(task: str, answer: str) -> str:
    text = json.loads(answer)["output"]
    return json.dumps({"output": text[:text.rindex("(:action")].rstrip()})


PERTURBED: dict[tuple[str, str], dict[str, Callable[[str, str], str]]] = {
    ("virtualhome", "action_sequencing"): {"150_2": plain_gold},
    ("virtualhome", "goal_interpretation"): {
        "11_1": lambda t, a: "The goals are: " + a.replace('"', "'").replace("{", "(", 1),
        "150_2": with_goal({"name": "unicorn", "state": "ON"}),
        "27_2": lambda t, a: a.replace('"relation": "ON"', '"relation": "on"'),
        "1003_2": action_twice},
    ("virtualhome", "transition_modeling"): {"11_1": last_operator_dropped},
    ("behavior", "goal_interpretation"): {GIFTS: lambda t, a: "Here is the goal {as asked}: " + a},
    ("behavior", "transition_modeling"): {GIFTS: last_operator_dropped},
}

# The tasks the test data keeps: one or more for each reason a difference can have, and one that agrees.
RECORDED: dict[tuple[str, str], tuple[str, ...]] = {
    ("virtualhome", "action_sequencing"): ("158_1", "150_2", "125_2", "1027_2", "1003_2", "120_1", "317_2", "11_1"),
    ("virtualhome", "subgoal_decomposition"): ("183_2", "225_2", "491_2", "1004_2", "1057_1", "11_1"),
    ("virtualhome", "goal_interpretation"): ("11_1", "417_1", "150_2", "1003_2", "27_2", "850_1"),
    ("virtualhome", "transition_modeling"): ("11_1", "417_1"),
    ("behavior", "goal_interpretation"): (GIFTS, "cleaning_kitchen_cupboard_0_Pomaria_1_int_0_2021-10-26_13-05-36",
                                          "sorting_mail_0_Wainscott_0_int_1_2021-10-26_14-38-16", BOTTLING),
    ("behavior", "transition_modeling"): (GIFTS, BOTTLING),
}


def gold_answers() -> dict[tuple[str, str], dict[str, str]]:
    """The gold answer of every task, by (suite, module) and task id."""
    found = {}
    for row in ROWS:
        found[(row.suite, row.module)] = {r["identifier"].removeprefix("scene_1_"): r["llm_output"]
                                          for r in row_answers(row)}
    found[("behavior", "action_sequencing")] = {r["identifier"]: r["llm_output"]
                                                for r in action_sequencing_responses("behavior")}
    found[("behavior", "subgoal_decomposition")] = {r["identifier"]: r["llm_output"]
                                                    for r in subgoal_responses("behavior")}
    return found


def submission(perturbed: bool) -> Submission:
    answers = gold_answers()
    if perturbed:
        for key, edits in PERTURBED.items():
            for task, edit in edits.items():
                answers[key][task] = edit(task, answers[key][task])
    files = {k.name: answer_file(k, answers[(k.suite, k.module)]) for k in kit_files(get_plugins())}
    return Submission(files, ("the gold answers (benchmarks/challenge_gold.py)",))


def record(keep: Path, out: Path) -> None:
    """The test data: for the tasks of RECORDED (and, in transition modeling,
    those whose plan the evaluator lost), what it wrote in ``keep``, cut down to them."""
    for (suite, module), tasks in RECORDED.items():
        source, target = keep / f"{suite}-{module}", out / f"{suite}-{module}"
        shutil.rmtree(target, ignore_errors=True)
        kept = kept_records(log_records(source), set(tasks), module)
        tasks = {*tasks, *(m.group(1) for r in kept if (m := HOLISTIC.search(r.splitlines()[0])))}
        ids = {f"scene_1_{t}" if module == "subgoal_decomposition" else t for t in tasks}
        given = source / "responses" / suite / module / f"{MODEL}_outputs.json"
        write(target / given.relative_to(source), [i for i in json.loads(given.read_text()) if i["identifier"] in ids])
        for path in sorted((source / "out").rglob("*.json")):
            data = json.loads(path.read_text())
            if path.name in ("error_info.json", f"{MODEL}_detailed_analysis.json"):
                data = {k: v for k, v in data.items() if k in ids}
            write(target / path.relative_to(source), data)
        if kept:
            (target / "logs").mkdir(parents=True, exist_ok=True)
            (target / "logs" / "upstream.log").write_text("".join(kept))


def kept_records(records: list[str], tasks: set[str], module: str) -> list[str]:
    """The log records of ``tasks``: transition modeling's result record of each
    and the error record after it (and of any task whose plan it lost to its
    sas_plan race); the other modules' records from each task's first to the next task's."""
    if module == "transition_modeling":
        kept = []
        for before, after in zip(records, records[1:] + [""]):
            match = HOLISTIC.search(before.splitlines()[0]) if before[22:].startswith("worker_") else None
            if match and (match.group(1) in tasks or "sas_plan" in after):
                kept += [before] + ([after] if " - Error: " in after.splitlines()[0] else [])
        return kept
    kept, current = [], None
    for record in records:
        if match := TASK_LINE.search(record.splitlines()[0]):
            current = match.group(1)
        if current in tasks:
            kept.append(record)
    return kept


def write(path: Path, data) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keep", type=Path, help="keep the official evaluator's files here")
    parser.add_argument("--cache", type=Path, help="folder of the official evaluator's environment")
    parser.add_argument("--record", type=Path, help="write the test data of tests/challenge/test_reasons.py here")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="challenge_gold-") as tmp:
        zip_path = Path(tmp) / "gold.zip"
        zip_path.write_bytes(zipped(submission(perturbed=args.record is not None)))
        keep = args.keep or Path(tmp) / "upstream"
        try:
            found = compare_submission(get_plugins(), zip_path, [], [], keep, args.cache,
                                       lambda line: print(line, file=sys.stderr))
        except EaiError as exc:
            sys.exit(f"error: {exc}")
        print_comparisons(found, print)
        if args.record:
            record(keep, args.record)
            print(f"wrote the test data under {args.record}", file=sys.stderr)


if __name__ == "__main__":
    main()
