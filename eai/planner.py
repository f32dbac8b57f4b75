"""What a planner plugin supplies: search within an explicit budget.

Two kinds: a :class:`SearchPlanner` searches a simulator's successor function
(subgoal refinement, baselines); a :class:`PddlPlanner` solves a PDDL domain
and problem (transition modeling). Neither may hang: running out of budget is
an outcome, not an exception.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from eai.pddl.model import Domain, Problem
from eai.simulator import World
from eai.world import Action, State


@dataclass(frozen=True)
class Budget:
    """Limits for one planning call; ``None`` means no limit of that kind."""

    seconds: float | None = 30.0
    nodes: int | None = None
    memory_mb: int | None = None


class Outcome(str, Enum):
    SOLVED = "solved"
    UNSOLVABLE = "unsolvable"
    BUDGET_EXHAUSTED = "budget_exhausted"
    ERROR = "error"


@dataclass(frozen=True)
class PlanResult:
    """How one planning call ended. ``rejected`` names the operators a PDDL
    planner left out of the domain as not well formed, with the reason."""

    outcome: Outcome
    plan: tuple[Action, ...] = ()
    expanded: int = 0
    seconds: float = 0.0
    detail: str = ""
    rejected: tuple[tuple[str, str], ...] = ()

    @property
    def solved(self) -> bool:
        return self.outcome is Outcome.SOLVED


class Planner(ABC):
    name: str
    description: str = ""


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
    ) -> PlanResult:
        """A shortest action sequence from ``start`` to a state where ``goal`` holds,
        using actions on ``objects`` only when given; among shortest ones, one
        ending where ``prefer`` holds when there is such a one."""


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
