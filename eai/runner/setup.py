"""A unit's set-up: the environment its episodes run in, and its tasks."""

from __future__ import annotations

from eai.compose.pipeline import Pipeline
from eai.exceptions import EaiError
from eai.host.manager import Plugins
from eai.runner.config import RunConfig
from eai.simulation.environment import EnvironmentProvider, SymbolicProvider
from eai.simulation.goals import read_types
from eai.simulation.simulator import Simulator
from eai.world import Task


def live_environment(plugins: Plugins, name: str | None, simulator: Simulator) -> EnvironmentProvider:
    """The environment episodes run in: the registered one named ``name``, or the simulator's symbolic world."""
    if name is None:
        return SymbolicProvider(simulator)
    provider = plugins.environments.get(name)
    if provider.simulator != simulator.name:
        raise EaiError(f"environment {name!r} runs {provider.simulator} tasks, not {simulator.name} tasks")
    lacking = provider.missing()
    if lacking:
        raise EaiError(f"environment {name!r} cannot run here: {lacking}")
    return provider


def select_tasks(plugins: Plugins, config: RunConfig, suite: str, pipeline: Pipeline) -> list[Task]:
    """The suite's tasks every stage covers, narrowed to ``task_ids`` (ids or
    subset names), at most ``limit``, and to the run's shard."""
    found = plugins.suites.get(suite)
    ids = found.select(list(config.task_ids)) if config.task_ids else found.ids()
    limit = len(ids) if config.limit is None else config.limit
    chosen: list[Task] = []
    start = 0
    while len(chosen) < limit and start < len(ids):  # with a limit, only the task files it needs are read
        batch = ids[start:start + max(limit - len(chosen), start)]
        start += len(batch)
        chosen += [t for t in read_types(found.load(batch), config.options)
                   if all(s.applies_to(t) for s in pipeline.stages)]
    chosen = chosen[:limit]
    return config.shard.share(chosen) if config.shard else chosen
