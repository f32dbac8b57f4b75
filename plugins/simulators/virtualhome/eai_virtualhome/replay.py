"""Running a plan in a world the way the kernel does, and reading the goals.

Used to check the gold programs (tests, benchmarks/virtualhome_gold.py); the
kernel's action-sequencing evaluator does the error classification.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from eai.plugin_api import Action, Check, State, Task, World


@dataclass(frozen=True)
class Replay:
    state: State
    executed: tuple[Action, ...]
    redundant: tuple[Action, ...]
    failed: Action | None = None  # the action that stopped execution
    check: Check | None = None  # and why


def replay(world: World, plan: Sequence[Action]) -> Replay:
    """Affordance error or missing precondition: stop. Redundant: skip (state
    unchanged). Else apply."""
    state = world.initial
    executed: list[Action] = []
    redundant: list[Action] = []
    for action in plan:
        check = world.check(state, action)
        if not check.executable:
            return Replay(state, tuple(executed), tuple(redundant), action, check)
        if check.redundant:
            redundant.append(action)
        else:
            state = world.apply(state, action)
            executed.append(action)
    return Replay(state, tuple(executed), tuple(redundant))


def unmet_goals(task: Task, run: Replay) -> list[str]:
    """State and relation goal literals false at the end, and action goals not
    met in order (a step is met by an executed action named as one of its
    alternatives)."""
    unmet = [str(lit) for lit in task.goal.state + task.goal.relation if (lit.atom in run.state) != lit.positive]
    pending = list(task.goal.action)
    for action in run.executed:
        if pending and action.name in pending[0]:
            pending.pop(0)
    return unmet + [" or ".join(step) for step in pending]
