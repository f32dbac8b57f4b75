"""Loading task suites stored in our format (see eai.tasks.taskfile and docs/tasks.md).

Loading is all or nothing: the first bad file raises a
:class:`eai.tasks.reading.TaskFileError` naming the file, the task and the
field, and no task is returned. Files are read by :mod:`eai.tasks.reading`,
tasks built from them by :mod:`eai.tasks.building`.
"""

from __future__ import annotations

import gc
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING
from weakref import WeakValueDictionary

from eai.base import jsonl
from eai.base.finding import Finding
from eai.exceptions import EaiError, UnknownNameError
from eai.tasks.building import BaseScene, Builder, Objects, base_scene
from eai.tasks.importing import PROVENANCE
from eai.tasks.reading import TaskFileError, read_model
from eai.tasks.sources import Archive, Pin
from eai.tasks.suite import TaskSuite
from eai.world import Task

if TYPE_CHECKING:  # the pydantic task-file models are imported when a file is read: registering suites stays cheap
    from eai.tasks.taskfile import SuiteFile, TaskFile


RECENT = 512  # tasks a suite holds once read (a suite of at most that many is read once per process)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """No cyclic garbage collection in the block (loading makes many objects
    and no cycles: each collection would walk them all for nothing)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class DirectorySuite(TaskSuite):
    """A suite stored as a directory in our format; ``directory`` is resolved lazily."""

    def __init__(
        self,
        name: str,
        simulator: str,
        description: str,
        directory: Callable[[], Path],
        sources: tuple[Pin, ...] = (),
        importer: Callable[[Mapping[str, Archive], Path], None] | None = None,
        in_default_run: bool = True,
        letter: str = "",
        column: int = 0,
    ) -> None:
        self.name, self.simulator, self.description = name, simulator, description
        self.sources, self.in_default_run = sources, in_default_run
        self.letter, self.column = letter, column
        self._directory = directory
        self._importer = importer
        self._suite: SuiteFile | None = None
        self._bases: dict[str, BaseScene] = {}
        # the tasks built and still in use somewhere (they are immutable), by id, and the last
        # RECENT read, held: a suite of that size is read once per process, a larger one's tasks
        # are not all held (a 1,100-episode run, issue 33)
        self._tasks: WeakValueDictionary[str, Task] = WeakValueDictionary()
        self._recent: OrderedDict[str, Task] = OrderedDict()
        self._objects: Objects = {}  # their objects, each held once however many tasks restate it

    @property
    def path(self) -> Path:
        return self._directory()

    def info(self) -> SuiteFile:
        if self._suite is None:
            from eai.tasks.taskfile import SuiteFile

            self._suite = read_model(self.path / "suite.json", SuiteFile)
        return self._suite

    def ids(self) -> list[str]:
        return list(self.info().tasks)

    def subsets(self) -> Mapping[str, list[str]]:
        return {name: list(ids) for name, ids in self.info().subsets.items()}

    def load(self, ids: list[str] | None = None) -> list[Task]:
        """The tasks ``ids`` (default: all), in that order. A task loaded before and still
        held (somewhere, or among the suite's last :data:`RECENT`) is returned as it was;
        the others are read."""
        known = self.ids()
        wanted = known if ids is None else list(ids)
        known_set = set(known)
        for task_id in wanted:
            if task_id not in known_set:
                raise UnknownNameError(f"task of suite {self.name!r}", task_id, known)
        folder = self.path / "tasks"  # resolved once, not per task
        have = {task_id: task for task_id in wanted if (task := self._tasks.get(task_id)) is not None}
        files = [(folder / f"{task_id}.json", task_id) for task_id in dict.fromkeys(wanted) if task_id not in have]
        from eai.tasks.taskfile import TaskFile

        with _collector_paused():
            built = [self._built(path, read_model(path, TaskFile, task_id), task_id) for path, task_id in files]
        have.update((task.id, task) for task in built)
        self._tasks.update((task.id, task) for task in built)
        for task_id, task in have.items():
            self._recent[task_id] = task
            self._recent.move_to_end(task_id)
        while len(self._recent) > RECENT:
            self._recent.popitem(last=False)
        return [have[task_id] for task_id in wanted]

    def _built(self, path: Path, tf: TaskFile, task_id: str) -> Task:
        """The task of file ``tf`` read from ``path``, built at once, so the files' models are not all held together."""
        if tf.id != task_id:
            raise TaskFileError(path, task_id, "id", f"file holds task {tf.id!r}")
        return Builder(path, tf, self.name, self.base(tf.initial.base), self._objects).build()

    def base(self, name: str | None) -> BaseScene | None:
        """The base scene file ``name`` of this suite's folder, read once; None when there is none."""
        if name is None:
            return None
        if name not in self._bases:
            path = self.path / name
            if not path.is_file() or path.parent != self.path:
                return None
            self._bases[name] = base_scene(path)
        return self._bases[name]

    def import_tasks(self, archives: Mapping[str, Archive], out: Path) -> None:
        if self._importer is None:
            super().import_tasks(archives, out)
        else:
            self._importer(archives, out)
            self._suite = None
            self._bases.clear()
            self._tasks.clear()
            self._recent.clear()
            self._objects.clear()

    def licences(self) -> list[dict[str, str]]:
        """The sources its folder's provenance.json names, with their licences (none without one)."""
        path = self.path / PROVENANCE
        if not path.is_file():
            return []
        keys = ("name", "described", "licence", "licence_note")
        return [{key: str(source.get(key) or "") for key in keys} for source in jsonl.loads(path.read_text("utf-8"))["sources"]]

    def file(self, key: str) -> Path:
        """A suite-level file named in suite.json ``files`` (e.g. the gold PDDL domain)."""
        name = self.info().files.get(key)
        if name is None:
            raise EaiError(f"suite {self.name!r} has no {key!r} file")
        return self.path / name

    def doctor(self) -> list[Finding]:
        name = f"suite {self.name}"
        try:
            count = len(self.ids())
        except EaiError as exc:
            clones = "".join(f" --source {p.package}=PATH (a clone of github.com/{p.repository})"
                             for p in self.sources if p.repository and not p.optional)
            return [Finding(name, False, str(exc), f"run: eai tasks import {self.name}{clones}")]
        return [Finding(name, True, f"{count} tasks in {self.path}")]
