"""A figure of a summary that remembers what it is the ratio of.

A :class:`Rate` is the float a summary shows (``percent(part, whole)``, a mean)
with the sums it was computed from, so the uncertainty of any figure a module
reports can be worked out over its tasks without the module saying how
(:mod:`eai.results.uncertainty`). It is written to JSON as the plain float it is.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class Rate(float):
    """``value`` = ``scale * part / whole`` (as rounded by its maker), with ``part`` and ``whole`` kept."""

    __slots__ = ("part", "whole", "scale")
    part: float
    whole: float
    scale: float

    def __new__(cls, value: float, part: float, whole: float, scale: float = 100.0) -> Rate:
        rate = super().__new__(cls, value)
        rate.part, rate.whole, rate.scale = part, whole, scale
        return rate

    def __reduce__(self) -> tuple[Any, ...]:
        return Rate, (float(self), self.part, self.whole, self.scale)


def percent(part: float, whole: float) -> float:
    """``100 * part / whole`` rounded to 2 decimals (0 when ``whole`` is 0), as a :class:`Rate`."""
    return Rate(round(100.0 * part / whole, 2) if whole else 0.0, part, whole)


def mean(values: Iterable[float]) -> float | None:
    """The mean of ``values`` rounded to 2 decimals (None when there are none), as a :class:`Rate`."""
    kept = list(values)
    return Rate(round(sum(kept) / len(kept), 2), sum(kept), len(kept), 1.0) if kept else None


def plain(figures: Any) -> Any:
    """``figures`` with every :class:`Rate` a plain float again (what summaries hold once their intervals are known)."""
    if isinstance(figures, Rate):
        return float(figures)
    if isinstance(figures, dict):
        return {key: plain(value) for key, value in figures.items()}
    if isinstance(figures, list):
        return [plain(value) for value in figures]
    return figures
