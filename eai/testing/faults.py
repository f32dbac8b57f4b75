"""Single faults in real plans: the helpers every simulator's tests use.

A single-fault test takes a task's gold plan, breaks it in one way (a step
left out, a step moved, a foreign step put in) and checks the error category
the kernel gives. These helpers build the broken plans and walk a world
through steps that must all run::

    from eai.testing.faults import act, run, without

    state = run(world, [act("FIND", "Fridge"), act("OPEN", "Fridge")])
    result = execute(world, without(task.gold_plan, 0))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from eai.simulation.simulator import World
from eai.world import Action, State


def act(name: str, *args: str) -> Action:
    """``act("GRAB", "cup.1000")`` is ``Action("GRAB", ("cup.1000",))``."""
    return Action(name, args)


def run(world: World, actions: Iterable[Action], state: State | None = None) -> State:
    """The state after ``actions`` from ``state`` (the initial one by default);
    each must be executable and not redundant (an AssertionError names the
    first that is not)."""
    state = world.initial if state is None else state
    for action in actions:
        check = world.check(state, action)
        assert check.executable and not check.redundant, (action, check)
        state = world.apply(state, action)
    return state


def without(plan: Sequence[Action], index: int) -> tuple[Action, ...]:
    """``plan`` with step ``index`` left out."""
    return tuple(plan[:index]) + tuple(plan[index + 1:])


def moved(plan: Sequence[Action], index: int, to: int) -> tuple[Action, ...]:
    """``plan`` with step ``index`` moved to position ``to`` (counted after its removal)."""
    rest = list(without(plan, index))
    rest.insert(to, plan[index])
    return tuple(rest)


def inserted(plan: Sequence[Action], index: int, *steps: Action) -> tuple[Action, ...]:
    """``plan`` with ``steps`` put in before step ``index``."""
    return tuple(plan[:index]) + steps + tuple(plan[index:])
