"""The simulators as a verifier: one answer to one task judged as ``eai score`` judges it,
its verdict (the task's record) and that verdict as one number (``eai.reward``, docs/api.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from eai.exceptions import EaiError
from eai.host.manager import Plugins, get_plugins
from eai.modules import get_module
from eai.results.responses import Response
from eai.results.scoring import score
from eai.tasks.folders import suite_name


@dataclass(frozen=True)
class Reward:
    """``value``: the verdict as one number in [0, 1], 1.0 for a correct answer (the module's
    :meth:`~eai.modules.base.AbilityModule.reward`); ``verdict``: the task's record (docs/metrics.md)."""

    value: float
    verdict: dict[str, Any]


def reward(suite: str, module: str, task: str, answer: str, *, options: Mapping[str, Any] | None = None,
           plugins: Plugins | None = None) -> Reward:
    """``answer`` to ``task`` of ``suite`` (a name or a suite folder), judged by ``module`` in the
    suite's simulator as ``eai score`` judges it (``eai.reward``; ``options``: the module's, as
    ``eai score``'s); EaiError in one line when the suite has no such task for the module."""
    plugins = plugins or get_plugins()
    suite = suite_name(plugins, suite)
    result = score(plugins, suite, module, [Response(task, answer)], dict(options or {}), task_ids=[task])
    if not result.records:
        raise EaiError(f"suite {suite!r} has no task {task!r} that module {module!r} evaluates")
    record = {k: v for k, v in result.records[0].items() if k != "usage"}
    return Reward(get_module(module).reward(record), record)
