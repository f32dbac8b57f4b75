"""The result tables of the registered modules (the paper's Tables 3-7 come
from its four), filled from unit summaries: one row per model, each metric
with a column per suite (headed by the letter it declares, V = VirtualHome,
B = BEHAVIOR, else by its name), after the counts the metrics are over (tasks scored, failed model calls), and before
the outcomes that get an answer no credit outside the paper's errors
(format errors, empty plans, planner budgets run out)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from eai.modules import MODULES
from eai.modules.base import percent
from eai.modules.tables import Column, TableSpec, columns
from eai.reporting.collect import UnitResult
from eai.reporting.headings import suite_headings

COUNTS = columns("Tasks", ("n", ("n",)), ("Model errors", ("model_errors",)))  # first in every table


def module_tables() -> list[TableSpec]:
    """Every registered module's tables, ordered by name ("Table 6" before "Table 6b" before "Table 7")."""
    specs = [spec for name in MODULES for spec in MODULES[name].tables]
    return sorted(specs, key=lambda spec: [(int(part), "") if part.isdigit() else (0, part)
                                           for part in re.split(r"(\d+)", spec.name)])


def value(summary: dict[str, Any], column: Column) -> Any:
    """``column``'s number in ``summary`` (None when the summary has none)."""
    found: Any = summary
    for key in column.path:
        if not isinstance(found, dict) or key not in found:
            return None
        found = found[key]
    if column.of_n:
        return float(percent(found, summary["n"])) if summary.get("n") else None
    return found


def table_rows(spec: TableSpec, units: Sequence[UnitResult]) -> tuple[list[str], list[str], list[list[Any]]]:
    """(suites in column order, header cells, rows) of one table: per suite,
    the tasks scored and the failed model calls, then the metrics."""
    mine = [u for u in units if u.module == spec.module]
    headings = suite_headings({u.suite for u in mine})
    suites = list(headings)
    models = sorted({u.label for u in mine})
    by_key = {(u.label, u.suite): u.summary for u in mine}
    columns = COUNTS + spec.columns
    headers = ["Model"] + [f"{c.group}: {c.header} ({headings[s]})" for c in columns for s in suites]
    rows = []
    for model in models:
        row: list[Any] = [model]
        for column in columns:
            for suite in suites:
                summary = by_key.get((model, suite))
                row.append(value(summary, column) if summary else None)
        rows.append(row)
    return suites, headers, rows


def metric_series(spec: TableSpec, suites: Sequence[str], rows: Sequence[Sequence[Any]], suite: str) -> list[tuple[str, list[Any]]]:
    """The chart of one suite: per row scored there, its name with n and its metrics."""
    i, width = suites.index(suite), len(suites)
    metrics = [1 + (len(COUNTS) + j) * width + i for j in range(len(spec.columns))]
    return [(f"{row[0]} (n={row[1 + i]})", [row[k] for k in metrics]) for row in rows if row[1 + i] is not None]
