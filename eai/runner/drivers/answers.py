"""Plan answers: each task's prompt asked once, the answers scored as ``eai score``
scores a file (:func:`eai.results.scoring.score`) once the unit's tasks are answered."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from eai.compose.pipeline import Pipeline
from eai.exceptions import EaiError
from eai.llm.model import ModelCallError
from eai.modules import MODULES
from eai.results.responses import parse_response
from eai.results.scoring import ScoreResult, score, score_summary
from eai.results.store import epoch_key
from eai.runner.config import RunConfig
from eai.runner.driver import Driver, Items, Scope
from eai.world import Task

if TYPE_CHECKING:
    from eai.runner.core import UnitWork


class Answers(Driver):
    name = "answers"
    epochs = True

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

    def result(self, items: Items, ids: Sequence[str], scope: Scope) -> ScoreResult:
        """Each epoch's answers scored as a file; with several epochs, each record says its
        ``epoch`` (a task's records together, in the tasks' order) and the summary is over all."""
        log = scope.unit.folder(scope.config.out) / "responses.jsonl"
        results = []
        for epoch in range(scope.config.epochs):
            ordered = [parse_response(items[key], log, "") for i in ids if (key := epoch_key(i, epoch)) in items]
            results.append(score(scope.plugins, scope.unit.suite, scope.unit.module, ordered, scope.config.options,
                                 task_ids=list(ids)))
        if len(results) == 1:
            return results[0]
        order = {task_id: k for k, task_id in enumerate(ids)}
        records = sorted(({"identifier": r["identifier"], "epoch": epoch, **r} for epoch, result in enumerate(results)
                          for r in result.records), key=lambda r: (order[r["identifier"]], r["epoch"]))
        return ScoreResult(records, self.summary(records, ids, scope))

    def summary(self, records: list[dict[str, Any]], ids: Sequence[str], scope: Scope) -> dict[str, Any]:
        """With ``epochs`` K > 1, the counts are of answers (each task K times) and the rates over them all:
        a task's mean over its epochs, averaged over the tasks, when every epoch of every task was scored."""
        epochs = scope.config.epochs
        summary = score_summary(scope.unit.suite, scope.unit.module, records, tasks=len(ids) * epochs)
        return summary | ({"epochs": epochs} if epochs > 1 else {})
