"""What every ability module provides: prompt, parse, evaluate, summarize."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from eai.simulation.environment import EnvironmentProvider
from eai.llm.model import Message
from eai.host.manager import Plugins
from eai.simulation.simulator import Simulator, Vocabulary
from eai.base.spread import spread
from eai.world import Task

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
    """One of the paper's four modules, with its standard input and output."""

    name: str
    description: str = ""
    needs_simulator: bool = True  # False: evaluation uses only the task and its suite's files
    response_schema: Mapping[str, Any] | None = None
    """The JSON schema of its answers (``--response-format json-schema``):
    every shape its prompts ask for, which its parser reads; None: it has none
    (its answers are not JSON), and is asked without one."""

    def applies_to(self, task: Task) -> bool:
        """Whether ``task`` has what this module needs (transition modeling: a
        transition model); runs and scoring leave other tasks out."""
        return True

    def prompt(self, task: Task, simulator: Simulator) -> tuple[Message, ...]:
        """The model input for ``task`` (paper appendix I), from the simulator's template."""
        return (Message("user", simulator.prompt(self.name, task)),)

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


def percent(part: float, whole: float) -> float:
    """``100 * part / whole`` rounded to 2 decimals (0 when ``whole`` is 0)."""
    return round(100.0 * part / whole, 2) if whole else 0.0
