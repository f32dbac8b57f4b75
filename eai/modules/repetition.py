"""Repetition loops: a plan that ends in the same steps written over and over until the answer was cut.

A model that does not stop writes one cycle of steps (or subgoal lines) again
and again until its token limit cuts the answer, and where the cut falls is
chance: cut one step earlier or later, the plan ends in another state. Of a
truncated answer, :func:`tail_loop` finds the cycle its plan repeats up to
the cut, and :func:`judge_loop` says whether the goal holds after every
step of the loop's last full pass, that is, wherever the cut had fallen in
the loop. Only then is the plan a success: a goal the plan reaches only at
some points of its loop is reached by where the cut fell, not by the plan
(docs/metrics.md, "Repetition loops").
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from eai.modules.base import Record
from eai.simulation.goals import GoalChecker
from eai.world import Trajectory

MIN_PASSES = 3  # a loop writes its cycle at least three times over
MAX_PERIOD = 64  # steps in one pass of a loop, at most


@dataclass(frozen=True)
class Loop:
    """The repeated tail of a plan: it starts at step ``start`` (0-based) and
    repeats a cycle of ``period`` steps up to the plan's end, ``steps`` steps in all."""

    start: int
    period: int
    steps: int


def tail_loop(items: Sequence[Hashable]) -> Loop | None:
    """The longest tail of ``items`` that repeats one cycle (of at most
    ``MAX_PERIOD`` items) at least ``MIN_PASSES`` times, the shortest cycle
    among equally long tails; None when there is none. Its start does not
    depend on where in the loop the items end."""
    codes: dict[Hashable, int] = {}
    seq = [codes.setdefault(item, len(codes)) for item in items]
    n, best = len(seq), None
    for period in range(1, min(MAX_PERIOD, n // MIN_PASSES) + 1):
        start = n - period
        while start > 0 and seq[start - 1] == seq[start - 1 + period]:
            start -= 1
        if n - start >= MIN_PASSES * period and (best is None or n - start > best.steps):
            best = Loop(start, period, n - start)
            if start == 0:
                break  # the whole plan loops: no tail is longer
    return best


def judge_loop(record: Record, items: Sequence[Hashable], checker: GoalChecker, trajectory: Trajectory | None,
               ends: Sequence[int]) -> None:
    """When the answer of ``record`` was truncated and its plan (``items``,
    as written) ends in a loop, add ``repetition_loop`` to the record: where
    the loop starts, its period, how many passes were written, and
    ``goal_held``: whether the goal holds after every step of the loop's last
    full pass ("always"), after some ("sometimes") or none ("never"); None
    when the plan did not run to its end (``trajectory`` None). ``success``
    then needs "always". ``ends[i]`` is the number of actions of
    ``trajectory`` that step ``i`` ends at."""
    loop = tail_loop(items) if record["truncated_answer"] else None
    if loop is None:
        return
    held = None
    if trajectory is not None:
        last = ends[len(ends) - loop.period:]
        met = [checker.check(Trajectory(trajectory.states[:k + 1], trajectory.actions[:k])).success for k in last]
        held = "always" if all(met) else "sometimes" if any(met) else "never"
    record["repetition_loop"] = {"start": loop.start, "period": loop.period,
                                 "passes": round(loop.steps / loop.period, 2), "goal_held": held}
    record["success"] = record["success"] and held == "always"
