"""An eai observer plugin: each event of a run (started, task finished, unit
finished, finished) as one line of ``events.jsonl`` in the run's folder, or
of the file ``EAI_EVENTS`` names. A tracker (MLflow, Weights & Biases, a
database) would send the same data where it keeps runs.

Each line is ``{"event": ..., ...the hook's arguments}``, paths as text.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from eai.plugin_api import hookimpl

EVENTS = "events.jsonl"


class JsonlObserver:
    """Appends the events of the run in progress to its file."""

    def __init__(self) -> None:
        self.path: Path | None = None

    def write(self, event: str, **data: Any) -> None:
        if self.path is None:
            return
        line = json.dumps({"event": event, **data}, sort_keys=True, default=str)
        with self.path.open("a", encoding="utf-8") as file:
            file.write(line + "\n")

    @hookimpl
    def eai_run_started(self, folder: Path, run: dict[str, Any]) -> None:
        self.path = Path(os.environ.get("EAI_EVENTS") or folder / EVENTS)
        self.write("run_started", folder=folder, run=run)

    @hookimpl
    def eai_task_finished(self, unit: dict[str, str], item: dict[str, Any]) -> None:
        self.write("task_finished", unit=unit, item=item)

    @hookimpl
    def eai_unit_finished(self, unit: dict[str, str], folder: Path, summary: dict[str, Any]) -> None:
        self.write("unit_finished", unit=unit, folder=folder, summary=summary)

    @hookimpl
    def eai_run_finished(self, folder: Path, run: dict[str, Any], units: list[Path]) -> None:
        self.write("run_finished", folder=folder, run=run, units=units)
        self.path = None


observer = JsonlObserver()  # the plugin: the entry point names this object
