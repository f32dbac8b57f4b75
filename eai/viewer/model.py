"""A run folder (``eai run``, ``eai compose`` or ``eai score --out``) read into
the JSON model the viewer pages show: the run's configuration, and per unit
its summary and every task's record, answer, prompt and parse."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import eai
from eai.exceptions import EaiError
from eai.host.manager import Plugins
from eai.reporting.collect import UnitResult, collect, run_config, run_names
from eai.results.responses import KEPT_ANSWERS, parse_response
from eai.results.store import ResponseLog
from eai.viewer.agent import AgentTraces
from eai.viewer.episodes import shared_traces, traces
from eai.viewer.tasks import TaskCache, details
from eai.viewer.trace import share_prompts


def status(record: dict[str, Any]) -> str:
    """``success``, ``failure``, ``model error`` or ``internal error``; goal
    interpretation succeeds on an exact goal (F1 100)."""
    if record.get("model_error"):
        return "model error"
    if record.get("internal_error"):
        return "internal error"
    if "success" in record:
        return "success" if record["success"] else "failure"
    if "evaluation_success" in record:  # a turn-by-turn episode: PARTNR's success
        return "success" if record["evaluation_success"] else "failure"
    return "success" if record.get("f1") == 100 else "failure"


def errors(record: dict[str, Any]) -> list[str]:
    """The error categories of one record, as the report's columns name them."""
    found = [record["error_type"]] if record.get("error_type") else []
    if record.get("additional_steps"):
        found.append("additional_step")
    if record.get("format_error") or record.get("parse_error") is True:  # goal interpretation, transition modeling
        found.append("parsing")
    if record.get("hallucinations"):
        found.append("hallucination")
    planner = record.get("planner")
    if isinstance(planner, dict) and planner.get("outcome") not in (None, "solved"):
        found.append(f"planner {planner['outcome']}")
    for step in record.get("step_errors") or []:  # an agent's episode: each failed step's class
        if isinstance(step, dict) and step.get("error_type") and step["error_type"] not in found:
            found.append(step["error_type"])
    if record.get("ended") not in (None, "success", "model_error"):  # the budget that ended it
        found.append(f"ended {record['ended']}")
    for key in ("model_error", "internal_error"):
        if record.get(key):
            found.append(key)
    return found


def read_unit(unit: UnitResult) -> tuple[Iterator[dict[str, Any]], Mapping[str, dict[str, Any]], str]:
    """The unit's records as they are read, its answers (a run's logged answers, or the answers
    a score folder kept) and the file they came from ("" when there is none);
    one clear error when they are not a run's."""
    kept = next((name for name in ("responses.jsonl", KEPT_ANSWERS) if (unit.folder / name).is_file()), "")
    try:
        answers = ResponseLog(unit.folder / kept).indexed() if kept else {}
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
        raise _unreadable(unit, exc) from None
    return _checked(unit), answers, kept


def _checked(unit: UnitResult) -> Iterator[dict[str, Any]]:
    try:
        for record in unit.each_record():
            str(record["identifier"])
            yield record
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
        raise _unreadable(unit, exc) from None


def _unreadable(unit: UnitResult, exc: Exception) -> EaiError:
    return EaiError(f"cannot read the records or responses in {unit.folder}: {type(exc).__name__}: {exc}")


def kind(summary: dict[str, Any], config: dict[str, Any] | None) -> str:
    """How a unit's tasks ran: ``agent`` (one agent acting step by step:
    ``eai run --episode``, whose summary has the ``episode`` budgets),
    ``turns`` (turn-by-turn collaboration), ``episodes`` (a pipeline,
    replanning, random action failures, a live environment: the runner
    writes their settings into the summary) or ``answers`` (one answer
    each, scored as ``eai score`` scores)."""
    if isinstance(summary.get("episode"), dict):
        return "agent"
    if (config or {}).get("options", {}).get("turn_by_turn") or str(summary.get("agent_setup", "")).startswith("2, turn"):
        return "turns"
    return "episodes" if "replan" in summary else "answers"


def unit_model(unit: UnitResult, root: Path, cache: TaskCache, config: dict[str, Any] | None) -> dict[str, Any]:
    """The unit's summary and what the viewer shows of it; its ``tasks`` an iterator
    made as the records are read: an agent's episodes (one record each) are read,
    traced and given one at a time, so a unit of thousands is not held whole."""
    records, answers, kept = read_unit(unit)
    how = kind(unit.summary, config)
    notes = {KEPT_ANSWERS: f"a score folder: the answers scored are those it kept ({KEPT_ANSWERS})",
             "": "the answers were not kept (no responses.jsonl: an eai score folder made before eai kept the "
                 "answers it scored)"}
    head = {"key": unit.folder.resolve().relative_to(root).as_posix(), "suite": unit.suite, "module": unit.module,
            "model": unit.model, "label": unit.label, "summary": unit.summary, "n": unit.summary.get("n")}
    if how == "agent":  # traced a record at a time; its turns show observations, no prompt to share
        traced = AgentTraces(cache, unit)
        tasks = (task_shown(record, answers, how, traced(record)) for record in records)
        return {**head, "note": "; ".join(filter(None, [traced.note, notes.get(kept)])), "tasks": tasks}
    held = list(records)
    if how == "answers":
        given = {i: parse_response(item, unit.folder / kept, i) for i, item in answers.items() if not item.get("error")}
        found, note = details(cache, unit.suite, unit.module, given, [r["identifier"] for r in held])
        for task_id, shown in shared_traces(cache, unit, held, given).items():
            found.setdefault(task_id, {}).update(shown)
    else:
        found, note = traces(cache, unit, how, held, answers, config or {})
    base = share_prompts([item["trace"] for item in found.values() if "trace" in item])
    return {**head, "note": "; ".join(filter(None, [note, notes.get(kept)])),
            "tasks": (task_shown(record, answers, how, found.get(record["identifier"], {})) for record in held),
            **({"prompt_base": base} if base is not None else {})}


def task_shown(record: dict[str, Any], answers: Mapping[str, dict[str, Any]], how: str,
               found: dict[str, Any]) -> dict[str, Any]:
    """One task as the viewer shows it: its record (an agent's without the turn log its trace shows), answer and what was found."""
    answer = answers.get(record["identifier"], {})
    shown = {**record, "turn_log": "(shown above, turn by turn)"} if how == "agent" and "turn_log" in record else record
    return {"id": record["identifier"], "status": status(record), "errors": errors(record), "record": shown,
            "output": answer.get("llm_output") if how == "answers" else None,
            "call_error": answer.get("error", ""), **found}


def collect_runs(folders: Sequence[Path], plugins: Plugins, streamed: bool = False) -> dict[str, Any]:
    """The viewer's model of the run folders, in the order given; ``streamed``: each unit's
    ``tasks`` an iterator made as it is read (:func:`unit_model`; for
    :func:`eai.viewer.page.write_site`, which writes each task as it comes), else a list."""
    if not folders:
        raise EaiError("no run folder to view")
    runs, cache = [], TaskCache(plugins)
    for name, folder in zip(run_names(list(folders)), folders):
        units = collect([folder])
        config, written = run_config(folder)
        models = [unit_model(u, folder.resolve(), cache, config) for u in units]
        runs.append({"name": name, "config": config, "written": written,
                     "units": models if streamed else [{**m, "tasks": list(m["tasks"])} for m in models]})
    return {"eai_version": eai.__version__, "runs": runs}
