"""Episodes: a pipeline's stages in turn, or one module replanning on feedback
with actions that may fail, each task played by :func:`eai.compose.episode.episode`
and its record logged with its answer."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from eai.compose.episode import episode
from eai.compose.pipeline import Pipeline
from eai.llm import usage
from eai.llm.model import Answer, Message, ModelCallError
from eai.modules.base import percent
from eai.results.scoring import ScoreResult, summarize
from eai.runner.config import RunConfig
from eai.runner.driver import Driver, Items, Scope, logged_record
from eai.world import Task

if TYPE_CHECKING:
    from eai.runner.core import Calls, UnitWork


class Episodes(Driver):
    name = "episodes"

    def chosen(self, pipeline: Pipeline, config: RunConfig) -> bool:
        """A pipeline, replanning, random action failures, a live environment, or a stage that asks no model."""
        return len(pipeline.stages) > 1 or config.episodic or not pipeline.final.asks_model

    async def play(self, task: Task, work: UnitWork) -> None:
        async def played(calls: Calls) -> None:
            async def ask(messages: tuple[Message, ...], view: Task, stage: str) -> Answer:
                return await work.answer(messages, view, stage, calls)

            try:
                item = await episode(task, work.scope.pipeline, ask, work.evaluate, work.env, work.scope.config.replan)
                work.record(task, {**item, "error": ""}, calls)
            except ModelCallError as exc:  # not the model's answer: not scored (eai.results.scoring.summarize)
                work.record(task, {"llm_output": "", "record": {"model_error": str(exc)}, "error": str(exc)}, calls)

        await work.play_guarded(task, played)

    def result(self, items: Items, ids: Sequence[str], scope: Scope) -> ScoreResult:
        records = [logged_record(i, item, "attempts") for i in ids if "record" in (item := items.get(i, {}))]
        return ScoreResult(records, self.summary(records, ids, scope))

    def summary(self, records: list[dict[str, Any]], ids: Sequence[str], scope: Scope) -> dict[str, Any]:
        """The final stage's figures, with the replanning settings, the first attempts'
        success rate and the mean attempts."""
        config, pipeline = scope.config, scope.pipeline
        summary = {"suite": scope.unit.suite, "module": pipeline.final.name, "pipeline": pipeline.name,
                   **summarize(pipeline.final.summarize, records, tasks=len(ids)),
                   "replan": config.replan, "action_failure_p": config.action_failure_p, "seed": config.seed,
                   "duplicated": 0, "unmatched_identifiers": [], "usage": usage.summarize(records)}
        scored = [r for r in records if "success" in r]
        if scored:
            first = [bool(r["attempts"]) and r["attempts"][0]["success"] for r in scored]
            summary["first_attempt_success_rate"] = float(percent(sum(first), len(scored)))
            summary["mean_attempts"] = round(sum(len(r["attempts"]) for r in scored) / len(scored), 2)
        return summary
