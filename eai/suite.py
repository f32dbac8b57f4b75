"""What a task-suite plugin supplies: a named collection of tasks."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from pathlib import Path

from eai.exceptions import EaiError
from eai.sources import Archive, Pin
from eai.world import Task


class TaskSuite(ABC):
    """Tasks of one benchmark, run on the simulator named ``simulator``.

    A suite that can be converted from upstream packages lists them in
    ``sources`` (the first is the one ``eai tasks import`` names) and
    implements ``import_tasks``.
    """

    name: str
    simulator: str
    description: str = ""
    sources: tuple[Pin, ...] = ()
    runs_by_default: bool = True  # False: eai run takes it only when named (generated suites)

    @abstractmethod
    def ids(self) -> list[str]:
        """Task ids in the suite's order."""

    @abstractmethod
    def load(self, ids: list[str] | None = None) -> list[Task]:
        """The tasks with these ids (all when None), in the suite's order."""

    def file(self, key: str) -> Path:
        """A suite-level file (``"domain"``: the gold PDDL domain, ``"predicate_categories"``)."""
        raise EaiError(f"suite {self.name!r} has no {key!r} file")

    def import_tasks(self, archives: Mapping[str, Archive], out: Path) -> None:
        """Write the suite in our format to ``out`` from the opened ``sources``."""
        raise EaiError(f"suite {self.name!r} cannot be imported")
