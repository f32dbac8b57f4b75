"""``eai score``: evaluate model responses made elsewhere against the gold annotation.

What a summary claims is said beside its figures: of the ``tasks`` in scope,
how many were ``answered`` (scored on their answer), how many calls failed
(``model_errors``: not the model's fault, so not scored) and how many have no
response at all (``unanswered``: left out, or with ``strict`` scored as empty
answers). The rates are over the ``n`` tasks scored; with ``n`` = 0 there are
no rates at all, only the counts (docs/metrics.md, "What a summary claims").
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict

from eai.base import jsonl
from eai.base.atomic import write_atomic
from eai.base.rates import plain
from eai.exceptions import EaiError
from eai.host.manager import Plugins
from eai.llm import usage
from eai.modules import get_module
from eai.modules.base import AbilityModule, Env, Progress, Record, percent
from eai.modules.written_for import most_written_for, written_for
from eai.results.formats import FIELD, FORMAT_VERSION
from eai.results.responses import KEPT_ANSWERS, Response, match_identifier
from eai.results.uncertainty import intervals, uncertainty
from eai.simulation.goals import read_types
from eai.simulation.simulator import Vocabulary
from eai.tasks.folders import suite_name as named_suite
from eai.tasks.shards import Shard
from eai.world import Task


@dataclass(frozen=True)
class ScoreResult:
    records: Sequence[Record]  # a list, or read as written (eai.runner.driver.Streamed)
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
    *,
    task_ids: Collection[str] | None = None,
    strict: bool = False,
    shard: Shard | None = None,
) -> ScoreResult:
    """Records in the suite's task order and their summary.

    The scope is the suite's tasks the module covers (only ``task_ids``, when
    given). A task answered more than once is scored on its last answer and
    counted in ``duplicated``; identifiers of no task in scope are listed in
    ``unmatched_identifiers``. A task whose model call failed gets a record
    with only its ``model_error``. A task with no response is left out, or,
    with ``strict``, scored as an empty answer and flagged ``unanswered``. A
    task whose scoring raises gets an ``internal_error`` record and the
    others are scored. The calls logged with an answer (tokens, finish
    reason) go into its record's ``usage`` and their totals into the summary;
    an answer whose call finished for the token limit is read as cut. An
    answer in another module's output format is recorded as ``written_for``
    it (:mod:`eai.modules.written_for`), one that reads as its prompt's
    format example as ``prompt_example``.
    With ``shard``, only its share of the tasks in scope is scored
    (:mod:`eai.tasks.shards`) and the summary names the shard.
    The module evaluates all answers in one call (``evaluate_all``), so it may
    run them in parallel."""
    suite_name = named_suite(plugins, suite_name)
    suite = plugins.suites.get(suite_name)
    module = get_module(module_name)
    ids = suite.ids()
    answers: dict[str, Response] = {}
    unmatched, duplicated = [], set()
    for response in responses:
        task_id = match_identifier(response.identifier, ids)
        if task_id is None:
            unmatched.append(response.identifier)
            continue
        if task_id in answers:
            duplicated.add(task_id)
        answers[task_id] = response
    wanted = None if task_ids is None else set(task_ids)
    scope = ids if wanted is None else [i for i in ids if i in wanted]
    tasks = read_types([task for task in suite.load(scope) if module.applies_to(task)], options or {})
    covered = {task.id for task in tasks}
    unmatched += [i for i in answers if i not in covered]
    if shard is not None:  # its share of the tasks; the other shards' answers are theirs, not unmatched
        tasks = shard.share(tasks)
        mine = {task.id for task in tasks}
        duplicated = {i for i in duplicated if i in mine or (shard.index == 0 and i not in covered)}
    scored = [t for t in tasks if (t.id in answers and not answers[t.id].error) or (strict and t.id not in answers)]
    simulator = plugins.simulators.get(suite.simulator) if module.needs_simulator else None
    env = Env(simulator, plugins, options or {})
    items: list[tuple[Any, Task]] = []
    evaluated: dict[str, Record] = {}
    for task in scored:
        try:
            answer = answers.get(task.id, Response(task.id, ""))
            items.append((module.parse(answer.output, answer.cut), task))
        except Exception as exc:  # parsers never raise; if one does, only its task fails
            evaluated[task.id] = internal_error(exc)
    evaluated.update((task.id, record) for (_, task), record in zip(items, evaluate_all(module, items, env, progress)))
    named = simulator or (plugins.simulators.get(suite.simulator) if suite.simulator in plugins.simulators else None)
    vocabulary = named.vocabulary if named else Vocabulary({})
    examples = [module.parse(example) for example in (named.prompt_examples(module.asks_with) if named else ())]
    for parsed, task in items:
        answer = answers.get(task.id)
        if answer is None or evaluated[task.id].get("error_type") == INTERNAL_ERROR:
            continue
        try:
            other = written_for(module_name, parsed, answer.output, answer.cut, vocabulary)
        except Exception as exc:  # never expected (parsers never raise); only its task fails
            evaluated[task.id] = internal_error(exc)
            continue
        evaluated[task.id].update({"written_for": other} if other else {},
                                  **({"prompt_example": True} if parsed in examples else {}))
    records = []
    for task in tasks:
        if task.id in evaluated:
            record = {"identifier": task.id, **evaluated[task.id], **({} if task.id in answers else {"unanswered": True})}
        elif task.id in answers:
            record = {"identifier": task.id, "model_error": answers[task.id].error}
        else:
            continue
        if task.id in answers and answers[task.id].calls:
            record["usage"] = usage.recorded(answers[task.id].calls)
        records.append(record)
    summary = score_summary(suite_name, module_name, records, tasks=len(tasks), strict=strict,
                            duplicated=len(duplicated), unmatched=unmatched)
    return ScoreResult(records, summary | ({"shard": str(shard)} if shard else {}))


def score_summary(suite: str, module: str, records: Sequence[Record], *, tasks: int, strict: bool = False,
                  duplicated: int = 0, unmatched: Sequence[str] = ()) -> dict[str, Any]:
    """The summary :func:`score` writes for ``records`` of ``module`` out of ``tasks`` in scope."""
    summary = {"suite": suite, "module": module,
               **summarize(get_module(module).summarize, records, tasks=tasks, strict=strict),
               "duplicated": duplicated, "unmatched_identifiers": sorted(unmatched)}
    if any("usage" in r for r in records):
        summary["usage"] = usage.summarize(records)
    return summary


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


class SummaryCounts(TypedDict):
    """The counts every summary has beside its module's figures: what those figures are over."""

    tasks: int  # in scope
    answered: int
    model_errors: int  # failed model calls, not scored
    model_error_rate: float | None  # percent of the records; None without any
    internal_errors: int  # scoring failed, not in n
    truncated_answer_rate: float | None  # percent of the scored answers; None without any
    unanswered: int
    strict: bool  # a task without an answer counts as a failure


