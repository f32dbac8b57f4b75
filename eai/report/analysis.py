"""Success against gold trajectory length (paper appendix E.5)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from eai.report.collect import UnitResult

BUCKETS = ((1, 5), (6, 10), (11, 15), (16, 20), (21, 10**6))


def bucket_label(low: int, high: int) -> str:
    return f"{low}+" if high >= 10**6 else f"{low}-{high}"


def success_by_length(unit: UnitResult, lengths: Mapping[str, int]) -> list[float | None]:
    """Success rate (%) of the unit's tasks in each gold-plan-length bucket."""
    rates: list[float | None] = []
    records = [r for r in unit.records() if "success" in r and r["identifier"] in lengths]
    for low, high in BUCKETS:
        inside = [r for r in records if low <= lengths[r["identifier"]] <= high]
        rates.append(round(100.0 * sum(r["success"] for r in inside) / len(inside), 2) if inside else None)
    return rates


def length_table(units: Sequence[UnitResult], lengths: Mapping[str, Mapping[str, int]]) -> list[tuple[UnitResult, list[float | None]]]:
    """Units that report success, with their rates per length bucket."""
    return [(u, success_by_length(u, lengths.get(u.suite, {}))) for u in units
            if u.suite in lengths and "task_success_rate" in u.summary]
