"""The hooks a plugin may implement: register hooks, each receiving a ``register``
callback, and observer hooks, told what a run does.

A plugin is a module (or object) registered under the entry-point group
``eai``; it implements any of these hooks with ``@eai.hookimpl``. Every hook is
documented in docs/plugins.md (a test checks it). The register hooks are called
once, when the plugins load; the observer hooks (``eai_run_started`` ...) as a
run goes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:  # the host (layer 2) names the kinds of the layers above only for type checkers
    import typer

    from eai.compose.stages import Stage
    from eai.generation.generator import Generator
    from eai.llm.model import ModelProvider
    from eai.modules.base import AbilityModule
    from eai.modules.deferred import DeferredModule
    from eai.runner.executors import Executor
    from eai.simulation.environment import EnvironmentProvider
    from eai.simulation.planner import Planner
    from eai.simulation.simulator import Simulator
    from eai.tasks.episode_import import EpisodeImporter
    from eai.tasks.suite import TaskSuite

hookspec = pluggy.HookspecMarker("eai")
hookimpl = pluggy.HookimplMarker("eai")


@hookspec
def eai_register_simulators(register: Callable[[Simulator], None]) -> None:
    """Register simulators: ``register(simulator)``, an :class:`eai.simulation.simulator.Simulator`."""


@hookspec
def eai_register_modules(register: Callable[[AbilityModule | DeferredModule], None]) -> None:
    """Register ability modules: ``register(module)``, an
    :class:`eai.modules.base.AbilityModule`, or a
    :class:`eai.modules.deferred.DeferredModule` naming where one lives
    (imported when first used; docs/plugins.md, Writing a module)."""


@hookspec
def eai_register_planners(register: Callable[[Planner], None]) -> None:
    """Register planners: ``register(planner)``, an :class:`eai.simulation.planner.Planner`."""


@hookspec
def eai_register_models(register: Callable[[ModelProvider], None]) -> None:
    """Register model providers: ``register(provider)``, an :class:`eai.llm.model.ModelProvider`
    that resolves ``provider:name`` strings with its ``prefix``."""


@hookspec
def eai_register_suites(register: Callable[[TaskSuite], None]) -> None:
    """Register task suites: ``register(suite)``, an :class:`eai.tasks.suite.TaskSuite`."""


@hookspec
def eai_register_environments(register: Callable[[EnvironmentProvider], None]) -> None:
    """Register live environments: ``register(provider)``, an
    :class:`eai.simulation.environment.EnvironmentProvider` that runs the tasks of a
    symbolic simulator step by step (a real simulator; docs/environments.md)."""


@hookspec
def eai_register_generators(register: Callable[[Generator], None]) -> None:
    """Register task generators: ``register(generator)``, an
    :class:`eai.generation.generator.Generator` that makes tasks from a
    simulator's scenes for ``eai tasks generate`` (docs/generation.md)."""


@hookspec
def eai_register_importers(register: Callable[[EpisodeImporter], None]) -> None:
    """Register episode importers: ``register(importer)``, an
    :class:`eai.tasks.episode_import.EpisodeImporter` that converts a user's copy of
    a benchmark's episode file into a suite folder (``eai tasks import NAME --source FILE``)."""


@hookspec
def eai_register_commands(cli: typer.Typer) -> None:
    """Add sub-commands to the ``eai`` command line; ``cli`` is the typer app."""


@hookspec
def eai_register_stages(register: Callable[[Stage], None]) -> None:
    """Register pipeline stages for ``eai compose``: ``register(stage)``, an
    :class:`eai.compose.stages.Stage` (docs/compose.md)."""


@hookspec
def eai_register_executors(register: Callable[[Executor], None]) -> None:
    """Register executors, where a run's units work: ``register(executor)``, an
    :class:`eai.runner.executors.Executor` chosen with ``eai run --executor NAME``
    (docs/scale.md). The local one is built in."""


# Observers: told what a run does, to send it elsewhere (a tracker, a log) without patching eai.
# The runner calls them (eai/runner/observers.py) in a deterministic order, with plain JSON data;
# an observer that raises is one warning line and the run goes on. They return nothing.


@hookspec
def eai_run_started(folder: Path, run: dict[str, Any]) -> None:
    """A run (``eai run``, ``eai compose``) starts in ``folder``; ``run``: its run.json as written
    (options, transport, provenance; docs/metrics.md, schema ``run``)."""


@hookspec
def eai_task_finished(unit: dict[str, str], item: dict[str, Any]) -> None:
    """A task of ``unit`` (``{"suite", "module", "model"}``) was played: ``item`` is its line of
    responses.jsonl (schema ``response``) without its calls' timings. Called in the unit's task
    order (each task's epochs in turn), each once the ones before it have finished; not for tasks
    a resume finds done."""


@hookspec
def eai_unit_finished(unit: dict[str, str], folder: Path, summary: dict[str, Any]) -> None:
    """A unit's folder is written: ``summary`` is its summary.json (schema ``summary``)."""


@hookspec
def eai_run_finished(folder: Path, run: dict[str, Any], units: list[Path]) -> None:
    """A run finished: ``run`` is its run.json with the time it finished, ``units`` its units' folders."""
