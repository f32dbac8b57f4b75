"""The eb-alfred suite: its tasks as stored, their goals read as ALFRED reads them.

Each task's class tests are read as ALFRED finds a target's objects, by
substring (:func:`eai_alfred.goals.alfred_classes`, kept in
:attr:`eai.world.Goal.classes`); the option ``exact_types``
(``--exact-types``) reads them exactly (:func:`eai.simulation.goals.exact_types`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from eai.plugin_api import Archive, DirectorySuite, Task
from eai_alfred.scene import EXTRA


class AlfredSuite(DirectorySuite):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._read: dict[str, Task] = {}  # tasks as ALFRED reads them, by id

    def load(self, ids: list[str] | None = None) -> list[Task]:
        tasks = super().load(ids)
        for task in tasks:
            if task.id not in self._read:
                self._read[task.id] = _as_alfred_reads(task)
        return [self._read[task.id] for task in tasks]

    def import_tasks(self, archives: Mapping[str, Archive], out: Path) -> None:
        super().import_tasks(archives, out)
        self._read.clear()


def _as_alfred_reads(task: Task) -> Task:
    from eai_alfred.goals import alfred_classes  # here: registering the suite stays cheap

    classes = alfred_classes(task.extra[EXTRA]["pddl_params"], task.objects)
    return replace(task, goal=replace(task.goal, classes=classes)) if classes else task
