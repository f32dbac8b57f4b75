"""Suite statistics in the shape of the paper's Table 2."""

from __future__ import annotations

from typing import Any

from eai.suite import TaskSuite


def suite_stats(suite: TaskSuite) -> dict[str, Any]:
    tasks = suite.load()
    steps = sum(len(t.gold_plan) for t in tasks)
    return {
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
    }
