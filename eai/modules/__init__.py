"""The paper's ability modules, by name."""

from __future__ import annotations

from eai.exceptions import UnknownNameError
from eai.modules.action_sequencing import ActionSequencing
from eai.modules.base import AbilityModule
from eai.modules.goal_interpretation import GoalInterpretation
from eai.modules.subgoal_decomposition import SubgoalDecomposition
from eai.modules.transition_modeling import TransitionModeling

MODULES: dict[str, AbilityModule] = {
    module.name: module
    for module in (GoalInterpretation(), SubgoalDecomposition(), ActionSequencing(), TransitionModeling())
}


def get_module(name: str) -> AbilityModule:
    try:
        return MODULES[name]
    except KeyError:
        raise UnknownNameError("module", name, MODULES) from None
