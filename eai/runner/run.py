"""Running models on tasks: every (suite, module or pipeline, model) unit of a run.

A run is checked before any model is called, its folder locked, its run.json
written (:mod:`eai.runner.manifest`), then an executor (:mod:`eai.runner.executors`)
runs its units, each with the runner core (:func:`eai.runner.core.run_unit`)
and the driver of its kind of work (:mod:`eai.runner.driver`); run.json then
says when the run finished.
"""

from __future__ import annotations

from pathlib import Path

from eai.compose.pipeline import parse_pipeline
from eai.exceptions import EaiError
from eai.host.manager import Plugins
from eai.llm.cache import ResponseCache
from eai.llm.model import resolve_model
from eai.results.store import locked
from eai.runner import defaults
from eai.runner.config import Progress, RunConfig, Say, Unit
from eai.runner.core import run_unit
from eai.runner.drivers import driver_for
from eai.runner.executors import executor as executor_named
from eai.runner.given_prompts import check_prompts
from eai.runner.manifest import finish_manifest, read_manifest, record_manifest
from eai.runner.observers import Observers
from eai.runner.parallel import run_forked, unit_workers
from eai.runner.selection import check_selection, claims
from eai.runner.setup import live_environment
from eai.runner.transport import transport


def check(config: RunConfig, plugins: Plugins) -> None:
    """Check everything a run needs before any model is called."""
    if config.epochs < 1:
        raise EaiError(f"--epochs must be at least 1, got {config.epochs}")
    for suite in config.suites:
        live_environment(plugins, config.environment, plugins.simulators.get(plugins.suites.get(suite).simulator))
    for module in config.modules:
        pipeline = parse_pipeline(module, plugins)
        driver = driver_for(pipeline, config)
        if config.epochs > 1 and not driver.epochs:
            raise EaiError(f"--epochs asks plan answers again; {module!r} here is played as {driver.name} "
                           "(turn by turn, replanning or a pipeline), which has one epoch only")
        driver.check(pipeline, config)
    for model in config.models:
        resolve_model(plugins, model, config.model_options)
    if config.options.get("human", "scripted") != "scripted":
        resolve_model(plugins, config.options["human"], config.model_options)
    check_selection(plugins, config.suites, config.modules, config.task_ids)
    check_prompts(plugins, config.suites, config.modules, config.options)
    for unit in config.units():
        unit.folder(config.out)


async def run(config: RunConfig, plugins: Plugins, progress: Progress = lambda *args: None,
              say: Say = lambda text: None, executor: str = defaults.EXECUTOR, address: str | None = None) -> list[Path]:
    """Check the run, then let ``executor`` (eai.runner.executors) run its units; returns their
    folders. ``say`` gets a line per finished unit, warnings and hints."""
    chosen = executor_named(plugins, executor, address)
    check(config, plugins)
    if config.resume:
        read_manifest(config.out)  # one line when there is nothing to resume, before touching the folder
    with locked(config.out):
        written = record_manifest(config, plugins, transport(config, executor, address))
        observers = Observers(plugins, say)
        observers.notify("eai_run_started", folder=config.out, run=written)
        folders = await chosen.run(config, plugins, progress, say, address)
        observers.notify("eai_run_finished", folder=config.out, run=finish_manifest(config.out, written), units=folders)
        return folders


def claimed_units(config: RunConfig, plugins: Plugins) -> list[Unit]:
    """The run's units, each suite on the modules its simulator claims."""
    return [unit for unit in config.units() if claims(plugins, unit.suite, unit.module)]


async def run_units(config: RunConfig, plugins: Plugins, progress: Progress, say: Say,
                    workers: int | None = None) -> list[Path]:
    """Run every unit; returns their folders. Units whose work is this machine's CPU run
    over ``workers`` processes (default: :func:`eai.runner.parallel.unit_workers`), others
    in turn in this process."""
    units = claimed_units(config, plugins)
    workers = unit_workers(config, plugins, units) if workers is None else workers
    if workers > 1:
        return await run_forked(units, config, plugins, progress, say, workers)
    cache = ResponseCache(config.cache, say) if config.cache else None
    try:
        return [await run_unit(unit, config, plugins, cache, progress, say) for unit in units]
    finally:
        if cache is not None:
            cache.close()
