"""A table of the report whose rows each say which unit their numbers are
about, so that report.html links every number to that unit's tasks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from eai.reporting.collect import UnitResult


@dataclass(frozen=True)
class UnitTable:
    """``units``: per row, the unit all its numbers are about, or per column
    the unit of that cell's number (None: no unit). ``rates``: the columns
    whose 95% interval the report shows after the table, each header with the
    path of its rate in the summary's ``uncertainty`` (after the row's
    ``prefixes``, if any: ``by_category.NAME.``); ``labels``: how many leading
    columns name a row (repeated in that table)."""

    title: str
    headers: list[str]
    rows: list[list[Any]]
    units: Sequence[UnitResult | list[UnitResult | None]]
    rates: Mapping[str, str] = field(default_factory=dict)
    labels: int = 0
    prefixes: Sequence[str] = ()

    def cell_units(self) -> list[list[UnitResult | None]]:
        """The unit of each cell, row by row."""
        return [about if isinstance(about, list) else [about] * len(row) for row, about in zip(self.rows, self.units)]
