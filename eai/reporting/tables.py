"""The paper's result tables (3-7), filled from unit summaries: one row per
model, each metric with a column per suite (headed by the letter it declares,
V = VirtualHome, B = BEHAVIOR, else by its name),
after the counts the metrics are over (tasks scored, failed model calls), and
before the outcomes that get an answer no credit outside the paper's errors
(format errors, empty plans, planner budgets run out)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from eai.modules.base import percent
from eai.reporting.collect import UnitResult
from eai.reporting.headings import suite_headings


@dataclass(frozen=True)
class Column:
    """A metric: its place in a summary; ``error``, the viewer's error filter
    its tasks are listed under ("" for all); ``of_n``, a count shown as a
    percent of the summary's ``n``."""

    group: str
    header: str
    path: tuple[str, ...]
    error: str = ""
    of_n: bool = False


@dataclass(frozen=True)
class TableSpec:
    name: str
    title: str
    module: str
    columns: tuple[Column, ...]


def _cols(group: str, *pairs: tuple[str, tuple[str, ...]]) -> tuple[Column, ...]:
    return tuple(Column(group, header, path) for header, path in pairs)


def _errors(group: str, *pairs: tuple[str, str]) -> tuple[Column, ...]:
    """Columns of ``errors.<key>``, each listing its tasks under that error."""
    return tuple(Column(group, header, ("errors", key), key) for header, key in pairs)


ACTION_ERRORS = (
    _cols("Goal evaluation", ("Task SR", ("task_success_rate",)), ("Execution SR", ("execution_success_rate",)))
    + _errors("Grammar error", ("Parsing", "parsing"), ("Hallucination", "hallucination"), ("Arg. number", "arity"))
    + _errors("Runtime error", ("Wrong order", "wrong_order"), ("Missing step", "missing_step"),
              ("Affordance", "affordance"), ("Additional step", "additional_step"))
)
# No credit, and none of the paper's errors: an answer with no goal object or no
# step, a subgoal or planning problem the planner's budget ran out on.
OTHER = "Other outcomes"
EMPTY_PLAN = Column(OTHER, "Empty plan", ("empty_plan_rate",), "empty_plan")
COUNTS = _cols("Tasks", ("n", ("n",)), ("Model errors", ("model_errors",)))  # first in every table
# the benchmark's own task progress (EB-ALFRED, EB-Habitat; "-" where a suite has none)
PROGRESS = _cols("Task progress", ("Progress", ("task_progress",)))
GOAL_SUCCESS = _cols("Goal success", ("State", ("goal_success", "state")), ("Relation", ("goal_success", "relation")),
                     ("Action", ("goal_success", "action")), ("Total", ("goal_success", "total")))

GOAL_INTERPRETATION = tuple(
    Column(kind.capitalize() if kind != "relation" else "Spatial", header, (kind, key))
    for kind in ("state", "relation", "action", "overall")
    for header, key in (("Precision", "precision"), ("Recall", "recall"), ("F1", "f1"))
) + (Column(OTHER, "Format error", ("format_error_rate",), "parsing"),)

TRANSITION_MODELING = tuple(
    Column("Logic form F1", header, ("by_category", category, "f1"))
    for header, category in (("Object states", "object_states"), ("Object orientation", "object_orientation"),
                             ("Object affordance", "object_affordance"), ("Spatial relations", "spatial_relations"),
                             ("Non-spatial relations", "non-spatial_relations"))
) + _cols("Overall", ("F1", ("f1",)), ("Planner SR", ("planner_success_rate",))) + (
    Column(OTHER, "Parse error", ("parse_error_rate",), "parsing"),
    Column(OTHER, "Budget exhausted", ("planner_outcomes", "budget_exhausted"), "planner budget_exhausted", of_n=True))

TABLES: tuple[TableSpec, ...] = (
    TableSpec("Table 3", "Goal interpretation (%)", "goal_interpretation", GOAL_INTERPRETATION),
    TableSpec("Table 4", "Trajectory evaluation (%) for action sequencing", "action_sequencing",
              ACTION_ERRORS + PROGRESS + (EMPTY_PLAN,)),
    TableSpec("Table 5", "Goal success (%) for action sequencing", "action_sequencing", GOAL_SUCCESS),
    TableSpec("Table 6", "Trajectory evaluation (%) for subgoal decomposition", "subgoal_decomposition",
              ACTION_ERRORS + (EMPTY_PLAN, Column(OTHER, "Budget exhausted", ("subgoals", "budget_exhausted"),
                                                  "budget_exhausted"))),
    TableSpec("Table 6b", "Goal success (%) for subgoal decomposition", "subgoal_decomposition", GOAL_SUCCESS),
    TableSpec("Table 7", "Transition modeling (%): logic-form F1 by predicate category, planner success",
              "transition_modeling", TRANSITION_MODELING),
)


def value(summary: dict[str, Any], column: Column) -> Any:
    """``column``'s number in ``summary`` (None when the summary has none)."""
    found: Any = summary
    for key in column.path:
        if not isinstance(found, dict) or key not in found:
            return None
        found = found[key]
    if column.of_n:
        return percent(found, summary["n"]) if summary.get("n") else None
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
