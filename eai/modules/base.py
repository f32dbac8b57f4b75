"""What every ability module provides: prompt, parse, evaluate, summarize."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from eai.base.rates import percent as percent  # where modules have always found it
from eai.base.spread import spread
from eai.host.manager import Plugins
from eai.llm.model import Message
from eai.modules.tables import TableSpec
from eai.simulation.environment import EnvironmentProvider
from eai.simulation.simulator import PAPER, Simulator, Vocabulary
from eai.world import Goal, Task

Record = dict[str, Any]


Progress = Callable[[int, int], None]  # (done, total)


@dataclass
class Env:
    """What evaluation may use besides the task: the simulator (None for a
    module that needs none), the plugins (for planners), options such as
    planner budgets, and the live environment plans run in step by step
    (episodes; None: the simulator's world directly)."""

    simulator: Simulator | None
    plugins: Plugins
    options: Mapping[str, Any] = field(default_factory=dict)
    environment: EnvironmentProvider | None = None


class AbilityModule(ABC):
    """An ability module (the paper's four, or a plugin's), with its standard
    input and output, and all eai knows of it: the prompt it asks with, its
    parser, evaluator and summary, its report tables and what the viewer
    shows of an answer."""

    name: str
    description: str = ""
    needs_simulator: bool = True  # False: evaluation uses only the task and its suite's files
    response_schema: Mapping[str, Any] | None = None
    """The JSON schema of its answers (``--response-format json-schema``):
    every shape its prompts ask for, which its parser reads; None: it has none
    (its answers are not JSON), and is asked without one."""
    prompt_name: str = ""  # the simulator's prompt it asks with ("": the module's own name)
    interprets: bool = False  # its answer is a goal: a pipeline's later stages work towards it (interpreted_goal)
    plans: bool = False  # its answer is an action plan run as one, which two agents may share (--agents 2)
    default_planner: str | None = None  # the planner its evaluation searches with unless options name one
    tables: tuple[TableSpec, ...] = ()  # its report tables (the paper's Tables 3-7 are its four's)

    @property
    def asks_with(self) -> str:
        """The name of the simulator prompt this module asks with."""
        return self.prompt_name or self.name

    def applies_to(self, task: Task) -> bool:
        """Whether ``task`` has what this module needs (transition modeling: a
        transition model); runs and scoring leave other tasks out."""
        return True

    def prompt(self, task: Task, simulator: Simulator, style: str = PAPER, shots: int | None = None) -> tuple[Message, ...]:
        """The model input for ``task`` from the simulator's template in prompt
        style ``style`` (``paper``: the paper's, appendix I) with its first ``shots`` examples (None: all)."""
        return (Message("user", simulator.prompt(self.asks_with, task, style, shots)),)

    @abstractmethod
    def parse(self, text: str, cut: bool = False) -> Any:
        """The module output read from model text; never raises. ``cut``: the
        provider reports the text cut by its token limit, so the output is
        truncated and a last item the text ended inside is left out."""

    def in_format(self, parsed: Any, vocabulary: Vocabulary) -> bool:
        """Whether ``parsed`` reads as an answer written for this module: in
        its output format, naming what this module's answers name (actions,
        predicates) as ``vocabulary`` does. An answer that is not, but is in
        another module's, was written for that one (:mod:`eai.modules.written_for`)."""
        return True

    @abstractmethod
    def evaluate(self, parsed: Any, task: Task, env: Env) -> Record:
        """Metrics and error categories of one output, as a JSON-able record."""

    def evaluate_all(self, items: Sequence[tuple[Any, Task]], env: Env, progress: Progress = lambda done, total: None) -> list[Record]:
        """Records of many ``(parsed, task)`` pairs, in order, evaluated over
        ``env.options["workers"]`` forked processes (default: one; one too
        when plans run in a live environment). A module whose evaluation runs
        processes of its own (a planner) overrides it."""
        workers = 1 if env.environment is not None else env.options.get("workers") or 1
        return spread(lambda i: self.evaluate(*items[i], env), len(items), workers, progress)

    @abstractmethod
    def summarize(self, records: Sequence[Record]) -> dict[str, Any]:
        """The summary.json figures over many records."""

    def reward(self, record: Record) -> float:
        """``record``'s verdict as one number in [0, 1], 1.0 for a correct answer (``eai.reward``):
        by default 1.0 when its ``success`` is true, else 0.0 (a record without a verdict too)."""
        return 1.0 if record.get("success") is True else 0.0

    def gold_answer(self, task: Task, env: Env) -> str | None:
        """An answer to ``task`` written as models are asked to write it, from its annotation or a
        planner (``eai export dataset``'s corrected answer, kept only when :meth:`reward` gives it
        1.0); None when the module gives none (the default)."""
        return None

    def interpreted_goal(self, parsed: Any, task: Task, simulator: Simulator) -> Goal:
        """The goal ``parsed`` gives the later stages of a pipeline (a module that ``interprets``)."""
        raise NotImplementedError(f"module {self.name!r} does not interpret goals")

    def report_tables(self, units: Sequence[Any]) -> list[Any]:
        """Tables report.md adds for this module's results besides ``tables``:
        :class:`eai.reporting.unit_table.UnitTable` s over the run's
        :class:`eai.reporting.collect.UnitResult` s (none by default)."""
        return []

    def trace(self, parsed: Any, task: Task, env: Env) -> dict[str, Any]:
        """What the viewer shows of one answer besides its prompt and parse
        (action sequencing: its steps as executed, ``steps``; none by default)."""
        return {}


