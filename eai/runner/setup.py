"""A unit's set-up: the environment its episodes run in, and its tasks."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, overload

from eai.compose.pipeline import Pipeline
from eai.exceptions import EaiError
from eai.host.manager import Plugins
from eai.runner.config import RunConfig
from eai.simulation.environment import EnvironmentProvider, SymbolicProvider
from eai.simulation.goals import read_types
from eai.simulation.simulator import Simulator
from eai.tasks.suite import TaskSuite
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


class SuiteTasks(Sequence[Task]):
    """A unit's tasks by id, each read from its suite when used and not held after: a unit of
    thousands of episodes holds the ones in play, not all (issue 33). Tasks are read a batch
    at a time, and the batch last read is kept, so playing them in order reads each file once
    (the suite also keeps its tasks still in use, and its last ones read:
    :class:`eai.tasks.store.DirectorySuite`)."""

    def __init__(self, suite: TaskSuite, ids: list[str], options: Mapping[str, Any]) -> None:
        self.suite, self.ids, self.options = suite, ids, options
        self._batch: tuple[int, list[Task]] = (0, [])

    def __len__(self) -> int:
        return len(self.ids)

    @overload
    def __getitem__(self, index: int) -> Task: ...

    @overload
    def __getitem__(self, index: slice) -> SuiteTasks: ...

    def __getitem__(self, index: int | slice) -> Task | SuiteTasks:
        if isinstance(index, slice):
            return SuiteTasks(self.suite, self.ids[index], self.options)
        index = range(len(self.ids))[index]
        start, batch = self._batch
        if not start <= index < start + len(batch):
            start = index - index % BATCH
            self._batch = start, batch = start, self._read(self.ids[start:start + BATCH])
        return batch[index - start]

    def __iter__(self) -> Iterator[Task]:
        for start in range(0, len(self.ids), BATCH):
            yield from self._read(self.ids[start:start + BATCH])

    def _read(self, ids: list[str]) -> list[Task]:
        return read_types(self.suite.load(ids), self.options)

    def keeping(self, keep: Callable[[str], bool]) -> SuiteTasks:
        """The tasks whose id ``keep`` is true of."""
        return SuiteTasks(self.suite, [i for i in self.ids if keep(i)], self.options)


BATCH = 100  # tasks read at once


def select_tasks(plugins: Plugins, config: RunConfig, suite: str, pipeline: Pipeline) -> SuiteTasks:
    """The suite's tasks every stage covers, narrowed to ``task_ids`` (ids or
    subset names), at most ``limit``, and to the run's shard."""
    found = plugins.suites.get(suite)
    ids = found.select(list(config.task_ids)) if config.task_ids else found.ids()
    limit = len(ids) if config.limit is None else config.limit
    chosen: list[str] = []
    start = 0
    while len(chosen) < limit and start < len(ids):  # with a limit, only the task files it needs are read
        batch = ids[start:start + min(BATCH, max(limit - len(chosen), start))]
        start += len(batch)
        chosen += [t.id for t in read_types(found.load(batch), config.options)
                   if all(s.applies_to(t) for s in pipeline.stages)]
    chosen = chosen[:limit]
    return SuiteTasks(found, config.shard.share(chosen) if config.shard else chosen, config.options)
