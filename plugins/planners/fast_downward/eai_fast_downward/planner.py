"""The ``fast_downward`` PDDL planners: single runs and parallel batches,
through unified-planning (``fast_downward``) or on our own PDDL text
(``fast_downward_direct``)."""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

from eai.plugin_api import (
    And,
    Budget,
    Domain,
    Finding,
    Not,
    Operator,
    Outcome,
    PddlPlanner,
    PlanResult,
    Pred,
    PredicateDecl,
    Problem,
)
from eai_fast_downward.hosts import abort_all, close_all

FIX = "pip install --force-reinstall 'up-fast-downward>=1.0' (it bundles the Fast Downward build)"


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class FastDownward(PddlPlanner):
    """Fast Downward; ``via_up``: the task goes through a unified-planning problem,
    which rejects ill-formed operators (``PlanResult.rejected``)."""

    def __init__(self, via_up: bool = True) -> None:
        self.via_up = via_up
        self.name = "fast_downward" if via_up else "fast_downward_direct"
        self.description = (
            "Fast Downward (bundled in up-fast-downward; greedy FF, FF/causal-graph, then lama-first searches) on a unified-planning problem that validates operators"
            if via_up else "Fast Downward (bundled in up-fast-downward; greedy FF, FF/causal-graph, then lama-first searches) on our own PDDL text, unvalidated"
        ) + "; each run isolated, CPU- and memory-limited"

    def solve(self, domain: Domain, problem: Problem, budget: Budget) -> PlanResult:
        from eai_fast_downward import runner

        return runner.run(domain, problem, budget, self.via_up)

    def solve_all(
        self, jobs: Sequence[tuple[Domain, Problem]], budget: Budget, workers: int | None = None,
        progress: Callable[[int, int], None] = lambda done, total: None,
    ) -> list[PlanResult]:
        """Results in job order, ``workers`` planner processes at a time (default:
        the available cores), ``progress(done, total)`` as runs end. Each run is
        its own process; the threads here only write its files and wait for it.
        An interruption (Ctrl-C) ends the runs in flight at once."""
        jobs = list(jobs)
        workers = min(workers or available_cores(), len(jobs))
        if workers <= 1:
            return super().solve_all(jobs, budget, 1, progress)
        done = itertools.count(1)
        lock = threading.Lock()
        stopped = threading.Event()

        def solve(job: tuple[Domain, Problem]) -> PlanResult:
            if stopped.is_set():
                return PlanResult(Outcome.INFRASTRUCTURE_FAILURE, detail="interrupted")
            result = self.solve(*job, budget)
            with lock:
                progress(next(done), len(jobs))
            return result

        with ThreadPoolExecutor(workers) as pool:
            futures = [pool.submit(solve, job) for job in jobs]
            try:
                return [future.result() for future in futures]
            except BaseException:
                stopped.set()
                abort_all()
                raise

    def close(self) -> None:
        """Close this process's idle planner hosts (both routes'); runs in
        flight keep theirs, and a later run starts a new one."""
        close_all()

    def doctor(self) -> list[Finding]:
        """Whether the planner runs: it must solve a one-step problem."""
        from eai_fast_downward import runner

        if runner.fast_downward_dir() is None:
            return [Finding(f"planner {self.name}", False, "the up_fast_downward package is not installed", FIX)]
        result = self.solve(*_tiny_task(), Budget(cpu_seconds=30, wall_seconds=300))
        if result.solved and len(result.plan) == 1:
            return [Finding(f"planner {self.name}", True, f"solved a test problem in {result.seconds:.2f} s")]
        return [Finding(f"planner {self.name}", False, f"test problem: {result.outcome.value} {result.detail}", FIX)]


def _tiny_task() -> tuple[Domain, Problem]:
    done = Pred("done", ("?x",))
    step = Operator("finish", (("?x", "object"),), Not(done), done)
    domain = Domain("doctor", (("thing", ""),), (PredicateDecl("done", (("?x", "object"),)),), (step,))
    return domain, Problem("doctor", "doctor", (("a", "thing"),), (), And((Pred("done", ("a",)),)))
