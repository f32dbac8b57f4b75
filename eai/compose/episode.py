"""One task through a pipeline, with replanning on feedback (paper appendix H).

Interpreting stages run first, each on the task the previous left. The last
stage answers; its answer is evaluated against the gold task. While it fails
and attempts remain (``replan``), the model sees the conversation so far and a
message built from the error taxonomy (which step, which error, what the
environment answered to it, which actions failed, which goals are unmet) and
answers again, from the initial state. Plans run step by step in the unit's
live environment (:mod:`eai.simulation.environment`; the symbolic world by default). The record is the last attempt's, with the
attempts listed.

What the model is asked fails as it fails (the caller decides); anything else
that raises (reading an answer, building a prompt from an interpreted goal,
evaluating) is a defect of eai: the episode ends with an ``internal_error``
record and the answers it got, and is not replanned.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

from eai.compose.pipeline import Pipeline
from eai.compose.stages import CUT_OPTION
from eai.llm.model import CUT, Answer, Message
from eai.modules.base import Env, Record
from eai.results.scoring import INTERNAL_ERROR, internal_error
from eai.world import Task

Ask = Callable[[tuple[Message, ...], Task, str], Awaitable[Answer]]  # messages, the task as the stage sees it, stage
Evaluate = Callable[[Callable[[], Record]], Awaitable[Record]]

ERROR_TEXT = {
    "parsing": "your answer could not be read in the required format",
    "empty_plan": "it has no step; the plan must not be empty",
    "hallucination": "it names an action or an object that does not exist here",
    "arity": "an action has the wrong number of objects",
    "affordance": "an object cannot undergo that action (affordance error)",
    "missing_step": "a precondition is not met: a step is missing before it",
    "wrong_order": "a precondition is not met: steps are in the wrong order",
}


def feedback(record: Record) -> str:
    """What the model is told after a failed attempt."""
    lines = ["Your plan did not achieve the task."]
    kind = record.get("error_type")
    if kind:
        where = f"Step {record['error_step'] + 1}" if record.get("error_step") is not None else "The plan"
        said = record.get("environment_feedback") or [record.get("error_detail", "")]
        lines.append(f"{where} failed: {ERROR_TEXT.get(kind, kind)}. {said[-1]}".rstrip())
    if record.get("failed_actions"):
        lines.append("These actions failed when executed and changed nothing: " + "; ".join(record["failed_actions"]) + ".")
    if record.get("unmet_goals"):
        lines.append("Goals not satisfied at the end: " + ", ".join(record["unmet_goals"]) + ".")
    lines.append("Write a new, complete plan from the initial state, in the same output format.")
    return "\n".join(lines)


async def episode(task: Task, pipeline: Pipeline, ask: Ask, evaluate: Evaluate, env: Env, replan: int = 0) -> dict[str, Any]:
    """The final answer, its record, every attempt, and what each interpreting
    stage answered; ``attempt_log`` keeps each attempt's answer and the
    feedback the model was then sent (responses.jsonl only, for the viewer;
    the record's ``attempts`` are the figures)."""
    played: dict[str, Any] = {"llm_output": "", "attempts": [], "stages": {}, "attempt_log": []}

    async def asked(messages: tuple[Message, ...], view: Task, stage: str) -> Answer:
        try:
            return await ask(messages, view, stage)
        except Exception as exc:
            raise _AskFailed(exc) from exc

    try:
        await _play(task, pipeline, asked, evaluate, env, replan, played)
    except _AskFailed as failed:
        raise failed.error from None
    except Exception as exc:  # a defect of eai: this task's record says so, the others go on
        played["record"] = internal_error(exc)
    return played


class _AskFailed(Exception):
    """What asking the model raised, told apart from the episode's own failures."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


async def _play(task: Task, pipeline: Pipeline, ask: Ask, evaluate: Evaluate, env: Env, replan: int,
                played: dict[str, Any]) -> None:
    """Fills ``played`` as the episode goes: stage answers, attempts, the last answer and its record."""
    view = await interpreted(task, pipeline, ask, env, played["stages"])
    final = pipeline.final
    messages = final.messages(view, env) if final.asks_model else ()
    tries = replan + 1 if final.asks_model else 1
    for attempt in range(tries):
        answer = await ask(messages, view, final.name) if final.asks_model else Answer(final.act(view, env))
        text = played["llm_output"] = answer.text
        played["attempt_log"].append({"answer": text})
        attempt_env = replace(env, options={**env.options, "attempt": attempt, CUT_OPTION: _cut(answer)})
        record = await evaluate(lambda: final.evaluate(text, task, attempt_env))  # noqa: B023 (awaited at once)
        played["record"] = record
        played["attempts"].append({"success": bool(record.get("success")), "error_type": record.get("error_type")})
        if record.get("success") or record.get("error_type") == INTERNAL_ERROR or attempt + 1 == tries:
            break
        played["attempt_log"][-1]["feedback"] = said = feedback(record)
        messages = messages + (Message("assistant", text), Message("user", said))


async def interpreted(task: Task, pipeline: Pipeline, ask: Ask, env: Env, stages: dict[str, str]) -> Task:
    """The task as the pipeline's interpreting stages leave it (each on the task the one before left),
    what each answered put in ``stages``: what its last stage works on (a whole plan, or an episode)."""
    view = task
    for stage in pipeline.stages[:-1]:
        answer = await ask(stage.messages(view, env), view, stage.name)
        stages[stage.name] = answer.text
        view = stage.interpret(view, answer.text, replace(env, options={**env.options, CUT_OPTION: _cut(answer)}))
    return view


def _cut(answer: Answer) -> bool:
    """Whether the provider reported ``answer`` cut by its token limit."""
    return answer.usage.finish_reason == CUT
