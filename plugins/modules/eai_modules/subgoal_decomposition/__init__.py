"""Subgoal decomposition: parse LTL subgoal lines, refine them by search, check the goals."""

from eai_modules.subgoal_decomposition.gold import goal_subgoal_plan
from eai_modules.subgoal_decomposition.module import SubgoalDecomposition

__all__ = ["SubgoalDecomposition", "goal_subgoal_plan"]
