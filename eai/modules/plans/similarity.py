"""How close an executed plan comes to the gold plan: ET-Plan-Bench's sequence
metrics (longest common subsequence and plan length), for any suite.

Steps are compared as ``(action, class of each object)``: ``GRAB(cup.1000)``
and ``GRAB(cup.1001)`` are the same step, as in ET-Plan-Bench, which compares
action and object names. ``lcs`` is the length of the longest common
subsequence of the executed steps and the gold steps; ``lcs_ratio`` is
``lcs / len(gold)``, None for a task without a gold plan (upstream set it to
1.0 whenever the gold plan was longer than the model's; not here, see
docs/metrics.md). ``length`` is the number of executed steps of a successful
plan, at most the task's cap, and the cap for a failed one: ``LENGTH_CAP``
(ET-Plan-Bench's step limit) or twice the gold plan's length if that is more.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eai.base.rates import mean
from eai.modules.base import Record, percent
from eai.world import Action, Task

LENGTH_CAP = 40


def class_steps(actions: Sequence[Action], task: Task) -> list[tuple[str, ...]]:
    """Each action as ``(name, class of each object)``."""
    objects = task.object_by_id
    return [(a.name, *(objects[arg].class_name if arg in objects else arg for arg in a.args)) for a in actions]


def lcs_length(a: Sequence[Any], b: Sequence[Any]) -> int:
    """Length of a longest common subsequence of ``a`` and ``b``."""
    previous = [0] * (len(b) + 1)
    for x in a:
        row = [0]
        for j, y in enumerate(b):
            row.append(previous[j] + 1 if x == y else max(previous[j + 1], row[j]))
        previous = row
    return previous[-1]


def length_cap(task: Task) -> int:
    return max(LENGTH_CAP, 2 * len(task.gold_plan))


def similarity(executed: Sequence[Action], task: Task, success: bool) -> Record:
    """The record fields ``lcs``, ``lcs_ratio`` and ``length`` of one executed plan."""
    gold = class_steps(task.gold_plan, task)
    common = lcs_length(class_steps(executed, task), gold)
    cap = length_cap(task)
    return {"lcs": common, "lcs_ratio": round(common / len(gold), 4) if gold else None,
            "length": min(len(executed), cap) if success else cap}


def similarity_summary(records: Sequence[Record]) -> dict[str, Any]:
    """Means over ``records``: ``lcs``, ``lcs_ratio`` in percent (over the
    tasks with a gold plan; None if none has one) and ``length``; with task
    categories, the same and the success rate per category (``by_category``)."""
    summary = _means(records)
    categories = sorted({r["category"] for r in records if r.get("category")})
    if categories:
        summary["by_category"] = {
            name: {"n": len(group), "task_success_rate": percent(sum(r["success"] for r in group), len(group)),
                   **_means(group)}
            for name in categories for group in [[r for r in records if r.get("category") == name]]}
    return summary


def _means(records: Sequence[Record]) -> dict[str, Any]:
    ratios = [r["lcs_ratio"] for r in records if r["lcs_ratio"] is not None]
    return {"lcs": mean(r["lcs"] for r in records),
            "lcs_ratio": percent(sum(ratios), len(ratios)) if ratios else None,
            "length": mean(r["length"] for r in records)}
