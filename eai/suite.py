"""What a task-suite plugin supplies: a named collection of tasks."""

from __future__ import annotations

from abc import ABC, abstractmethod

from eai.world import Task


class TaskSuite(ABC):
    """Tasks of one benchmark, run on the simulator named ``simulator``."""

    name: str
    simulator: str
    description: str = ""

    @abstractmethod
    def ids(self) -> list[str]:
        """Task ids in the suite's order."""

    @abstractmethod
    def load(self, ids: list[str] | None = None) -> list[Task]:
        """The tasks with these ids (all when None), in the suite's order."""
