"""Suite statistics in the shape of the paper's Table 2, and per category for a generated suite."""

from __future__ import annotations

from collections import Counter
from typing import Any

from eai.pddl.formula import atoms
from eai.simulation.simulator import Simulator
from eai.tasks.suite import TaskSuite
from eai.world import Task


def suite_stats(suite: TaskSuite, simulator: Simulator | None) -> dict[str, Any]:
    """Counts of the paper's Table 2; operator counts and the benchmark's own
    figures need the suite's simulator. A suite with subsets also gets, per
    subset, its tasks, task names and gold plan lengths."""
    tasks = suite.load()
    steps = sum(len(t.gold_plan) for t in tasks)
    stats = {
        "suite": suite.name,
        "task_names": len({t.name for t in tasks}),
        "tasks": len(tasks),
        "goals": {
            "state": sum(len(t.goal.state) for t in tasks),
            "relation": sum(len(t.goal.relation) for t in tasks),
            "action": sum(len(t.goal.action) for t in tasks),
        },
        "steps": steps,
        "avg_steps": round(steps / len(tasks), 2) if tasks else 0.0,
        **(transition_model_stats(simulator) if simulator else {}),
        **({"by_category": category_stats(tasks)} if any(t.category for t in tasks) else {}),
    }
    subsets = suite.subsets()
    if subsets:
        by_id = {t.id: t for t in tasks}
        members = {name: [by_id[i] for i in ids] for name, ids in subsets.items()}
        stats["subsets"] = {name: len(group) for name, group in members.items()}
        stats["task_names_by_subset"] = {name: dict(sorted(Counter(t.name for t in group).items()))
                                         for name, group in members.items()}
        stats["steps_by_subset"] = {name: spread([len(t.gold_plan) for t in group]) for name, group in members.items()}
    return {**stats, **(simulator.stats(tasks) if simulator else {})}


def spread(values: list[int]) -> dict[str, float]:
    """Least, most and mean of ``values`` (zeros when there are none)."""
    if not values:
        return {"min": 0, "max": 0, "avg": 0.0}
    return {"min": min(values), "max": max(values), "avg": round(sum(values) / len(values), 2)}


def category_stats(tasks: list[Task]) -> dict[str, dict[str, Any]]:
    """Per category of a generated suite: its tasks, their goals and gold plan steps."""
    found: dict[str, dict[str, Any]] = {}
    for name in sorted({t.category for t in tasks}):
        group = [t for t in tasks if t.category == name]
        steps = sum(len(t.gold_plan) for t in group)
        found[name] = {"tasks": len(group), "relation_goals": sum(len(t.goal.relation) for t in group),
                       "state_goals": sum(len(t.goal.state) for t in group), "steps": steps,
                       "avg_steps": round(steps / len(group), 2)}
    return found


def transition_model_stats(simulator: Simulator) -> dict[str, int]:
    """Operators of the gold transition model and their precondition and
    effect atoms (each occurrence, as logic-form matching counts them)."""
    domain = simulator.transition_model()
    return {
        "operators": len(domain.operators),
        "preconditions": sum(len(atoms(op.precondition)) for op in domain.operators),
        "effects": sum(len(atoms(op.effect)) for op in domain.operators),
    }
