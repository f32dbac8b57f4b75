"""The error taxonomy of the paper (section 2.5, appendix D.2) and plan execution.

Grammar errors are found before anything runs: ``parsing`` (no plan could be
read), ``hallucination`` (an action or object that does not exist) and
``arity`` (wrong number of arguments). Runtime errors come from executing the
plan step by step with the simulator's checks: ``affordance`` (an object lacks
the property the action needs), ``missing_step`` and ``wrong_order`` (unmet
preconditions), both of which stop execution; an ``additional_step`` (the
action's effect already holds) is counted and execution goes on, the state
unchanged. Not the paper's: a plan read with no step is an ``empty_plan``,
its own outcome; nothing runs.

Unmet preconditions are a wrong order when the plan has what it takes in the
wrong place: a missing precondition held in an earlier state of the trajectory
(the step that undid it came too soon), or the plan's later steps make it true
(the step that achieves it comes too late). Otherwise a step is missing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from eai.pddl.formula import Formula, to_sexpr
from eai.pddl.ground import holds
from eai.simulator import World
from eai.world import Action, State, Trajectory


class ErrorType(str, Enum):
    PARSING = "parsing"
    HALLUCINATION = "hallucination"
    ARITY = "arity"
    AFFORDANCE = "affordance"
    MISSING_STEP = "missing_step"
    WRONG_ORDER = "wrong_order"
    EMPTY_PLAN = "empty_plan"  # not the paper's: an answer read with no step is its own outcome


GRAMMAR_ERRORS = (ErrorType.PARSING, ErrorType.HALLUCINATION, ErrorType.ARITY)
RUNTIME_ERRORS = (ErrorType.AFFORDANCE, ErrorType.MISSING_STEP, ErrorType.WRONG_ORDER)


@dataclass(frozen=True)
class Execution:
    """What happened when a plan ran: the trajectory up to the first failure."""

    trajectory: Trajectory
    error_type: ErrorType | None = None
    error_step: int | None = None
    additional_steps: tuple[int, ...] = ()
    detail: str = ""
    failed_steps: tuple[int, ...] = ()  # stochastic failures: the action had no effect

    @property
    def executable(self) -> bool:
        return self.error_type is None


def execute(world: World, plan: Sequence[Action], start: State | None = None,
            fails: Callable[[int, Action], bool] | None = None) -> Execution:
    """Run ``plan`` from ``start`` (the task's initial state by default).

    ``fails(i, action)`` makes an executable step fail at random (paper
    appendix H.4): it has no effect and execution goes on.
    """
    state = world.initial if start is None else start
    states, done, additional, failed = [state], [], [], []

    def stop(kind: ErrorType, i: int, detail: str) -> Execution:
        return Execution(Trajectory(tuple(states), tuple(done)), kind, i, tuple(additional), detail, tuple(failed))

    for i, action in enumerate(plan):
        check = world.check(state, action)
        if not check.affordable:
            return stop(ErrorType.AFFORDANCE, i, f"{action}: {check.reason}")
        if check.redundant:
            additional.append(i)
        elif check.missing:
            kind = classify(world, states, plan[i + 1:], check.missing)
            missing = ", ".join(to_sexpr(m) for m in check.missing)
            return stop(kind, i, f"{action}: {check.reason or f'unmet preconditions ({missing})'}")
        elif fails is not None and fails(i, action):
            failed.append(i)
        else:
            state = world.apply(state, action)
        states.append(state)
        done.append(action)
    return Execution(Trajectory(tuple(states), tuple(done)), additional_steps=tuple(additional),
                     failed_steps=tuple(failed))


def random_failures(p: float, seed: str) -> Callable[[int, Action], bool] | None:
    """Failures with probability ``p``, the same for the same ``seed`` and step
    on every machine (hashlib, not Python's salted ``hash``); None when p is 0."""
    if p <= 0:
        return None

    def fails(i: int, action: Action) -> bool:
        digest = hashlib.sha256(f"{seed}:{i}:{action}".encode()).digest()
        return int.from_bytes(digest[:8], "big") / 2**64 < p

    return fails


def classify(world: World, history: Sequence[State], later: Sequence[Action], missing: Sequence[Formula]) -> ErrorType:
    """``wrong_order`` or ``missing_step`` for unmet preconditions ``missing``."""
    if any(holds(m, s) for s in history for m in missing):
        return ErrorType.WRONG_ORDER
    state = history[-1]
    for action in later:  # the rest of the plan, skipping what cannot run
        check = world.check(state, action)
        if check.executable and not check.redundant:
            state = world.apply(state, action)
            if any(holds(m, state) for m in missing):
                return ErrorType.WRONG_ORDER
    return ErrorType.MISSING_STEP

