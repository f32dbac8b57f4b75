"""Two agents turn by turn (``--agents 2 --turn-by-turn``): the model acts as the
robot, asked for one action per turn, beside a scripted or model human
(:func:`eai.collaboration.turns.play_turns`); tasks with evaluation functions only."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

from eai.collaboration.turns import play_turns, turn_summary
from eai.compose.pipeline import Pipeline
from eai.exceptions import EaiError
from eai.llm import usage
from eai.llm.asking import Asker
from eai.llm.model import Message
from eai.results.scoring import ScoreResult, summarize
from eai.runner.config import RunConfig
from eai.runner.driver import Driver, Items, Scope, logged_record
from eai.world import Task

if TYPE_CHECKING:
    from eai.runner.core import Calls, UnitWork
    from eai.runner.setup import SuiteTasks


class Turns(Driver):
    name = "turns"

    def chosen(self, pipeline: Pipeline, config: RunConfig) -> bool:
        return bool(config.options.get("turn_by_turn"))

    def narrow(self, tasks: SuiteTasks, scope: Scope) -> SuiteTasks:
        """The tasks with evaluation functions (PARTNR's): what an episode's success is judged by."""
        evaluated = {t.id for t in tasks if t.evaluation}
        tasks = tasks.keeping(evaluated.__contains__)
        if not tasks:
            raise EaiError(f"--turn-by-turn: suite {scope.unit.suite!r} has no selected task with evaluation "
                           "functions (e.g. --suite partnr-vh)")
        return tasks

    async def play(self, task: Task, work: UnitWork) -> None:
        config = work.scope.config
        human = config.options.get("human") or "scripted"
        human_by = None if human == "scripted" else work.other(human)

        async def played(calls: Calls) -> None:
            def asker(by: Asker | None) -> Callable[..., Awaitable[str]]:
                async def ask_turn(messages: tuple[Message, ...], turn: Any, agent: str) -> str:
                    return await work.ask(messages, task, "turn", calls, turn, by)
                return ask_turn

            fields, answers = await play_turns(task, work.simulator, asker(None),
                                               None if human_by is None else asker(human_by),
                                               bool(config.options.get("partial")))
            category = {"category": task.category} if task.category else {}
            work.record(task, {"llm_output": "", "answers": answers, "record": {**fields, **category},
                               "error": fields.get("model_error", "")}, calls)

        await work.play_guarded(task, played)

    def result(self, items: Items, ids: Sequence[str], scope: Scope) -> ScoreResult:
        """Records of logged episodes in task order (an episode stopped by failed
        model calls is a model error, not scored)."""
        records = [logged_record(i, item) for i in ids if "record" in (item := items.get(i, {}))]
        return ScoreResult(records, self.summary(records, ids, scope))

    def summary(self, records: list[dict[str, Any]], ids: Sequence[str], scope: Scope) -> dict[str, Any]:
        return {"suite": scope.unit.suite, "module": scope.unit.module, "pipeline": scope.unit.module,
                **summarize(turn_summary, records, tasks=len(ids)),
                "duplicated": 0, "unmatched_identifiers": [], "usage": usage.summarize(records)}

