"""Plan answers: each task's prompt asked once, the answers scored as ``eai score``
scores a file (:func:`eai.results.scoring.score`) once the unit's tasks are answered."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from eai.compose.pipeline import Pipeline
from eai.exceptions import EaiError
from eai.llm.model import ModelCallError
from eai.modules import MODULES
from eai.results.responses import parse_response
from eai.results.scoring import ScoreResult, score, score_summary
from eai.runner.config import RunConfig
from eai.runner.driver import Driver, Items, Scope
from eai.world import Task

if TYPE_CHECKING:
    from eai.runner.core import UnitWork


class Answers(Driver):
    name = "answers"

    def chosen(self, pipeline: Pipeline, config: RunConfig) -> bool:
        return True  # the last of the drivers: what is not another kind of work

    def check(self, pipeline: Pipeline, config: RunConfig) -> None:
        """Answers are scored by the ability module of the stage's name: a
        plugin's stage that is no module is refused (issue 32's ``object_counting``)."""
        name = pipeline.final.name
        if name not in MODULES:
            raise EaiError(f"stage {name!r} is no ability module, so its answers cannot be scored alone: run it in a "
                           f"pipeline, or register a module of that name (eai_register_modules; see: eai list modules)")

    async def play(self, task: Task, work: UnitWork) -> None:
        await asyncio.sleep(0)  # prepared calls go out before more prompts are built
        calls: list[dict[str, Any]] = []
        final = work.scope.pipeline.final
        try:
            text = await work.ask(final.messages(task, work.env), task, final.name, calls)
            work.record(task, {"llm_output": text, "error": ""}, calls)
        except ModelCallError as exc:
            work.record(task, {"llm_output": "", "error": str(exc)}, calls)

    def result(self, items: Items, tasks: list[Task], scope: Scope) -> ScoreResult:
        log = scope.unit.folder(scope.config.out) / "responses.jsonl"
        ordered = [parse_response(items[t.id], log, "") for t in tasks if t.id in items]
        return score(scope.plugins, scope.unit.suite, scope.unit.module, ordered, scope.config.options,
                     task_ids=[t.id for t in tasks])

    def summary(self, records: list[dict[str, Any]], tasks: list[Task], scope: Scope) -> dict[str, Any]:
        return score_summary(scope.unit.suite, scope.unit.module, records, tasks=len(tasks))
