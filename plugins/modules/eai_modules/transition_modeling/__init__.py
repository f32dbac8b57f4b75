"""Transition modeling: PDDL operators from the model, scored by logic form and by planning."""

from eai_modules.transition_modeling.module import TransitionModeling

__all__ = ["TransitionModeling"]
