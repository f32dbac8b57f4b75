"""The official evaluator's verdicts, task by task, read from what it wrote.

eai-eval 1.0.5 writes a summary per module and, for some modules, per-task
files; the rest of its per-task verdicts are in its log (``logs/*.log``,
records ``YYYY-MM-DD HH:MM:SS - logger - message``). Read from each:

- action sequencing (VirtualHome): ``error_info.json`` (executable or the
  error class of every task it simulated or rejected); the log's
  ``Program X did not pass gold test`` (a task it leaves out) and
  ``EVERYTHING SUCCEED!`` after ``Task is ..., file_id is X`` (a success). A
  task in neither was taken for the gold program and counted executable
  without being simulated (never a success).
- subgoal decomposition (VirtualHome): ``error_info.json``, each task's
  success and its report (``Correct``, ``NotParseable``, ``Hallucination``,
  ``Runtime``, ``GoalUnreachable``).
- goal interpretation: VirtualHome's log (each task's true and false
  positives and false negatives per kind, or ``has format wrong output``);
  BEHAVIOR's ``detailed_analyses`` file.
- transition modeling: the log's ``Holistic test: task X succeeded`` (or
  ``failed``), whether the planner found a plan with the answer's domain.

Every verdict is a :class:`Verdict` in eai's words, so that it compares
with eai's (:mod:`eai.challenge.verdicts`).
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from eai.exceptions import EaiError

LOG_RECORD = re.compile(r"(?m)^(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d - )")
TASK_LINE = re.compile(r" - Task is .*, file_id is (\S+)\s*$")
DROPPED = "did not pass gold test"
SUCCEEDED = "EVERYTHING SUCCEED!"
FORMAT_WRONG = "has format wrong output"
COUNTS = re.compile(r" - TP_(node|edge|action)_goals: (-?\d+), FP_\w+: (-?\d+), FN_\w+: (-?\d+)\s*$")
HOLISTIC = re.compile(r"Holistic test: task (\S+) (succeeded|failed)")
RACE = "No such file or directory: 'sas_plan'"
KINDS = {"node": "state", "edge": "relation", "action": "action"}
# The upstream's error names in eai's words.
ERROR_CLASS = {"wrong_temporal_order": "wrong_order", "missing_step": "missing_step", "affordance_error": "affordance",
               "parsing error": "parsing", "hallucination error": "hallucination", "parameter error": "arity"}


@dataclass(frozen=True)
class Verdict:
    """One task's verdict: ``shown`` in the table, ``key`` compared with the
    other tool's, ``detail`` the evidence the reasons read."""

    shown: str
    key: tuple[Any, ...]
    detail: dict[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Outcome:
    """One module's verdicts by task id, its headline figures and notes (what it left out, lost...)."""

    figures: str
    verdicts: dict[str, Verdict]
    notes: tuple[str, ...] = ()


def log_records(work: Path) -> list[str]:
    """Every record of the upstream's logs in ``work/logs``, in order."""
    records = []
    for log in sorted((work / "logs").glob("*.log")):
        records += [r for r in LOG_RECORD.split(log.read_text(encoding="utf-8", errors="replace")) if r]
    return records


def by_task(records: list[str]) -> dict[str, list[str]]:
    """The log records that follow each ``Task is ..., file_id is X`` record, by X."""
    found: dict[str, list[str]] = {}
    current = None
    for record in records:
        head = record.splitlines()[0] if record else ""
        if match := TASK_LINE.search(head):
            current = match.group(1)
            found[current] = []
        elif current is not None:
            found[current].append(record)
    return found


def message(record: str) -> str:
    """A log record's message: its first line after the date and the logger's name."""
    return record.splitlines()[0].split(" - ", 2)[-1].strip() if record else ""


def literal(text: str) -> Any:
    """A Python literal the upstream wrote (never evaluated as code); None when it is not one."""
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def logged_value(records: list[str], name: str) -> Any:
    """The value the upstream logged as ``name=...`` (a Python literal) among ``records``; None if none."""
    return next((literal(m[len(name) + 1:]) for m in map(message, records) if m.startswith(f"{name}=")), None)


def read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise EaiError(f"the official evaluator wrote no readable {path.name} ({exc})") from None


def results_folder(out: Path, suite: str, module: str, model: str) -> Path:
    return out / suite / "evaluate_results" / module / model


def action_sequencing(out: Path, work: Path, model: str, tasks: tuple[str, ...]) -> Outcome:
    folder = results_folder(out, "virtualhome", "action_sequencing", model)
    summary, error_info = read_json(folder / "summary.json"), read_json(folder / "error_info.json")
    logged = by_task(log_records(work))
    verdicts = {}
    for task in tasks:
        records = logged.get(task, [])
        said = {message(r) for r in records}
        if f"Program {task} {DROPPED}" in said:
            verdicts[task] = Verdict("left out", ("left out",), {"dropped": True})
        elif task in error_info:
            info = error_info[task]
            if SUCCEEDED in said:
                shown = "success"
            elif info["executable"]:
                shown = "executable"
            else:
                shown = ERROR_CLASS.get(info["error_type"], str(info["error_type"]))
            verdicts[task] = Verdict(shown, (shown,), {"error_action": info.get("error_action"),
                                                       "action_goals": logged_value(records, "action_goals")})
        else:
            verdicts[task] = Verdict("executable (not simulated)", ("executable",), {"shortcut": True})
    goals, trajectory = summary["goal_evaluation"], summary["trajectory_evaluation"]
    kept = sum(1 for task, records in logged.items() if f"Program {task} {DROPPED}" not in map(message, records))
    figures = (f"success {goals['task_success_rate']:.2f}%, executable {trajectory['execution_success_rate']:.2f}% "
               f"of the {kept} tasks it kept")
    left_out = len(logged) - kept
    notes = (f"left out {left_out} task(s) whose own gold final state fails its goal check",) if left_out else ()
    return Outcome(figures, verdicts, notes)


def subgoal_decomposition(out: Path, work: Path, model: str, tasks: tuple[str, ...]) -> Outcome:
    folder = results_folder(out, "virtualhome", "subgoal_decomposition", model)
    summary, error_info = read_json(folder / "summary.json"), read_json(folder / "error_info.json")
    verdicts = {}
    for task in tasks:
        entry = error_info.get(f"scene_1_{task}", {})
        report = literal(entry["info"]) if isinstance(entry.get("info"), str) else None
        report = report if isinstance(report, tuple) and report else ("NotParseable",)
        shown = subgoal_verdict(bool(entry.get("success")), report)
        verdicts[task] = Verdict(shown, (shown,), subgoal_detail(report))
    goals, trajectory = summary["goal_evaluation"], summary["trajectory_evaluation"]
    figures = (f"success {100 * goals['task_success_rate']:.2f}%, "
               f"executable {100 * trajectory['execution_success_rate']:.2f}%")
    return Outcome(figures, verdicts)


def subgoal_verdict(success: bool, report: tuple[Any, ...]) -> str:
    """A subgoal report in eai's words: success, executable (goals unmet) or the first error's class."""
    kind = report[0]
    if success or kind == "Correct":
        return "success" if success else "executable"
    if kind == "GoalUnreachable":
        return "executable"
    if kind == "NotParseable":
        return "parsing"
    if kind == "Hallucination":
        details = report[1] if len(report) > 1 and isinstance(report[1], dict) else {}
        return "arity" if details.get("IncorrectParamLength") else "hallucination"
    if report[1]:  # Runtime, but executable (an additional step)
        return "executable"
    for error in report[-2] or ():
        for name in error.get("error_info", {}).get("error_type", ()):
            return ERROR_CLASS.get(name.lower(), name.lower())
    return "runtime error"


def subgoal_detail(report: tuple[Any, ...]) -> dict[str, Any]:
    """What a subgoal report says: its kind, its first failing subgoal and
    message (the upstream's words), and the goals it counted met."""
    found: dict[str, Any] = {"report": report[0]}
    if report[0] in ("Runtime", "GoalUnreachable") and len(report) >= 4:
        errors = report[-2] or [{}]
        found["failed_subgoal"] = str(errors[0].get("failed_subgoal"))
        found["message"] = " ".join(errors[0].get("error_info", {}).get("error_info", ()))
        found["goals"] = report[-1] if isinstance(report[-1], dict) else {}
    elif len(report) > 1 and isinstance(report[1], dict):
        found["message"] = str(report[1].get("error_info", ""))
    return found


def goal_interpretation(out: Path, work: Path, model: str, tasks: tuple[str, ...]) -> Outcome:
    summary = read_json(results_folder(out, "virtualhome", "goal_interpretation", model) / "summary.json")
    verdicts = {}
    for task, records in by_task(log_records(work)).items():
        unread = any(message(r).endswith(f", file_id {task} {FORMAT_WRONG}") for r in records)
        if unread and not any(COUNTS.search(r.splitlines()[0]) for r in records):
            verdicts[task] = Verdict("not read (format)", ("not read",), {"unread": True})
            continue
        counts = {KINDS[m.group(1)]: (int(m.group(2)), int(m.group(3)), int(m.group(4))) for r in records
                  if (m := COUNTS.search(r.splitlines()[0]))}
        verdicts[task] = counted(counts)
    return Outcome(f"F1 {summary['all_f1']:.2f}", {t: verdicts[t] for t in tasks if t in verdicts})


def counted(counts: dict[str, tuple[int, int, int]]) -> Verdict:
    """Goal-interpretation counts per kind (true and false positives, false negatives) as a verdict."""
    tp, fp, fn = (sum(c[i] for c in counts.values()) for i in range(3))
    f1 = 200 * tp / (2 * tp + fp + fn) if tp else 0.0
    return Verdict(f"tp {tp} fp {fp} fn {fn} (F1 {f1:.1f})", (tp, fp, fn), {"kinds": counts})


def behavior_goal_interpretation(out: Path, work: Path, model: str, tasks: tuple[str, ...]) -> Outcome:
    overall = read_json(out / "summary" / f"{model}_performance_scores.json")["overall"]
    detailed = read_json(out / "log" / "detailed_analyses" / f"{model}_detailed_analysis.json")
    verdicts = {}
    for task in tasks:
        found = detailed.get(task, {})
        verdicts[task] = behavior_counts(found)
    return Outcome(f"F1 {100 * overall['overall_confusion_metrics']['f1_score']:.2f}", verdicts)


def behavior_counts(analysis: dict[str, Any]) -> Verdict:
    """BEHAVIOR's analysis of one answer as goal-interpretation counts per kind,
    with the number of gold goals it scored against (``gold``, its annotation's)."""
    counts = {}
    for name, kind in (("state_goal", "state"), ("relation_goal", "relation")):
        found = analysis.get(name, {})
        counts[kind] = (found.get("num_satisfied_conditions", 0), found.get("num_false_positive_conditions", 0),
                        found.get("num_unsatisfied_conditions", 0))
    verdict = counted(counts)
    verdict.detail["gold"] = analysis.get("overall", {}).get("num_GT_conditions", 0)
    verdict.detail["predicted"] = analysis.get("overall", {}).get("num_predicted_conditions", 0)
    return verdict


def transition_modeling(out: Path, work: Path, model: str, tasks: tuple[str, ...], suite: str) -> Outcome:
    summary = read_json(results_folder(out, suite, "transition_modeling", model) / "summary.json")
    records = log_records(work)
    planned, errors = {}, {}
    for before, record in zip(records, records[1:] + [""]):
        if (m := HOLISTIC.search(before.splitlines()[0])) and before[22:].startswith("worker_"):
            planned[m.group(1)] = m.group(2) == "succeeded"
            if m.group(2) == "failed" and " - Error: " in record.splitlines()[0]:
                errors[m.group(1)] = record
    races = sum(1 for r in records if RACE in r and r[22:].startswith("worker_"))
    verdicts = {t: Verdict("planned" if planned.get(t) else "not planned", (bool(planned.get(t)),),
                           {"race": RACE in errors.get(t, "")}) for t in tasks}
    overall = summary["overall"]
    figures = f"F1 {overall['f1']:.2f}, planner success {overall['planner_success_rate']:.2f}%"
    notes = (f"{races} planner run(s) lost to its shared sas_plan file",) if races else ()
    return Outcome(figures, verdicts, notes)
