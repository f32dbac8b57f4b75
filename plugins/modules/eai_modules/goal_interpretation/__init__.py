"""Goal interpretation: natural-language goals to symbolic goals, scored by F1."""

from eai_modules.goal_interpretation.module import GoalInterpretation

__all__ = ["GoalInterpretation"]
