"""A table of the report whose rows each say which unit their numbers are
about, so that report.html links every number to that unit's tasks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from eai.reporting.collect import UnitResult


@dataclass(frozen=True)
class UnitTable:
    """``units``: per row, the unit all its numbers are about, or per column
    the unit of that cell's number (None: no unit)."""

    title: str
    headers: list[str]
    rows: list[list[Any]]
    units: Sequence[UnitResult | list[UnitResult | None]]

    def cell_units(self) -> list[list[UnitResult | None]]:
        """The unit of each cell, row by row."""
        return [about if isinstance(about, list) else [about] * len(row) for row, about in zip(self.rows, self.units)]
