"""Tables of composed runs: modular vs pipeline (paper Table 16), with and
without replanning (Table 17), under random action failures (Table 18)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eai.reporting.collect import UnitResult
from eai.reporting.unit_table import UnitTable

COUNTS = (("n", ("n",)), ("Model errors", ("model_errors",)))  # what a row's rates are over
METRICS = COUNTS + (("Task SR", ("task_success_rate",)), ("Execution SR", ("execution_success_rate",)),
                    ("Goal SR", ("goal_success", "total")))


def _get(summary: dict[str, Any], path: tuple[str, ...]) -> Any:
    for key in path:
        summary = summary.get(key) if isinstance(summary, dict) else None  # type: ignore[assignment]
    return summary


def _counts(u: UnitResult) -> list[Any]:
    return [_get(u.summary, path) for _, path in COUNTS]


def _variant(u: UnitResult) -> tuple[Any, ...]:
    return (u.suite, u.module, u.model, u.summary.get("replan", 0), u.summary.get("action_failure_p", 0.0))


def modular_vs_pipeline(units: Sequence[UnitResult]) -> UnitTable | None:
    """Each composed unit beside the modular unit of its model, suite and settings;
    the modular columns are about the latter, the pipeline columns about the former."""
    modular = {_variant(u): u for u in units if "+" not in u.summary.get("pipeline", "")}
    rows: list[list[Any]] = []
    about: list[list[UnitResult | None]] = []
    for u in units:
        pipeline = u.summary.get("pipeline", "")
        if "+" not in pipeline:
            continue
        alone = modular.get(_variant(u))
        row: list[Any] = [u.model, pipeline, u.suite]
        for _, path in METRICS:
            row += [_get(alone.summary, path) if alone else None, _get(u.summary, path)]
        rows.append(row)
        about.append([None, None, None, *[alone, u] * len(METRICS)])
    headers = ["Model", "Pipeline", "Suite"] + [f"{name} ({kind})" for name, _ in METRICS for kind in ("modular", "pipeline")]
    return UnitTable("Table 16: Modular vs pipeline (%)", headers, rows, about) if rows else None


def replanning(units: Sequence[UnitResult]) -> UnitTable | None:
    replanned = [u for u in units if u.summary.get("replan")]
    rows = [[u.model, u.summary.get("pipeline", u.module), u.suite, *_counts(u), u.summary.get("action_failure_p", 0.0),
             u.summary["replan"], u.summary.get("first_attempt_success_rate"), u.summary.get("task_success_rate"),
             u.summary.get("mean_attempts")]
            for u in replanned]
    headers = ["Model", "Module or pipeline", "Suite", *(name for name, _ in COUNTS), "Action failure p", "Replans allowed",
               "Task SR without replanning", "Task SR with replanning", "Mean attempts"]
    return UnitTable("Table 17: Replanning with feedback (%)", headers, rows, replanned) if rows else None


def stochastic(units: Sequence[UnitResult]) -> UnitTable | None:
    failing = [u for u in units if u.summary.get("action_failure_p")]
    rows = [[u.model, u.summary.get("pipeline", u.module), u.suite, *_counts(u), u.summary["action_failure_p"],
             u.summary.get("replan", 0), u.summary.get("task_success_rate"), u.summary.get("execution_success_rate")]
            for u in failing]
    headers = ["Model", "Module or pipeline", "Suite", *(name for name, _ in COUNTS), "Action failure p", "Replans allowed", "Task SR",
               "Execution SR"]
    return UnitTable("Table 18: Random action failures (%)", headers, rows, failing) if rows else None


def compose_tables(units: Sequence[UnitResult]) -> list[UnitTable]:
    return [t for t in (modular_vs_pipeline(units), replanning(units), stochastic(units)) if t is not None]
