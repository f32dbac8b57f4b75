"""What a module's report tables are (the paper's Tables 3-7 and a plugin's):
a table per module, a column per metric, each a path into the module's
summary; report.md and report.html lay them out (:mod:`eai.reporting.tables`),
with the counts first in every table. Also the columns the modules that
produce a trajectory share (action sequencing, subgoal decomposition)."""

from __future__ import annotations

from dataclasses import dataclass


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
    """A table of ``module``'s results: a row per model, each column per suite.
    Reports order tables by ``name`` (numbers in it compared as numbers)."""

    name: str
    title: str
    module: str
    columns: tuple[Column, ...]


def columns(group: str, *pairs: tuple[str, tuple[str, ...]]) -> tuple[Column, ...]:
    """Columns of ``group``, each ``(header, path)``."""
    return tuple(Column(group, header, path) for header, path in pairs)


def error_columns(group: str, *pairs: tuple[str, str]) -> tuple[Column, ...]:
    """Columns of ``errors.<key>``, each ``(header, key)``, listing its tasks under that error."""
    return tuple(Column(group, header, ("errors", key), key) for header, key in pairs)


ACTION_ERRORS = (
    columns("Goal evaluation", ("Task SR", ("task_success_rate",)), ("Execution SR", ("execution_success_rate",)))
    + error_columns("Grammar error", ("Parsing", "parsing"), ("Hallucination", "hallucination"),
                    ("Arg. number", "arity"))
    + error_columns("Runtime error", ("Wrong order", "wrong_order"), ("Missing step", "missing_step"),
                    ("Affordance", "affordance"), ("Additional step", "additional_step"))
)
# No credit, and none of the paper's errors: an answer with no goal object or no
# step, a subgoal or planning problem the planner's budget ran out on.
OTHER_OUTCOMES = "Other outcomes"
EMPTY_PLAN_COLUMN = Column(OTHER_OUTCOMES, "Empty plan", ("empty_plan_rate",), "empty_plan")
# the benchmark's own task progress (EB-ALFRED, EB-Habitat; "-" where a suite has none)
TASK_PROGRESS = columns("Task progress", ("Progress", ("task_progress",)))
GOAL_SUCCESS = columns("Goal success", ("State", ("goal_success", "state")), ("Relation", ("goal_success", "relation")),
                       ("Action", ("goal_success", "action")), ("Total", ("goal_success", "total")))
