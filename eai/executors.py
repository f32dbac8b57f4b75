"""Executors: where the units of a run work. The local one is built in;
plugins add others with the ``eai_register_executors`` hook (the Ray one:
plugins/executors/ray, docs/scale.md).

An executor runs every unit of a checked run (:func:`eai.runner.run.prepare`
has written run.json) with :func:`eai.runner.run.run_unit`, so each unit
writes the same files wherever it works, and returns the units' folders in
the run's order. ``address`` names a cluster to join; None means a local one
(the local executor takes none).
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from eai.plugins import Plugins
from eai.runner.run import Progress, RunConfig, run_units

LOCAL = "local"


class Executor(Protocol):
    name: str
    description: str

    async def run(self, config: RunConfig, plugins: Plugins, progress: Progress, address: str | None) -> list[Path]:
        """Run every unit of ``config``; their folders, in the run's order."""
        ...


class LocalExecutor:
    """Every unit in this process, one after another, calls concurrent within a unit."""

    name = LOCAL
    description = "this process: units one after another, --concurrency calls in flight"

    async def run(self, config: RunConfig, plugins: Plugins, progress: Progress, address: str | None) -> list[Path]:
        return await run_units(config, plugins, progress)
