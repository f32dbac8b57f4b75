"""What a run is asked to do: its units (suite x module or pipeline x model) and
its settings, with the defaults of :mod:`eai.runner.defaults`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from eai.base.paths import inside
from eai.llm.calls import RetryPolicy
from eai.llm.model import GenerationConfig
from eai.results.store import slug
from eai.runner import defaults
from eai.tasks.shards import Shard

Progress = Callable[[str, int, int, int], None]  # unit label, done, total, errors
Say = Callable[[str], None]  # one line for the user: a unit done, a warning, a hint


@dataclass(frozen=True)
class Unit:
    suite: str
    module: str
    model: str

    @property
    def label(self) -> str:
        return f"{self.suite}/{self.module}/{self.model}"

    def folder(self, out: Path) -> Path:
        """``out/<suite>/<module>/<model slug>``, each name one path segment and the folder inside ``out``."""
        return inside(out, {"suite": self.suite, "module": self.module,
                            f"model {self.model!r}'s folder": slug(self.model)})


@dataclass
class RunConfig:
    suites: Sequence[str]
    modules: Sequence[str]
    models: Sequence[str]
    out: Path
    concurrency: int = defaults.CONCURRENCY
    limit: int | None = None
    task_ids: Sequence[str] | None = None
    resume: bool = False
    generation: GenerationConfig = GenerationConfig()
    timeout: float = defaults.TIMEOUT
    retry: RetryPolicy = RetryPolicy()
    cache: Path | None = None
    model_options: dict[str, str] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    replan: int = defaults.REPLAN
    action_failure_p: float = defaults.ACTION_FAILURE_P
    seed: int = defaults.SEED
    epochs: int = defaults.EPOCHS  # times each task is asked (plan answers only)
    environment: str | None = None  # a registered live environment episodes run in
    shard: Shard | None = None  # this machine's share of every unit's tasks (eai.tasks.shards)
    command: Sequence[str] | None = None  # the command line that asked for the run (None: this process's)
    response_format: str = defaults.RESPONSE_FORMAT  # "json-schema": each module's answers asked in its schema
    cost_limit: float | None = None  # US dollars this process may spend on calls (eai.llm.cost)
    price_as: str | None = None  # the provider whose prices calls to a base URL are priced at (eai.llm.cost)

    @property
    def episodic(self) -> bool:
        return self.replan > 0 or self.action_failure_p > 0 or self.environment is not None

    def units(self) -> list[Unit]:
        return [Unit(s, m, model) for s in self.suites for m in self.modules for model in self.models]
