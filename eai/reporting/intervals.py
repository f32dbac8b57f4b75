"""The 95% intervals of a report's rates (summary.json's ``uncertainty``,
:mod:`eai.results.uncertainty`): a table of them after each module table, laid
out as it is, and the error bars of its charts. An interval over fewer than
``SMALL_N`` tasks says so; a rate without one (a count shown in percent, a rate
over nothing, a summary written before intervals) shows "-"."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eai.modules.tables import Column, TableSpec
from eai.reporting.analysis import Share
from eai.reporting.collect import UnitResult
from eai.reporting.tables import COUNTS, table_rows
from eai.reporting.unit_table import UnitTable
from eai.results.uncertainty import SMALL_N, wilson

Interval = tuple[float, float, int]  # low, high, tasks it is over
NOTE = (f"95% intervals: Wilson for rates of tasks, a seeded bootstrap over tasks for the others "
        f"(docs/metrics.md, \"Uncertainty\"); \"(n under {SMALL_N})\" marks one over fewer than {SMALL_N} tasks, "
        "\"-\" a rate without one.")


def interval(summary: dict[str, Any] | None, column: Column) -> Interval | None:
    """The interval of ``column``'s rate in ``summary`` (None when it has none)."""
    return None if column.of_n else rate_interval(summary, ".".join(column.path))


def rate_interval(summary: dict[str, Any] | None, path: str) -> Interval | None:
    """The interval of the rate at ``path`` (dotted) in ``summary`` (None when it has none)."""
    entry = (summary or {}).get("uncertainty", {}).get("rates", {}).get(path)
    return (entry["low"], entry["high"], entry["n"]) if entry else None


def _summary(unit: UnitResult | None) -> dict[str, Any] | None:
    return unit.summary if unit is not None else None


def unit_table_intervals(table: UnitTable) -> tuple[list[str], list[list[Any]]]:
    """Headers and rows of the intervals of ``table``'s rates (:attr:`UnitTable.rates`), each from its cell's unit."""
    columns = [i for i, header in enumerate(table.headers) if header in table.rates]
    prefixes = table.prefixes or [""] * len(table.rows)
    rows = [[*row[:table.labels], *(interval_text(rate_interval(_summary(units[i]), prefix + table.rates[table.headers[i]]))
                                    for i in columns)]
            for row, units, prefix in zip(table.rows, table.cell_units(), prefixes)]
    return [*table.headers[:table.labels], *(table.headers[i] for i in columns)], rows


def interval_text(found: Interval | None) -> str | None:
    """``low–high``, with ``(n under 30)`` when it is over fewer than 30 tasks; None without one."""
    if found is None:
        return None
    low, high, n = found
    return f"{low:.1f}–{high:.1f}" + (f" (n under {SMALL_N})" if n < SMALL_N else "")


def share_interval(share: Share) -> str | None:
    """The Wilson interval of a success rate by task feature (its tasks succeeded or not), as text."""
    if share.rate is None:
        return None
    low, high = wilson(round(share.rate * share.n / 100), share.n)
    return interval_text((100 * low, 100 * high, share.n))


def interval_rows(spec: TableSpec, units: Sequence[UnitResult]) -> tuple[list[str], list[list[Any]]]:
    """Headers and rows of ``spec``'s table of intervals: its metric columns, per suite."""
    suites, headers, rows = table_rows(spec, units)
    by_key = {(u.label, u.suite): u.summary for u in units if u.module == spec.module}
    skip = len(COUNTS) * len(suites)
    found = [[row[0], *(interval_text(interval(by_key.get((row[0], suite)), column))
                        for column in spec.columns for suite in suites)] for row in rows]
    return [headers[0], *headers[1 + skip:]], found


def error_bars(spec: TableSpec, units: Sequence[UnitResult], rows: Sequence[Sequence[Any]],
               suite: str) -> list[list[Interval | None]]:
    """Per row scored in ``suite`` (as :func:`eai.reporting.tables.metric_series` lists them), each metric's interval."""
    by_key = {(u.label, u.suite): u.summary for u in units if u.module == spec.module}
    return [[interval(by_key[(row[0], suite)], column) for column in spec.columns]
            for row in rows if (row[0], suite) in by_key]
