"""Reading a BEHAVIOR goal with the kernel's goal checker, as scoring does."""

from eai.simulation.goals import GoalChecker
from eai.world import Trajectory
from eai_behavior.vocabulary import VOCABULARY


def reached(task, trajectory: Trajectory) -> bool:
    """Does the trajectory end in a state where some goal option holds?"""
    return GoalChecker(task, VOCABULARY).check(trajectory).success


def unmet(task, trajectory: Trajectory) -> list[str]:
    """The goals of the best-matching option that the final state misses."""
    state, relation = GoalChecker(task, VOCABULARY).literals(trajectory.final)
    return [str(lit) for lit in state + relation if (lit.atom in trajectory.final) != lit.positive]
