"""Suite statistics in the shape of the paper's Table 2."""

from __future__ import annotations

from typing import Any

from eai.pddl.formula import atoms
from eai.simulator import Simulator
from eai.suite import TaskSuite


def suite_stats(suite: TaskSuite, simulator: Simulator | None) -> dict[str, Any]:
    """Counts of the paper's Table 2 and the suite's own; operator counts need the suite's simulator."""
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
        **(transition_model_stats(simulator) if simulator else {}),
        **suite.stats(tasks),
    }


def transition_model_stats(simulator: Simulator) -> dict[str, int]:
    """Operators of the gold transition model and their precondition and
    effect atoms (each occurrence, as logic-form matching counts them)."""
    domain = simulator.transition_model()
    return {
        "operators": len(domain.operators),
        "preconditions": sum(len(atoms(op.precondition)) for op in domain.operators),
        "effects": sum(len(atoms(op.effect)) for op in domain.operators),
    }
