"""Executors: where the units of a run, or the scoring of answers, work. The
local one is built in; plugins add others with the ``eai_register_executors``
hook (the Ray one: plugins/executors/ray, docs/scale.md).

An executor runs every unit of a checked run (:func:`eai.runner.run.run`
has written run.json) with :func:`eai.runner.core.run_unit` (in a worker
process of a cluster: :func:`work_unit`), so each unit writes the same files
wherever it works, and returns the units' folders in the run's order. It
scores answers to the same records and summary :func:`eai.results.scoring.score`
gives. ``address`` names a cluster to join; None means a local one (the local
executor takes none).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from eai.exceptions import EaiError, UnknownNameError

if TYPE_CHECKING:
    from eai.host.manager import Plugins
    from eai.results.responses import Response
    from eai.results.scoring import ScoreResult
    from eai.runner.config import Progress, RunConfig, Say, Unit

LOCAL = "local"
ScoreProgress = Callable[[int, int], None]  # tasks scored, tasks to score


class Executor(Protocol):
    name: str
    description: str

    async def run(self, config: RunConfig, plugins: Plugins, progress: Progress, say: Say,
                  address: str | None) -> list[Path]:
        """Run every unit of ``config``; their folders, in the run's order. ``say``
        gets a line per finished unit, warnings and hints."""
        ...

    def score(self, plugins: Plugins, suite: str, module: str, answers: Sequence[Response], options: dict[str, Any],
              strict: bool, progress: ScoreProgress, address: str | None) -> ScoreResult:
        """What :func:`eai.results.scoring.score` returns for these arguments."""
        ...


def executor(plugins: Plugins, name: str, address: str | None) -> Executor:
    """The executor ``name``: the kernel's local one, or one a plugin registered; one clear line
    for an unknown one or an address the local one cannot use."""
    if name != LOCAL:
        if name not in plugins.executors:
            raise UnknownNameError("executor", name, [LOCAL, *plugins.executors.names()])
        return plugins.executors.get(name)
    if address is not None:
        raise EaiError("--address is for executors that join a cluster; the local executor takes none")
    return LocalExecutor()


class LocalExecutor:
    """This machine: units asking a server one after another in this process, calls concurrent
    within a unit; units whose answers are computed here over its cores (:mod:`eai.runner.parallel`)."""

    name = LOCAL
    description = ("this machine: units asking a server one after another, --concurrency calls in flight; "
                   "baselines' units over the cores")

    async def run(self, config: RunConfig, plugins: Plugins, progress: Progress, say: Say,
                  address: str | None) -> list[Path]:
        from eai.runner.run import run_units

        return await run_units(config, plugins, progress, say)

    def score(self, plugins: Plugins, suite: str, module: str, answers: Sequence[Response], options: dict[str, Any],
              strict: bool, progress: ScoreProgress, address: str | None) -> ScoreResult:
        from eai.results.scoring import score

        return score(plugins, suite, module, answers, options, progress, strict=strict)


def work_unit(unit: Unit, config: RunConfig, progress: Progress, say: Say,
              gate: AbstractAsyncContextManager[Any]) -> Path:
    """Run one unit of a checked run in this process (a cluster executor's
    worker), with this process's plugins and its own connection to the
    response cache; every model call passes ``gate``. The unit's folder."""
    import asyncio

    from eai.host.manager import get_plugins
    from eai.llm.cache import ResponseCache
    from eai.runner.core import run_unit

    cache = ResponseCache(config.cache) if config.cache else None
    try:
        return asyncio.run(run_unit(unit, config, get_plugins(), cache, progress, say, gate))
    finally:
        if cache is not None:
            cache.close()


def unit_endpoint(plugins: Plugins, unit: Unit, config: RunConfig) -> str:
    """The endpoint a unit's model calls go to (its provider's name when it has
    none): what a cluster executor limits the calls in flight per."""
    from eai.llm.model import resolve_model

    model = resolve_model(plugins, unit.model, config.model_options)
    return model.endpoint or model.provider
