"""Ground actions and the state-action trajectories they produce."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from eai.world.state import State


class Action(NamedTuple):
    """A ground action: a name and object ids, e.g. ``GRAB(cup.1000)``."""

    name: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.name}({', '.join(self.args)})"


@dataclass(frozen=True)
class Trajectory:
    """States ``s0 .. sn`` and the actions ``a1 .. an`` between them.

    ``actions[i]`` leads from ``states[i]`` to ``states[i + 1]``.
    """

    states: tuple[State, ...]
    actions: tuple[Action, ...] = ()

    def __post_init__(self) -> None:
        if len(self.states) != len(self.actions) + 1:
            raise ValueError(
                f"a trajectory needs one more state than actions, got "
                f"{len(self.states)} states and {len(self.actions)} actions"
            )

    @property
    def final(self) -> State:
        return self.states[-1]

    def extend(self, action: Action, state: State) -> Trajectory:
        return Trajectory(self.states + (state,), self.actions + (action,))
