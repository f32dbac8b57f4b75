"""The tables of action sequencing: the paper's Tables 4 and 5, and
ET-Plan-Bench's sequence metrics: success, LCS and plan length per result,
and per task category for suites whose tasks have categories (generated suites)."""

from __future__ import annotations

from collections.abc import Sequence

from eai.plugin_api import (
    ACTION_ERRORS,
    EMPTY_PLAN_COLUMN,
    GOAL_SUCCESS,
    TASK_PROGRESS,
    TableSpec,
    UnitResult,
    UnitTable,
)

TABLES = (
    TableSpec("Table 4", "Trajectory evaluation (%) for action sequencing", "action_sequencing",
              ACTION_ERRORS + TASK_PROGRESS + (EMPTY_PLAN_COLUMN,)),
    TableSpec("Table 5", "Goal success (%) for action sequencing", "action_sequencing", GOAL_SUCCESS),
)

FIGURES = ("task_success_rate", "lcs", "lcs_ratio", "length")
HEADERS = ["Task SR (%)", "LCS (steps)", "LCS ratio (%)", "Length (steps)"]


def _units(units: Sequence[UnitResult]) -> list[UnitResult]:
    return [u for u in units if u.module == "action_sequencing" and "lcs" in u.summary]


def sequence_table(units: Sequence[UnitResult]) -> UnitTable | None:
    found = _units(units)
    rows = [[u.label, u.suite, u.summary.get("n"), u.summary.get("model_errors"), *(u.summary.get(f) for f in FIGURES)]
            for u in found]
    return UnitTable("Action sequencing: similarity to the gold plan and length (ET-Plan-Bench metrics)",
                     ["Model", "Suite", "n", "Model errors", *HEADERS], rows, found,
                     rates=dict(zip(HEADERS, FIGURES)), labels=2) if rows else None


def category_table(units: Sequence[UnitResult]) -> UnitTable | None:
    """A row per result and task category, about the result (the viewer lists all its tasks)."""
    found = [(u, name, figures) for u in _units(units) for name, figures in u.summary.get("by_category", {}).items()]
    rows = [[u.label, u.suite, name, figures["n"], *(figures.get(f) for f in FIGURES)] for u, name, figures in found]
    return UnitTable("Action sequencing by task category", ["Model", "Suite", "Category", "n", *HEADERS], rows,
                     [u for u, _, _ in found], rates=dict(zip(HEADERS, FIGURES)), labels=3,
                     prefixes=[f"by_category.{name}." for _, name, _ in found]) if rows else None


def sequence_tables(units: Sequence[UnitResult]) -> list[UnitTable]:
    return [table for table in (sequence_table(units), category_table(units)) if table is not None]
