"""The module options that ``eai run``, ``eai compose`` and ``eai score`` share
(the planner budgets, how a goal's types are read) and the options they
become. Every limit that can decide a verdict is counted (states) or CPU
time, never wall-clock (docs/metrics.md)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from eai.base.limits import (
    CPU_SECONDS as DEFAULT_CPU_SECONDS,
    MAX_NODES,
    MEMORY_MB as DEFAULT_MEMORY_MB,
    WALL_FACTOR,
    WALL_SLACK,
)

__all__ = ["DEFAULT_CPU_SECONDS", "DEFAULT_MEMORY_MB", "ExactTypes", "MaxNodes", "PlannerCpuSeconds", "PlannerMemoryMb",
           "budget_options"]

MaxNodes = Annotated[int | None, typer.Option(
    "--max-nodes", min=0,
    help=f"Subgoal decomposition: states one search may expand (default {MAX_NODES}; 0: no limit).")]
PlannerCpuSeconds = Annotated[float, typer.Option(
    "--planner-cpu-seconds", min=0.1,
    help="Transition modeling: CPU seconds per planning problem. A wall-clock limit, "
         f"{WALL_FACTOR:g} times as long plus {WALL_SLACK:g} s, "
         "is only a safety net: a run it stops counts as an infrastructure failure, not as the answer's.")]
PlannerMemoryMb = Annotated[int, typer.Option(
    "--planner-memory-mb", min=16, help="Transition modeling: memory per planning problem, in MB.")]


def budget_options(max_nodes: int | None, planner_cpu_seconds: float, planner_memory_mb: int,
                   exact_types: bool = False) -> dict[str, Any]:
    """The module options of the budget flags (``--max-nodes 0``: no limit) and
    of ``--exact-types`` (none by default, as before the option existed)."""
    options: dict[str, Any] = {"planner_cpu_seconds": planner_cpu_seconds, "planner_memory_mb": planner_memory_mb}
    if max_nodes is not None:
        options["max_nodes"] = max_nodes or None
    return options | ({"exact_types": True} if exact_types else {})


ExactTypes = Annotated[bool, typer.Option(
    "--exact-types",
    help="Read each object type a goal names exactly. By default a benchmark's own reading counts "
         "(EB-ALFRED: ALFRED's, by substring, so a ButterKnife is a Knife; docs/alfred-simulator.md).")]