def summarize(figures: Callable[[Sequence[Record]], dict[str, Any]], records: Sequence[Record], *, tasks: int,
              strict: bool = False) -> dict[str, Any]:
    """A summary of ``records`` out of ``tasks`` in scope: ``figures`` (a
    module's or stage's ``summarize``) over the scored records, when there
    are any, and the counts that say what they are over: tasks whose model
    call failed (not scored), whose scoring failed (``internal_errors``, not
    in ``n``), with no answer, the rate of truncated answers, and, when most
    answers were written for another module, which one
    (:mod:`eai.modules.written_for`), and the standard error and interval of
    each rate (``uncertainty``: :mod:`eai.results.uncertainty`)."""
    answered = [r for r in records if "model_error" not in r]
    scored = [r for r in answered if r.get("error_type") != INTERNAL_ERROR]
    unanswered = sum(bool(r.get("unanswered")) for r in answered)
    other = most_written_for([r for r in scored if not r.get("unanswered")])
    calls = call_rates(records)
    counts: SummaryCounts = {
        "tasks": tasks,
        "answered": len(answered) - unanswered,
        "model_errors": len(records) - len(answered),
        "model_error_rate": calls["model_error_rate"],
        "internal_errors": len(answered) - len(scored),
        "truncated_answer_rate": calls["truncated_answer_rate"],
        "unanswered": tasks - len(records) + unanswered,
        "strict": strict,
    }
    figured = figures(scored) if scored else {"n": 0}
    spread = {**(intervals(figures, scored, figured) if scored else {}), **intervals(call_rates, records, calls)}
    return {**plain(figured), **({"uncertainty": uncertainty(spread)} if spread else {}),
            **({"answers_written_for": other} if other else {}), **plain(counts)}


def call_rates(records: Sequence[Record]) -> dict[str, Any]:
    """The percent of ``records`` whose model call failed, and of those scored whose answer was cut (None without any)."""
    scored = [r for r in records if "model_error" not in r and r.get("error_type") != INTERNAL_ERROR]
    failed = sum("model_error" in r for r in records)
    return {"model_error_rate": percent(failed, len(records)) if records else None,
            "truncated_answer_rate": percent(sum(bool(r.get("truncated_answer")) for r in scored), len(scored))
            if scored else None}


def require_scored(result: ScoreResult, source: str) -> None:
    """Raise when no answer was scored: such a result is none, whatever it would print."""
    summary = result.summary
    if summary["answered"]:
        return
    where = f"suite {summary['suite']!r}, module {summary['module']!r}"
    if summary["model_errors"]:
        raise EaiError(f"{source}: every response matching {where} is a failed model call "
                       f"({summary['model_errors']}); nothing to score")
    unmatched = summary["unmatched_identifiers"]
    seen = f"; its identifiers (e.g. {unmatched[0]!r}) match no task there" if unmatched else ""
    raise EaiError(f"{source}: no response answers a task of {where}{seen}")


def write_result(result: ScoreResult, out: Path, answers: Sequence[dict[str, Any]] | None = None) -> dict[str, Any]:
    """``out/records.jsonl``, the answers scored when given (``answers.jsonl``:
    :func:`eai.results.responses.kept_answers`), then ``out/summary.json`` with the format
    of the three (:mod:`eai.results.formats`; a unit is finished once it has its summary),
    each written whole; byte-identical for identical input. The summary as written."""
    write_atomic(out / "records.jsonl", map(jsonl.dumps, result.records))
    if answers is not None:
        write_atomic(out / KEPT_ANSWERS, map(jsonl.dumps, answers))
    summary = {**result.summary, FIELD: FORMAT_VERSION}
    write_atomic(out / "summary.json", json.dumps(summary, indent=2, sort_keys=True) + "\n")
    return summary
