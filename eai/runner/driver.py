"""What a driver supplies: one kind of work the runner core runs (docs/architecture.md, "The runner").

The core (:mod:`eai.runner.core`) sets a unit up (its tasks, model, world,
the environment its plans run in, the responses already logged), asks the
model for the driver (:meth:`~eai.runner.core.UnitWork.ask`: the response
cache, the server's endpoint and the calls in flight), logs what the driver
hands it (:meth:`~eai.runner.core.UnitWork.record`, one line per task in
responses.jsonl, so a killed run resumes losing nothing), and writes the
unit's records and summary. A driver says:

- :meth:`Driver.chosen`: whether it is the kind of work a unit asks for (the
  first driver of :data:`eai.runner.drivers.DRIVERS` that says so runs it);
  :meth:`Driver.check`: what it cannot run, refused with the run's checks;
- :meth:`Driver.narrow`: which of the selected tasks it can play (a
  :class:`eai.runner.setup.SuiteTasks`: the unit reads each task as it is
  played and holds only those in play);
- :meth:`Driver.play`: how one task is played: the model asked, once or turn
  by turn, and the task's item logged once;
- :meth:`Driver.result` and :meth:`Driver.summary`: the unit's records and
  summary from what was logged, by task id (and, for ``eai merge``, the summary of the
  shards' records put together, nothing scored again).

The built-in drivers: plan answers (:mod:`eai.runner.drivers.answers`),
episodes with replanning or pipelines (:mod:`eai.runner.drivers.episodes`),
two agents turn by turn (:mod:`eai.runner.drivers.turns`), one agent step by step
(:mod:`eai.runner.drivers.agent`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from eai.compose.pipeline import Pipeline
from eai.host.manager import Plugins
from eai.llm import usage
from eai.results.scoring import ScoreResult
from eai.runner.config import RunConfig, Unit
from eai.world import Task

if TYPE_CHECKING:
    from eai.runner.core import UnitWork
    from eai.runner.setup import SuiteTasks

Items = Mapping[str, dict[str, Any]]  # responses.jsonl's last line per task id (read as asked for: LoggedItems)


@dataclass(frozen=True)
class Scope:
    """What a unit's results are computed from: the unit, the run's settings, the plugins and its pipeline."""

    unit: Unit
    config: RunConfig
    plugins: Plugins
    pipeline: Pipeline


def logged_record(identifier: str, item: dict[str, Any], *fields: str) -> dict[str, Any]:
    """The record of a task played turn by turn and logged as ``item`` (its ``record``,
    then each of ``fields`` of the item, [] when missing), with its calls' usage."""
    return {"identifier": identifier, **item["record"], **{f: item.get(f, []) for f in fields},
            "usage": usage.recorded(item.get("calls", []))}


class Streamed(Sequence[dict[str, Any]]):
    """A unit's records made one at a time as they are read (``make(key)`` of each
    key), none held: what :meth:`Driver.result` gives when records.jsonl is
    written from the log line by line, so a unit of thousands of episodes
    takes no more memory than one of ten."""

    def __init__(self, keys: list[str], make: Callable[[str], dict[str, Any]]) -> None:
        self._keys, self._make = keys, make

    def __len__(self) -> int:
        return len(self._keys)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self._make(key) for key in self._keys[index]]
        return self._make(self._keys[index])


class Driver(ABC):
    """One kind of work; see the module's docstring for what the core does around it."""

    name: str
    epochs = False  # whether it plays a task more than once (--epochs): its result() then scores each epoch

    @abstractmethod
    def chosen(self, pipeline: Pipeline, config: RunConfig) -> bool:
        """Whether units of ``pipeline`` in a run of ``config`` are this kind of work."""

    def check(self, pipeline: Pipeline, config: RunConfig) -> None:
        """One line (an EaiError) for units of ``pipeline`` this driver cannot run, before any model call."""

    def narrow(self, tasks: SuiteTasks, scope: Scope) -> SuiteTasks:
        """The selected tasks this kind of work plays (all, by default); EaiError when none can be."""
        return tasks

    @abstractmethod
    async def play(self, task: Task, work: UnitWork) -> None:
        """Play ``task``, asking the model through ``work.ask``, and log its item once with ``work.record``."""

    @abstractmethod
    def result(self, items: Items, ids: Sequence[str], scope: Scope) -> ScoreResult:
        """The unit's records, in the order of its task ``ids``, and its summary, from the logged ``items``."""

    @abstractmethod
    def summary(self, records: list[dict[str, Any]], ids: Sequence[str], scope: Scope) -> dict[str, Any]:
        """The summary of ``records`` out of the tasks ``ids``, as :meth:`result` gives it."""
