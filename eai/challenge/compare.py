"""eai's verdicts beside the official evaluator's on the same answers (``eai compare upstream``).

For each file of a submission: eai scores the answers (its default budgets,
only the kit's tasks) and eai-eval 1.0.5 evaluates the same file in its own
environment (:mod:`eai.challenge.upstream`); both headline figures, then every
task whose verdicts differ, with the documented reasons that hold for it
(:mod:`eai.challenge.reasons`). BEHAVIOR action sequencing and subgoal
decomposition need iGibson upstream: eai's figures only, said so.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from eai.base.limits import CPU_SECONDS, MEMORY_MB
from eai.challenge import outcomes, upstream
from eai.challenge.outcomes import Outcome, Verdict
from eai.challenge.reasons import Evidence, Reason, explain
from eai.challenge.submission import KitFile
from eai.exceptions import EaiError
from eai.host.manager import Plugins
from eai.results.responses import Response
from eai.results.scoring import score

KINDS = ("state", "relation", "action")
PROGRESS_SECONDS = 30.0


@dataclass(frozen=True)
class Difference:
    task: str
    ours: Verdict
    theirs: Verdict
    reasons: tuple[Reason, ...]


@dataclass(frozen=True)
class Comparison:
    """One file: eai's figures, the upstream's (empty with ``not_run`` saying
    why), its notes, the tasks compared and each difference."""

    suite: str
    module: str
    tasks: int
    eai: str
    upstream: str = ""
    not_run: str = ""
    notes: tuple[str, ...] = ()
    differences: tuple[Difference, ...] = ()


def compare_file(plugins: Plugins, kit_file: KitFile, text: str, python: Path | None, work: Path,
                 say: Callable[[str], None] = lambda line: None) -> Comparison:
    """Both tools on one answer file (the upstream in ``work``; ``python``
    None: not run, for a machine without it)."""
    suite, module = kit_file.suite, kit_file.module
    items = json.loads(text)
    answers = {i["identifier"]: i["llm_output"] for i in items}
    result = score(plugins, suite, module, [Response(i, a) for i, a in answers.items()],
                   {"planner_cpu_seconds": CPU_SECONDS, "planner_memory_mb": MEMORY_MB}, task_ids=kit_file.tasks)
    ours = eai_figures(module, result.summary)
    base = Comparison(suite, module, len(kit_file.tasks), ours)
    if (suite, module) in upstream.NEEDS_IGIBSON:
        return replace(base, not_run="the official evaluator needs the iGibson physics simulator (not run here)")
    if python is None:
        return replace(base, not_run="the official evaluator was not run")
    say(f"upstream: {suite}/{module}, {len(items)} answers ...")
    try:
        out = upstream.evaluate(python, suite, module, text, work, every(PROGRESS_SECONDS, lambda done: say(
            f"upstream: {suite}/{module}: {done}/{len(items)} task(s)")))
        theirs = read_outcome(suite, module, out, work, kit_file.tasks)
    except EaiError as exc:
        return replace(base, not_run=str(exc))
    found = differences(plugins, kit_file, answers, result.records, theirs)
    return replace(base, upstream=theirs.figures, notes=theirs.notes, differences=found)


def differences(plugins: Plugins, kit_file: KitFile, answers: dict[str, str], records: Sequence[dict[str, Any]],
                theirs: Outcome) -> tuple[Difference, ...]:
    """Every task of the file whose verdicts differ, in the kit's order, with its reasons."""
    suite, module = kit_file.suite, kit_file.module
    mine = {r["identifier"]: r for r in records}
    tasks = {t.id: t for t in plugins.suites.get(suite).load(list(kit_file.tasks))}
    found = []
    for task_id, identifier in zip(kit_file.tasks, kit_file.identifiers):
        ours, their = eai_verdict(module, mine[task_id]), theirs.verdicts.get(task_id, Verdict("absent", ("absent",)))
        if ours.key != their.key:
            evidence = Evidence(tasks[task_id], answers.get(identifier, ""), ours, their, mine[task_id])
            found.append(Difference(task_id, ours, their, explain(suite, module, evidence)))
    return tuple(found)


def every(seconds: float, show: Callable[[int], None]) -> Callable[[int], None]:
    """``show`` a count when it has grown, at most every ``seconds`` (progress for people)."""
    last = {"at": time.monotonic(), "done": 0}

    def update(done: int) -> None:
        if done > last["done"] and time.monotonic() - last["at"] >= seconds:
            last.update(at=time.monotonic(), done=done)
            show(done)

    return update


def read_outcome(suite: str, module: str, out: Path, work: Path, tasks: tuple[str, ...],
                 model: str = upstream.MODEL) -> Outcome:
    """The upstream's per-task verdicts of one module, from its files and log (answers named ``model``)."""
    if module == "transition_modeling":
        return outcomes.transition_modeling(out, work, model, tasks, suite)
    if suite == "behavior":
        return outcomes.behavior_goal_interpretation(out, work, model, tasks)
    reader = {"action_sequencing": outcomes.action_sequencing, "subgoal_decomposition": outcomes.subgoal_decomposition,
              "goal_interpretation": outcomes.goal_interpretation}[module]
    return reader(out, work, model, tasks)


def eai_figures(module: str, summary: dict[str, Any]) -> str:
    """The headline figures of eai's summary, as the upstream's are shown."""
    if module == "goal_interpretation":
        return f"F1 {shown(summary['overall']['f1'])}"
    if module == "transition_modeling":
        return f"F1 {shown(summary['f1'])}, planner success {shown(summary['planner_success_rate'])}%"
    return f"success {shown(summary['task_success_rate'])}%, executable {shown(summary['execution_success_rate'])}%"


def shown(rate: float | None) -> str:
    """A rate with two decimals; ``n/a`` when there is none (no task scored)."""
    return "n/a" if rate is None else f"{rate:.2f}"


def eai_verdict(module: str, record: dict[str, Any]) -> Verdict:
    """eai's verdict on one task, in the words the upstream's are read in (:mod:`eai.challenge.outcomes`)."""
    if module == "goal_interpretation":
        counts = {k: (record[k]["matched"], record[k]["predicted"] - record[k]["matched"],
                      record[k]["gold"] - record[k]["matched"]) for k in KINDS if k in record}
        return outcomes.counted(counts)
    if module == "transition_modeling":
        planned = record.get("planner", {}).get("outcome") == "solved"
        return Verdict("planned" if planned else "not planned", (planned,))
    if record.get("success"):
        verdict = "success"
    elif record.get("executable"):
        verdict = "executable"
    else:
        verdict = record.get("error_type") or ("internal error" if record.get("internal_error") else "failed")
    return Verdict(verdict, (verdict,))
