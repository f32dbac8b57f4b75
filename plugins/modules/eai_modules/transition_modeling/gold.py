"""What transition modeling reads from a suite: its gold domain and the
category of every predicate (``domain`` and ``predicate_categories`` files)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from eai import EaiError
from eai.plugin_api import Domain, Operator, Plugins, Task, parse_domain


@dataclass(frozen=True)
class GoldModel:
    domain: Domain
    categories: Mapping[str, str]  # predicate -> category

    def operators(self, task: Task) -> tuple[Operator, ...]:
        """The gold operators ``task`` needs, in the task's order."""
        needed = task.transition_model.operators if task.transition_model else ()
        found = tuple(self.domain.operator(name) for name in needed)
        missing = [name for name, op in zip(needed, found) if op is None]
        if missing:
            raise EaiError(f"task {task.id}: the gold domain has no operator {', '.join(missing)}")
        return found  # type: ignore[return-value]


def gold_model(plugins: Plugins, suite: str) -> GoldModel:
    files = plugins.suites.get(suite)
    return _load(files.file("domain"), files.file("predicate_categories"))


@lru_cache(maxsize=8)
def _load(domain: Path, categories: Path) -> GoldModel:
    return GoldModel(parse_domain(domain.read_text(encoding="utf-8")),
                     json.loads(categories.read_text(encoding="utf-8")))
