"""What the modules that produce a trajectory report (action sequencing,
subgoal decomposition): the record fields for one task and their summary
(with that of what a benchmark adds, :mod:`eai.modules.benchmark`); and a
plan's execution, as scoring and the viewer run it (:func:`run_plan`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from eai.modules.base import Env, Record, percent
from eai.simulation.goals import GoalReport
from eai.simulation.simulator import World
from eai.simulation.taxonomy import ErrorType, Execution, execute, random_failures
from eai.world import Action, Task

ERRORS = ("parsing", "hallucination", "arity", "affordance", "missing_step", "additional_step", "wrong_order")
EMPTY_PLAN = ErrorType.EMPTY_PLAN.value
GOAL_KINDS = ("state", "relation", "action", "total")


def failures(task: Task, env: Env) -> Callable[[int, Action], bool] | None:
    """Random action failures (``--action-failure-p``), seeded per task and attempt."""
    seed = f"{env.options.get('seed', 0)}:{task.id}:{env.options.get('attempt', 0)}"
    return random_failures(float(env.options.get("action_failure_p") or 0), seed)


def run_plan(world: World, plan: list[Action], task: Task, env: Env) -> Execution:
    """The plan executed in the world, or step by step in ``env``'s live environment."""
    if env.environment is None:
        return execute(world, plan, fails=failures(task, env))
    with env.environment.open() as live:
        return execute(world, plan, fails=failures(task, env), environment=live)


def trajectory_record(
    executable: bool,
    goals: GoalReport,
    error: tuple[str | None, int | None, str],
    additional_steps: int,
    plan_length: int,
    truncated: bool,
) -> Record:
    """The shared fields: ``error`` is (type, step, detail), type None when
    there is none; ``truncated``: the answer was cut short or capped."""
    kind, step, detail = error
    return {
        "executable": executable,
        "success": executable and goals.success,
        "error_type": kind,
        "error_step": step,
        "error_detail": detail,
        "additional_steps": additional_steps,
        "plan_length": plan_length,
        "goals": goals.to_dict(),
        "unmet_goals": list(goals.unmet),
        "truncated_answer": truncated,
    }


def empty_plan_detail(truncated: bool, unit: str) -> str:
    """Why an answer read with no ``unit`` (step, subgoal) is an empty plan."""
    return f"the answer has no {unit}" + (" (it was cut short)" if truncated else "")


def trajectory_summary(records: Sequence[Record]) -> dict[str, Any]:
    """Rates in percent over the records not excluded: task success,
    executability, goals met by kind, error types, empty plans, and the mean
    task progress when the benchmark defines it; ``excluded`` counts the others."""
    counted = [r for r in records if not r.get("excluded")]
    n = len(counted)
    errors = {name: percent(sum(r["error_type"] == name for r in counted), n) for name in ERRORS}
    errors["additional_step"] = percent(sum(r["additional_steps"] > 0 for r in counted), n)
    goal_success = {kind: _rate(counted, kind) for kind in GOAL_KINDS}
    summary = {
        "n": n,
        "task_success_rate": percent(sum(r["success"] for r in counted), n),
        "execution_success_rate": percent(sum(r["executable"] for r in counted), n),
        "goal_success": goal_success,
        "errors": errors,
        "empty_plan_rate": percent(sum(r["error_type"] == EMPTY_PLAN for r in counted), n),
    }
    progress = [r["task_progress"] for r in counted if "task_progress" in r]
    if progress:
        summary["task_progress"] = percent(sum(progress), len(progress))
    complete = [r["percent_complete"] for r in counted if "percent_complete" in r]
    if complete:
        summary["percent_complete"] = percent(sum(complete), len(complete))
        summary["evaluation_success_rate"] = percent(sum(r["evaluation_success"] for r in counted
                                                         if "percent_complete" in r), len(complete))
    episodes = [r["collaboration"] for r in counted if r.get("collaboration")]
    if episodes:
        summary["collaboration"] = collaboration_summary(episodes)
    if len(counted) < len(records):
        summary["excluded"] = len(records) - len(counted)
    return summary


def collaboration_summary(episodes: Sequence[Record]) -> dict[str, Any]:
    """Two-agent episodes (docs/collaboration.md): mean turns, per agent mean
    actions, failed and extraneous actions (and, for an agent a model plays,
    unreadable answers and failed calls), and mean offloading over the
    episodes that completed something (None when none did)."""
    n = len(episodes)
    names = list(episodes[0]["agents"])
    offloads = [e["offloading"] for e in episodes if e["offloading"] is not None]
    return {
        "episodes": n,
        "turns": round(sum(e["turns"] for e in episodes) / n, 2),
        "agents": {name: {key: round(sum(e["agents"][name][key] for e in episodes) / n, 2)
                          for key in ("actions", "failed", "extraneous", "unreadable", "model_errors")
                          if key in episodes[0]["agents"][name]} for name in names},
        "offloading": round(sum(offloads) / len(offloads), 4) if offloads else None,
    }


def _rate(records: Sequence[Record], kind: str) -> float | None:
    """Goals of ``kind`` met, in percent of all of them; None when there are none."""
    total = sum(r["goals"][kind][1] for r in records)
    return percent(sum(r["goals"][kind][0] for r in records), total) if total else None
