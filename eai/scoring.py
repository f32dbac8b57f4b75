"""``eai score``: evaluate model responses made elsewhere against the gold annotation."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eai import jsonl, usage
from eai.modules import get_module
from eai.modules.base import Env, Record, percent
from eai.plugins import Plugins
from eai.responses import Response, match_identifier


@dataclass(frozen=True)
class ScoreResult:
    records: list[Record]
    summary: dict[str, Any]


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
    empty text and flagged; the calls logged with an answer (tokens, finish
    reason) go into its record and their totals into the summary.
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
    items = [(module.parse(answers[task.id].output), task) for task in tasks]
    records = []
    for task, record in zip(tasks, module.evaluate_all(items, env, progress)):
        record = {"identifier": task.id, **record}
        if answers[task.id].error:
            record["model_error"] = answers[task.id].error
        if answers[task.id].calls:
            record["usage"] = usage.recorded(answers[task.id].calls)
        records.append(record)
    summary = {"suite": suite_name, "module": module_name, **module.summarize(records),
               "model_error_rate": percent(sum("model_error" in r for r in records), len(records)),
               "unmatched_identifiers": sorted(unmatched)}
    if any("usage" in r for r in records):
        summary["usage"] = usage.summarize(records)
    return ScoreResult(records, summary)


def write_result(result: ScoreResult, out: Path) -> None:
    """``out/summary.json`` and ``out/records.jsonl``, byte-identical for identical input."""
    out.mkdir(parents=True, exist_ok=True)
    (out / "summary.json").write_text(json.dumps(result.summary, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    with (out / "records.jsonl").open("w", encoding="utf-8") as fh:
        for record in result.records:
            fh.write(jsonl.dumps(record))
