"""Episodes of pipelines, replanning and random action failures as traces.

From a task's responses.jsonl item: each interpreting stage's answer
(``stages``) with its prompt, its parse and the goal it gave the next stage;
then each attempt of the final stage (``attempt_log``: its answer and the
feedback built after it), with the prompt it was asked (the first one built
from the interpreted task, each later one the conversation so far and that
feedback), its parse, and for a plan its steps executed as scoring executed
them: from the initial state, with that attempt's random action failures,
so the step that failed at random and the failing step show. Prompts are
checked against the digests the run logged for each stage's calls. Runs
made before eai kept each attempt's answer have only the last one.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from eai.compose.pipeline import Pipeline
from eai.compose.stages import CUT_OPTION, Stage
from eai.llm.model import CUT, Message
from eai.modules import MODULES
from eai.modules.base import Env
from eai.simulation.environment import SymbolicProvider
from eai.simulation.taxonomy import RUNTIME_ERRORS
from eai.viewer.trace import as_sent, entry, plain, prompt_field, prompt_text, trace
from eai.world import Task

RUNTIME = {e.value for e in RUNTIME_ERRORS}


def stage_calls(item: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The calls the run logged, per stage, in call order."""
    calls = item.get("calls") if isinstance(item.get("calls"), list) else []
    found: dict[str, list[dict[str, Any]]] = {}
    for call in calls:
        if isinstance(call, dict):
            found.setdefault(str(call.get("stage")), []).append(call)
    return found


def logged(calls: list[dict[str, Any]], number: int) -> tuple[str | None, bool]:
    """Call ``number``'s prompt digest (None: none logged) and whether the provider cut its answer."""
    call = calls[number] if number < len(calls) else {}
    return call.get("prompt_sha256"), call.get("finish_reason") == CUT


def parsed_answer(stage: Stage, text: str, cut: bool) -> Any:
    """What the module that scores the stage read in ``text`` (None for a stage without one)."""
    name = stage.scored_as
    return plain(MODULES[name].parse(text, cut)) if name in MODULES else None  # a plugin's stage may have none


def traced(stage: Stage, task: Task, text: str, cut: bool, env: Env) -> dict[str, Any]:
    """What the module that scores the stage traces of ``text`` (its ``steps``...; none without a module)."""
    name = stage.scored_as
    if name not in MODULES:
        return {}
    module = MODULES[name]
    return module.trace(module.parse(text, cut), task, env)


def attempt_trace(task: Task, pipeline: Pipeline, item: dict[str, Any], record: dict[str, Any],
                  env: Env) -> dict[str, Any]:
    """The trace of one task's episode; ``env`` is the unit's (options with the
    action failure probability and seed)."""
    if "model_error" in record and not isinstance(item.get("attempt_log"), list):  # a call failed: the run kept no answer
        return trace("attempts", [], ending(record), ["a model call failed: the run kept none of this episode's answers"])
    calls = stage_calls(item)
    entries: list[dict[str, Any]] = []
    notes: list[str] = []
    view = task
    for stage in pipeline.stages[:-1]:
        text = (item.get("stages") or {}).get(stage.name)
        if not isinstance(text, str):
            notes.append(f"the run kept no answer of stage {stage.name}")
            return trace("attempts", entries, ending(record), notes)
        asked = stage.messages(view, env)
        digest, cut = logged(calls.get(stage.name, []), 0)
        view = stage.interpret(view, text, replace(env, options={**env.options, CUT_OPTION: cut}))
        entries.append(entry(stage.name, prompt={"text": prompt_text(asked)}, prompt_as_sent=as_sent(asked, digest),
                             answer=text, parsed=parsed_answer(stage, text, cut),
                             outcome=f"goal for the next stage: {view.goal.ltl or '(none)'}"))
    final = pipeline.final
    tries = item.get("attempt_log")
    if not isinstance(tries, list):
        tries = [{"answer": item.get("llm_output", "")}]
        if len(record.get("attempts") or []) > 1:
            notes.append("this run kept only the last attempt's answer (made before eai kept each attempt's)")
    figures = record.get("attempts") or []
    offset = len(figures) - len(tries)  # attempts whose answers were not kept come first
    messages: tuple[Message, ...] = final.messages(view, env) if final.asks_model and offset <= 0 else ()
    previous = None
    for k, tried in enumerate(tries):
        number = max(offset, 0) + k
        text = str(tried.get("answer", ""))
        figure = figures[number] if number < len(figures) else {}
        digest, cut = logged(calls.get(final.name, []), number)
        prompt = None
        if messages:
            prompt_now = prompt_text(messages)
            prompt = prompt_field(prompt_now, *(previous or (None, None)))
            previous = (len(entries), prompt_now)
        attempt_env = replace(env, options={**env.options, "attempt": number})
        executed = traced(final, task, text, cut, attempt_env).get("steps")
        notes.append(disagreement(number, executed, figure))
        entries.append(entry(
            f"attempt {number + 1}", prompt=prompt, prompt_as_sent=as_sent(messages, digest) if messages else None,
            answer=text, parsed=None if executed is not None else parsed_answer(final, text, cut), steps=executed,
            outcome=outcome(figure, record), failed=not figure.get("success") or None, feedback=tried.get("feedback")))
        if "feedback" in tried:
            messages = messages + (Message("assistant", text), Message("user", str(tried["feedback"])))
    return trace("attempts", entries, ending(record), notes)


def disagreement(number: int, executed: list[dict[str, Any]] | None, figure: dict[str, Any]) -> str | None:
    """Why the plan executed again does not fail as the run recorded (None when it does)."""
    if executed is None or not figure:
        return None
    failing = next((s["detail"].split(":")[0] for s in executed if s["outcome"] == "failed"), None)
    recorded = figure.get("error_type") if figure.get("error_type") in RUNTIME else None
    if failing == recorded:
        return None
    return (f"attempt {number + 1}: executed again with this eai, the plan fails with {failing or 'no runtime error'}; "
            f"the run recorded {recorded or 'none'}")


def outcome(figure: dict[str, Any], record: dict[str, Any]) -> str:
    """One attempt's outcome from its figures (``success``, ``error_type``);
    an attempt without figures was not scored (the record says why)."""
    if not figure:
        return f"not scored: {record.get('error_type') or record.get('model_error') or 'no record'}"
    return "success" if figure.get("success") else f"failed: {figure.get('error_type') or 'goals not met'}"


def ending(record: dict[str, Any]) -> dict[str, Any]:
    """The evaluation at the end, from the record (the last attempt's)."""
    keys = ("success", "error_type", "error_detail", "failed_actions", "unmet_goals", "model_error")
    end: dict[str, Any] = {key: record[key] for key in keys if key in record}
    end["attempts"] = len(record.get("attempts") or [])
    return end


def episode_env(env: Env, environment: str | None) -> tuple[Env, str]:
    """The env plans are executed in (the simulator's symbolic world, as a
    run's episodes by default), and a note when the run used another."""
    note = "" if environment is None else \
        f"steps are executed in the symbolic world, not in the run's environment {environment!r}"
    return replace(env, environment=SymbolicProvider(env.simulator)), note  # type: ignore[arg-type]
