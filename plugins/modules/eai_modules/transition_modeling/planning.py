"""Planner runs of transition modeling: options, and solving many jobs over
the cores (equal jobs once)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from eai import EaiError
from eai.plugin_api import Budget, Domain, PddlPlanner, PlanResult, Plugins, Problem, ScoreProgress, limits


@dataclass(frozen=True)
class PlanningOptions:
    """``Env.options`` keys: ``planner`` (default: the module's), ``planner_cpu_seconds``,
    ``planner_memory_mb`` (per problem), ``workers`` (default: every core),
    ``sensitivity``. The CPU and memory limits decide verdicts; the
    wall-clock limit, ``WALL_FACTOR`` times the CPU limit plus
    ``WALL_SLACK``, is a safety net whose runs end without one."""

    WALL_FACTOR: ClassVar[float] = limits.WALL_FACTOR
    WALL_SLACK: ClassVar[float] = limits.WALL_SLACK

    planner: str
    cpu_seconds: float = limits.CPU_SECONDS
    memory_mb: int | None = limits.MEMORY_MB
    workers: int | None = None
    sensitivity: bool = False

    @classmethod
    def read(cls, options: Mapping[str, Any], planner: str) -> PlanningOptions:
        default = cls(planner)
        return cls(
            options.get("planner") or planner,
            float(options.get("planner_cpu_seconds") or default.cpu_seconds),
            options.get("planner_memory_mb", default.memory_mb),
            options.get("workers"),
            bool(options.get("sensitivity", False)),
        )

    @property
    def budget(self) -> Budget:
        return Budget(cpu_seconds=self.cpu_seconds, memory_mb=self.memory_mb,
                      wall_seconds=self.WALL_FACTOR * self.cpu_seconds + self.WALL_SLACK)


def solve(jobs: Sequence[tuple[Domain, Problem]], plugins: Plugins, options: PlanningOptions,
          progress: ScoreProgress) -> list[PlanResult]:
    """Results in job order."""
    planner = plugins.planners.get(options.planner)
    if not isinstance(planner, PddlPlanner):
        raise EaiError(f"planner {options.planner!r} does not solve PDDL problems")
    index: dict[tuple[Domain, Problem], int] = {}
    order = [index.setdefault(job, len(index)) for job in jobs]
    distinct = list(index)
    progress(0, len(distinct))
    results = planner.solve_all(distinct, options.budget, options.workers, progress)
    return [results[i] for i in order]
