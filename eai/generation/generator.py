"""What a generator plugin supplies: categories of tasks and, per scene, the
candidate tasks of each category that its plausibility rules admit.

The kernel does the rest the same way for every generator
(:mod:`eai.generation.build`): sampling with the seed, instructions from the
category's templates, the optional model filter, a gold plan from a planner
as each task's certificate, and writing the suite.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from eai.simulation.simulator import Simulator
from eai.tasks.suite import TaskSuite
from eai.world import Goal, Task


@dataclass(frozen=True)
class Category:
    """A kind of task: its title (the tasks' name), what a scene needs to have
    one (said when it has none) and its instruction templates, whose
    ``{slots}`` a candidate's ``words`` fill."""

    name: str
    title: str
    needs: str
    templates: tuple[str, ...]


@dataclass(frozen=True)
class Candidate:
    """One task a scene allows, before sampling, filtering and certification.

    ``key`` tells it apart from the other candidates of its category in its
    scene (the object ids it is about; two alike are an error); ``stages`` are the subgoals, as LTL state
    formulas in the scene's object ids, that the planner reaches one after
    the other for its gold plan; ``rule`` is the plausibility rule that
    admitted it; ``evaluation`` its evaluation functions in task-file form
    (docs/collaboration.md), if it has any: the gold plan must then reach
    percent complete 1 as well.
    """

    category: str
    key: tuple[str, ...]
    scene: Task
    goal: Goal
    stages: tuple[str, ...]
    words: Mapping[str, str]
    relevant: tuple[str, ...]
    rule: str
    evaluation: Mapping[str, Any] | None = None


class Generator(ABC):
    """Makes tasks for the simulator named ``simulator`` from the scenes of a
    suite on that simulator; ``method`` says whose method it follows."""

    name: str
    simulator: str
    description: str = ""
    method: str = ""
    categories: tuple[Category, ...] = ()

    def scenes(self, suite: TaskSuite) -> list[Task]:
        """The tasks whose initial states are the scenes, when the user names
        no task (``--scene SUITE``); by default every task of the suite."""
        return suite.load()

    @abstractmethod
    def candidates(self, scene: Task, simulator: Simulator) -> Iterable[Candidate]:
        """Every candidate task of every category in ``scene``."""
