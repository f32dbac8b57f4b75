"""The error taxonomy of the paper (section 2.5, appendix D.2) and plan execution.

Grammar errors are found before anything runs: ``parsing`` (no plan could be
read), ``hallucination`` (an action or object that does not exist) and
``arity`` (wrong number of arguments). Runtime errors come from executing the
plan step by step with the simulator's checks: ``affordance`` (an object lacks
the property the action needs), ``missing_step`` and ``wrong_order`` (unmet
preconditions), both of which stop execution; an ``additional_step`` (the
action's effect already holds) is counted and execution goes on, the state
unchanged. An additional step is a no-op, not part of the executed
trajectory: it satisfies no action goal (switching off a computer that is
off is not the ``SWITCHOFF`` a task asks for). Not the paper's: a plan read with no step is an
``empty_plan``, its own outcome; nothing runs.

Unmet preconditions are a wrong order when the plan has what it takes in the
wrong place: a missing precondition held in an earlier state of the trajectory
(the step that undid it came too soon), or a later step of the plan makes it
true (it did not hold before that step, it holds after) and names one of its
objects other than the agent (for a precondition about the agent alone, such
as standing or lying, any step making it true does): the step that achieves
it comes too late. A later step that makes it true in passing, acting on other
objects (walking to the cupboard, which stands by the faucet that had to be
reached), is not that step, and neither is a step naming the object once the
precondition already holds (putting the shirt into the washing machine after
finding the shirt by it). Otherwise a step is missing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from eai.pddl.formula import Formula, atoms, to_sexpr
from eai.pddl.ground import holds
from eai.simulation.simulator import World
from eai.world import Action, State, Trajectory

if TYPE_CHECKING:
    from eai.simulation.environment import Environment


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
    feedback: tuple[str, ...] = ()  # what a live environment answered to each action sent

    @property
    def executable(self) -> bool:
        return self.error_type is None


def execute(world: World, plan: Sequence[Action], start: State | None = None,
            fails: Callable[[int, Action], bool] | None = None,
            environment: Environment | None = None) -> Execution:
    """Run ``plan`` from ``start`` (the task's initial state by default).
    The trajectory holds the steps executed; additional steps are left out.

    ``fails(i, action)`` makes an executable step fail at random (paper
    appendix H.4): it has no effect and execution goes on.

    With a live ``environment`` (reset to the world's task; ``start`` is then
    its initial state), every action is sent to it and the state is the one it
    reports; the world's checks, on that state, explain a failure. An action the
    environment refuses although the checks pass failed there as a random
    failure does: no effect, execution goes on.
    """
    if environment is not None:
        state = world.index.state(environment.reset(world.task).atoms)
    else:
        state = world.initial if start is None else start
    states = [state]
    done: list[Action] = []
    additional: list[int] = []
    failed: list[int] = []
    said: list[str] = []

    def send(action: Action) -> bool:
        """Carry ``action`` out in the environment; whether it was."""
        nonlocal state
        result = environment.step(action)  # type: ignore[union-attr]
        said.append(result.feedback)
        state = world.index.state(result.atoms)
        return result.success

    def stop(kind: ErrorType, i: int, detail: str) -> Execution:
        if environment is not None:
            send(plan[i])
        return Execution(Trajectory(tuple(states), tuple(done)), kind, i, tuple(additional), detail, tuple(failed),
                         tuple(said))

    for i, action in enumerate(plan):
        check = world.check(state, action)
        if not check.affordable:
            return stop(ErrorType.AFFORDANCE, i, f"{action}: {check.reason}")
        if check.redundant:
            additional.append(i)
            if environment is not None:
                send(action)
            continue
        if check.missing:
            kind = classify(world, states, plan[i + 1:], check.missing)
            missing = ", ".join(to_sexpr(m) for m in check.missing)
            return stop(kind, i, f"{action}: {check.reason or f'unmet preconditions ({missing})'}")
        if fails is not None and fails(i, action):
            failed.append(i)
        elif environment is None:
            state = world.apply(state, action)
        elif not send(action):
            failed.append(i)
        states.append(state)
        done.append(action)
    return Execution(Trajectory(tuple(states), tuple(done)), additional_steps=tuple(additional),
                     failed_steps=tuple(failed), feedback=tuple(said))


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
    objects = [{arg for atom in atoms(m) for arg in atom.args} - {world.agent} for m in missing]
    state = history[-1]
    for action in later:  # the rest of the plan, skipping what cannot run
        check = world.check(state, action)
        if check.executable and not check.redundant:
            before, state = state, world.apply(state, action)
            if any(not holds(m, before) and holds(m, state) and (not objs or not objs.isdisjoint(action.args))
                   for m, objs in zip(missing, objects)):
                return ErrorType.WRONG_ORDER
    return ErrorType.MISSING_STEP

