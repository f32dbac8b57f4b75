"""What a task-suite plugin supplies: a named collection of tasks."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from pathlib import Path

from eai.exceptions import EaiError
from eai.tasks.sources import Archive, Pin
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
    in_default_run: bool = True  # False: ``eai run`` without --suite leaves it out (a large or generated suite)
    # The report's result tables head this suite's columns with ``letter`` (the
    # paper's V and B) and place them by ``column``, lower first; a suite with
    # no letter is headed by its name, its columns after the lettered ones.
    letter: str = ""
    column: int = 0

    @abstractmethod
    def ids(self) -> list[str]:
        """Task ids in the suite's order."""

    @abstractmethod
    def load(self, ids: list[str] | None = None) -> list[Task]:
        """The tasks with these ids (all when None), in the suite's order."""

    def each(self, ids: list[str], batch: int = 100) -> Iterator[Task]:
        """The tasks ``ids``, in that order, loaded ``batch`` at a time: a caller that
        uses each once does not hold the whole suite (a run of thousands of tasks)."""
        for start in range(0, len(ids), batch):
            yield from self.load(ids[start:start + batch])

    def subsets(self) -> Mapping[str, list[str]]:
        """Named groups of task ids (EB-ALFRED's base, long_horizon...); none by default."""
        return {}

    def select(self, names: list[str]) -> list[str]:
        """The ids, in suite order, that ``names`` give: task ids and subset
        names (a subset stands for its tasks)."""
        subsets = self.subsets()
        wanted = {task for name in names for task in subsets.get(name, [name])}
        return [task for task in self.ids() if task in wanted]

    def licences(self) -> list[dict[str, str]]:
        """The sources its tasks derive from, each ``{"name", "described", "licence", "licence_note"}``
        (``licence``: the licence's text as the source has it); none by default."""
        return []

    def file(self, key: str) -> Path:
        """A suite-level file (``"domain"``: the gold PDDL domain, ``"predicate_categories"``)."""
        raise EaiError(f"suite {self.name!r} has no {key!r} file")

    def import_tasks(self, archives: Mapping[str, Archive], out: Path) -> None:
        """Write the suite in our format to ``out`` from the opened ``sources``."""
        raise EaiError(f"suite {self.name!r} cannot be imported")
