"""What a planner plugin supplies: search within an explicit budget.

Two kinds: a :class:`SearchPlanner` searches a simulator's successor function
(subgoal refinement, baselines); a :class:`PddlPlanner` solves a PDDL domain
and problem (transition modeling). Neither may hang: running out of budget is
an outcome, not an exception.

A verdict never depends on how busy the machine is: the limits that can end a
call with ``budget_exhausted`` are counted (states expanded, memory) or CPU
time, which load does not use up. Wall-clock time is only a safety net: a
call stopped by it gave no verdict (``infrastructure_failure``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from eai.pddl.model import Domain, Problem
from eai.simulation.simulator import World
from eai.world import Action, State


@dataclass(frozen=True)
class Budget:
    """Limits for one planning call; ``None`` means no limit of that kind.

    ``nodes`` (states expanded), ``cpu_seconds`` (CPU time of the planner's
    own processes) and ``memory_mb`` decide verdicts: a call that reaches one
    ends ``budget_exhausted``. ``wall_seconds`` is the safety net against a
    stuck or starved process; a call it stops ends ``infrastructure_failure``.
    A planner documents which kinds it supports.
    """

    nodes: int | None = None
    cpu_seconds: float | None = None
    memory_mb: int | None = None
    wall_seconds: float | None = None


class Outcome(str, Enum):
    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    BUDGET_EXHAUSTED = "budget_exhausted"
    ERROR = "error"  # the planner rejected its input (a domain or problem it cannot use)
    INFRASTRUCTURE_FAILURE = "infrastructure_failure"  # no verdict: the planner could not run or finish

    @property
    def verdict(self) -> bool:
        """Whether the outcome says something about the input (all but an infrastructure failure)."""
        return self is not Outcome.INFRASTRUCTURE_FAILURE


@dataclass(frozen=True)
class PlanResult:
    """How one planning call ended. ``rejected`` names the operators a PDDL
    planner left out of the domain as not well formed, with the reason.
    ``seconds`` (wall) and ``cpu_seconds`` are measurements, never verdicts."""

    outcome: Outcome
    plan: tuple[Action, ...] = ()
    expanded: int = 0
    seconds: float = 0.0
    detail: str = ""
    rejected: tuple[tuple[str, str], ...] = ()
    cpu_seconds: float = 0.0

    @property
    def solved(self) -> bool:
        return self.outcome is Outcome.SOLVED


class Planner(ABC):
    name: str
    description: str = ""

    def close(self) -> None:
        """End the processes the planner keeps between runs, if any (a later
        run starts new ones), so their CPU time is counted now: a process's
        CPU reaches its parent's ``RUSAGE_CHILDREN`` only when it ends."""


class SearchPlanner(Planner):
    @abstractmethod
    def search(
        self,
        world: World,
        start: State,
        goal: Callable[[State], bool],
        budget: Budget,
        objects: Iterable[str] | None = None,
        prefer: Callable[[State], bool] | None = None,
        actions: Collection[str] | None = None,
    ) -> PlanResult:
        """A shortest action sequence from ``start`` to a state where ``goal`` holds,
        using actions on ``objects`` only, and of the names in ``actions`` only,
        when given; among shortest ones, one ending where ``prefer`` holds when
        there is such a one."""


class PddlPlanner(Planner):
    @abstractmethod
    def solve(self, domain: Domain, problem: Problem, budget: Budget) -> PlanResult:
        """A plan for ``problem`` in ``domain``."""

    def solve_all(self, jobs: Sequence[tuple[Domain, Problem]], budget: Budget, workers: int | None = 1,
                  progress: Callable[[int, int], None] = lambda done, total: None) -> list[PlanResult]:
        """Results in job order, ``progress(done, total)`` after each; plugins
        may override to run jobs in parallel (``workers`` at a time)."""
        results = []
        for domain, problem in jobs:
            results.append(self.solve(domain, problem, budget))
            progress(len(results), len(jobs))
        return results
