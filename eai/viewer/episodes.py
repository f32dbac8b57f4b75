"""The traces of a unit's episodes (:mod:`eai.viewer.trace`): turn-by-turn
collaboration (:mod:`eai.viewer.turns`), pipelines, replanning and random
action failures (:mod:`eai.viewer.attempts`), and the shared-plan episodes
of ``--agents 2``. A task whose trace cannot be built (a damaged item, a
stage no longer installed) gets a trace saying why; the others are shown.
The traces' first prompts are patches of the unit's ``prompt_base``
(:func:`eai.viewer.trace.share_prompts`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from eai.compose.pipeline import parse_pipeline
from eai.exceptions import EaiError
from eai.modules.base import Env
from eai.reporting.collect import UnitResult
from eai.results.responses import Response
from eai.viewer.attempts import attempt_trace, episode_env
from eai.viewer.tasks import TaskCache
from eai.viewer.trace import trace
from eai.viewer.turns import shared_plan_trace, turn_trace
from eai.world import Task

Build = Callable[[Task, dict[str, Any]], dict[str, Any]]  # a task and its record -> its trace


def traced(tasks: Mapping[str, Task], records: Sequence[dict[str, Any]], kind: str,
           build: Build) -> dict[str, dict[str, Any]]:
    """Per task id: ``instruction`` and ``trace``."""
    found = {}
    for record in records:
        task = tasks.get(record["identifier"])
        if task is None:
            continue
        try:
            shown = build(task, record)
        except Exception as exc:  # what the run kept is damaged, or eai changed: this task says so
            shown = trace(kind, [], {}, [f"this episode cannot be played again: {type(exc).__name__}: {exc}"])
        found[task.id] = {"instruction": task.instruction, "trace": shown}
    return found


def traces(cache: TaskCache, unit: UnitResult, how: str, records: Sequence[dict[str, Any]],
           answers: Mapping[str, dict[str, Any]], config: dict[str, Any]) -> tuple[dict[str, dict[str, Any]], str]:
    """Per task id of an episode unit (``how``: ``turns`` or ``episodes``):
    ``instruction`` and ``trace``; and a note on what the traces cannot show."""
    plugins = cache.plugins
    if unit.suite not in plugins.suites:
        return {}, f"suite {unit.suite!r} is not installed: the episodes cannot be played again"
    simulator = plugins.simulators.get(plugins.suites.get(unit.suite).simulator)
    tasks = {t.id: t for t in cache.get(unit.suite, [r["identifier"] for r in records])}
    options = dict(config.get("options") or {})
    if how == "turns":
        return traced(tasks, records, "turns", lambda task, record: turn_trace(
            task, simulator, answers.get(task.id, {}), record, options)), ""
    try:
        pipeline = parse_pipeline(str(unit.summary.get("pipeline") or unit.module), plugins)
    except EaiError as exc:
        return {i: {"instruction": t.instruction} for i, t in tasks.items()}, f"the episodes cannot be played again: {exc}"
    env, note = episode_env(Env(simulator, plugins, {**options, "action_failure_p": unit.summary.get("action_failure_p", 0.0),
                                                     "seed": unit.summary.get("seed", 0)}), config.get("environment"))
    return traced(tasks, records, "attempts", lambda task, record: attempt_trace(
        task, pipeline, answers.get(task.id, {}), record, env)), note


def shared_traces(cache: TaskCache, unit: UnitResult, records: Sequence[dict[str, Any]],
                  answers: Mapping[str, Response]) -> dict[str, dict[str, Any]]:
    """Per task id of a shared-plan unit (records with ``collaboration``): the episode's ``trace``."""
    plugins = cache.plugins
    shared = [r for r in records if "collaboration" in r and r["identifier"] in answers]
    if not shared or unit.suite not in plugins.suites:
        return {}
    simulator = plugins.simulators.get(plugins.suites.get(unit.suite).simulator)
    tasks = {t.id: t for t in cache.get(unit.suite, [r["identifier"] for r in shared])}
    return traced(tasks, shared, "turns", lambda task, record: shared_plan_trace(
        task, simulator, answers[task.id], record))
