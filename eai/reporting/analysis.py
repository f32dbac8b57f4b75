"""Task success against what makes a task hard (paper appendix E.5): the gold
trajectory's length, the number of goals and the number of task objects."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from eai.reporting.collect import UnitResult
from eai.world import Task

OPEN = 10**6


@dataclass(frozen=True)
class Feature:
    key: str
    title: str
    buckets: tuple[tuple[int, int], ...]

    def labels(self) -> list[str]:
        return [f"{low}+" if high >= OPEN else (f"{low}" if low == high else f"{low}-{high}") for low, high in self.buckets]


FEATURES = (
    Feature("steps", "gold plan length (steps)", ((1, 5), (6, 10), (11, 15), (16, 20), (21, OPEN))),
    Feature("goals", "number of goals", ((0, 2), (3, 4), (5, 8), (9, 16), (17, OPEN))),
    Feature("objects", "number of task objects", ((1, 5), (6, 10), (11, 20), (21, 40), (41, OPEN))),
)

class Share(NamedTuple):
    """A rate in percent (None over no task) and the number of tasks it is over."""

    rate: float | None
    n: int

    def __str__(self) -> str:
        return f"{'-' if self.rate is None else f'{self.rate:.1f}'} ({self.n})"


Features = Mapping[str, Mapping[str, Mapping[str, int]]]  # suite -> task id -> feature -> value


def task_features(task: Task) -> dict[str, int]:
    goal = task.goal
    return {"steps": len(task.gold_plan), "goals": len(goal.state) + len(goal.relation) + len(goal.action),
            "objects": len(task.relevant)}


def success_by(unit: UnitResult, feature: Feature, features: Mapping[str, Mapping[str, int]]) -> list[Share]:
    """Success rate (%) of the unit's scored tasks in each bucket of ``feature``, with their number."""
    scored = [(r["identifier"], r["success"]) for r in unit.each_record() if "success" in r and r["identifier"] in features]
    shares = []
    for low, high in feature.buckets:
        inside = [success for i, success in scored if low <= features[i][feature.key] <= high]
        shares.append(Share(round(100.0 * sum(inside) / len(inside), 2) if inside else None, len(inside)))
    return shares


def feature_table(units: Sequence[UnitResult], feature: Feature, features: Features) -> list[tuple[UnitResult, list[Share]]]:
    """Units that report success, with their rates per bucket of ``feature``."""
    return [(u, success_by(u, feature, features[u.suite])) for u in units
            if u.suite in features and "task_success_rate" in u.summary]


def suite_features(units: Sequence[UnitResult], suites: Any) -> dict[str, dict[str, dict[str, int]]]:
    """What makes each task the units scored hard, by suite (of the registry ``suites``; others have none)."""
    ids: dict[str, set[str]] = {}
    for unit in units:
        ids.setdefault(unit.suite, set()).update(r["identifier"] for r in unit.each_record())
    features = {}
    for suite, wanted in sorted(ids.items()):
        if suite in suites:
            found = suites.get(suite)
            features[suite] = {task.id: task_features(task) for task in found.each([i for i in found.ids() if i in wanted])}
    return features
