"""The paper's ability modules, by name."""

from __future__ import annotations

from collections.abc import Iterator, MutableMapping
from importlib import import_module
from typing import TYPE_CHECKING

from eai.exceptions import UnknownNameError

if TYPE_CHECKING:
    from eai.modules.base import AbilityModule

# name -> (package, class), in the paper's order. A module is imported when
# first used: importing all four costs ~0.1 s that `eai --help` need not pay.
_CLASSES = {
    "goal_interpretation": ("eai.modules.goal_interpretation", "GoalInterpretation"),
    "subgoal_decomposition": ("eai.modules.subgoal_decomposition", "SubgoalDecomposition"),
    "action_sequencing": ("eai.modules.action_sequencing", "ActionSequencing"),
    "transition_modeling": ("eai.modules.transition_modeling", "TransitionModeling"),
}


class _Modules(MutableMapping[str, "AbilityModule"]):
    """The module instances by name, each made on first use (tests may replace one)."""

    def __init__(self) -> None:
        self._made: dict[str, AbilityModule] = {}

    def __getitem__(self, name: str) -> AbilityModule:
        if name not in self._made:
            package, cls = _CLASSES[name]
            self._made[name] = getattr(import_module(package), cls)()
        return self._made[name]

    def __setitem__(self, name: str, module: AbilityModule) -> None:
        self._made[name] = module

    def __delitem__(self, name: str) -> None:
        del self._made[name]

    def __iter__(self) -> Iterator[str]:
        return iter(dict.fromkeys([*_CLASSES, *self._made]))

    def __len__(self) -> int:
        return len(dict.fromkeys([*_CLASSES, *self._made]))


MODULES: MutableMapping[str, AbilityModule] = _Modules()


def get_module(name: str) -> AbilityModule:
    try:
        return MODULES[name]
    except KeyError:
        raise UnknownNameError("module", name, MODULES) from None
