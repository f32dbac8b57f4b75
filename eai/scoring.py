"""``eai score``: evaluate model responses made elsewhere against the gold annotation."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eai.modules import get_module
from eai.modules.base import AbilityModule, Env, Progress, Record, percent
from eai.plugins import Plugins
from eai.responses import Response, match_identifier
from eai.world import Task


@dataclass(frozen=True)
class ScoreResult:
    records: list[Record]
    summary: dict[str, Any]


INTERNAL_ERROR = "internal_error"
MAX_DETAIL = 500  # characters of an exception's message kept in a record


def internal_error(exc: Exception) -> Record:
    """The record of a task whose scoring raised: a defect of eai, not of the answer."""
    detail = f"{type(exc).__name__}: {exc}"
    return {"error_type": INTERNAL_ERROR, "error_detail": detail[:MAX_DETAIL]}


def guarded(work: Callable[[], Record]) -> Record:
    """``work()``, or its :func:`internal_error` record when it raises."""
    try:
        return work()
    except Exception as exc:  # one task's defect must not stop the others
        return internal_error(exc)


def score(
    plugins: Plugins,
    suite_name: str,
    module_name: str,
    responses: Sequence[Response],
    options: dict[str, Any] | None = None,
    progress: Callable[[int, int], None] = lambda done, total: None,
) -> ScoreResult:
    """Records in the suite's task order and their summary. A task answered
    more than once is scored on its last answer; identifiers of no task the
    module covers are listed; a task whose model call failed is scored on
    empty text and flagged; a task whose scoring raises gets an
    ``internal_error`` record and the others are scored.
    The module evaluates all answers in one call (``evaluate_all``), so it may
    run them in parallel."""
    suite = plugins.suites.get(suite_name)
    module = get_module(module_name)
    ids = suite.ids()
    answers: dict[str, Response] = {}
    unmatched = []
    for response in responses:
        task_id = match_identifier(response.identifier, ids)
        if task_id is None:
            unmatched.append(response.identifier)
        else:
            answers[task_id] = response
    order = [task_id for task_id in ids if task_id in answers]
    loaded = suite.load(order)
    tasks = [task for task in loaded if module.applies_to(task)]
    unmatched += [task.id for task in loaded if not module.applies_to(task)]
    simulator = plugins.simulators.get(suite.simulator) if module.needs_simulator else None
    env = Env(simulator, plugins, options or {})
    parsed: dict[str, Any] = {}
    failed: dict[str, Record] = {}
    for task in tasks:
        try:
            parsed[task.id] = module.parse(answers[task.id].output)
        except Exception as exc:  # parsers never raise; if one does, only its task fails
            failed[task.id] = internal_error(exc)
    items = [(parsed[task.id], task) for task in tasks if task.id in parsed]
    evaluated = iter(evaluate_all(module, items, env, progress))
    records = []
    for task in tasks:
        record = {"identifier": task.id, **(failed.get(task.id) or next(evaluated))}
        if answers[task.id].error:
            record["model_error"] = answers[task.id].error
        records.append(record)
    summary = {"suite": suite_name, "module": module_name, **summarize(module.summarize, records),
               "unmatched_identifiers": sorted(unmatched)}
    return ScoreResult(records, summary)


def evaluate_all(module: AbilityModule, items: Sequence[tuple[Any, Task]], env: Env, progress: Progress) -> list[Record]:
    """``module.evaluate_all(items)``; when it raises, each item alone, and
    those that still raise recorded as internal errors."""
    try:
        return module.evaluate_all(items, env, progress)
    except Exception:
        records = []
        for done, item in enumerate(items, 1):
            records.append(guarded(lambda: module.evaluate_all([item], env)[0]))  # noqa: B023 (called at once)
            progress(done, len(items))
        return records


def scored_records(records: Sequence[Record]) -> list[Record]:
    """The records of tasks whose scoring did not fail."""
    return [r for r in records if r.get("error_type") != INTERNAL_ERROR]


def summarize(figures: Callable[[Sequence[Record]], dict[str, Any]], records: Sequence[Record]) -> dict[str, Any]:
    """The module's ``figures`` over the records that were scored, with the
    rates of failed model calls and of truncated answers among them, and the
    count of tasks whose scoring failed (``internal_errors``, not in ``n``)."""
    scored = scored_records(records)
    return {**figures(scored),
            "model_error_rate": percent(sum("model_error" in r for r in scored), len(scored)),
            "truncated_answer_rate": percent(sum(bool(r.get("truncated_answer")) for r in scored), len(scored)),
            "internal_errors": len(records) - len(scored)}


def write_result(result: ScoreResult, out: Path) -> None:
    """``out/summary.json`` and ``out/records.jsonl``, byte-identical for identical input."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "summary.json").write_text(json.dumps(result.summary, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    with (out / "records.jsonl").open("w", encoding="utf-8") as fh:
        for record in result.records:
            fh.write(json.dumps(record, sort_keys=True) + "\n")
