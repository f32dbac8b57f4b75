"""Checking a run's task selection before any model is called: every id given
names a task of a chosen suite, and some task is left to run."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from eai.compose.pipeline import parse_pipeline
from eai.exceptions import EaiError
from eai.plugins import Plugins


def check_selection(plugins: Plugins, suites: Sequence[str], modules: Sequence[str],
                    task_ids: Sequence[str] | None) -> None:
    """One clear error for a task id no chosen suite has, or a selection
    that leaves no task for any module to run."""
    ids = {suite: plugins.suites.get(suite).ids() for suite in suites}
    if not task_ids:
        if not any(ids.values()):
            raise EaiError(f"no task to run: suite(s) {', '.join(suites)} hold no task")
        return
    known = {i for found in ids.values() for i in found}
    for task_id in task_ids:
        if task_id not in known:
            close = difflib.get_close_matches(task_id, sorted(known), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise EaiError(f"no task {task_id!r} in suite(s) {', '.join(suites)}{hint} (see: eai tasks list SUITE)")
    wanted = set(task_ids)
    pipelines = [parse_pipeline(module, plugins) for module in modules]
    for suite, found in ids.items():
        for task in plugins.suites.get(suite).load([i for i in found if i in wanted]):
            if any(all(stage.applies_to(task) for stage in p.stages) for p in pipelines):
                return
    raise EaiError(f"no task of --tasks {','.join(task_ids)} has what {', '.join(modules)} need(s)")
