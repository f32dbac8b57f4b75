"""Episodes of one agent acting step by step (``eai run --episode``) as
traces (:mod:`eai.viewer.trace`), read from their records alone: the agent
driver keeps every turn in the record, so nothing is played again.

The record shape read (the agent driver's, eai/runner/drivers/agent.py)::

    {"success": bool, "progress": float, "ended": "success" | "max_steps" | "max_invalid"
                                                   | "empty_plan" | "model_error",
     "steps": int, "invalid_actions": int, "turns": int, "model_error": str (a failed call),
     "turn_log": [{"observation": str,          # the whole prompt on the first turn, then what each adds
                   "answer": str,               # the model's text
                   "steps": [{"step": int | None, "action": str, "words": str,
                              "feedback": str, "error_type": str | None}, ...],
                   "read_error": str, "model_error": str,     # when there is one
                   "usage": {"prompt_tokens": int, "completion_tokens": int,
                             "prompt_tokens_estimated": bool}}, ...]}

and from the unit's summary ``episode``: ``{"max_steps", "max_invalid",
"act_as"}``. A field missing or of another type is shown as missing, never
guessed; a turn log that cannot be read at all gives a trace saying so.

Each turn is an entry: its ``observation``, ``answer``, ``steps`` (each with
its feedback and, for a failed or additional one, its error class),
``outcome`` and ``figures`` (the tokens the server reported); the end says
which budget or event ended the episode.
"""

from __future__ import annotations

from typing import Any

from eai.reporting.collect import UnitResult
from eai.viewer.tasks import TaskCache
from eai.viewer.trace import entry, trace

ENDED = {"success": "success: the goal held after a step",
         "max_steps": "the step budget ran out ({max_steps} steps)",
         "max_invalid": "the invalid-action budget ran out ({max_invalid} invalid actions)",
         "empty_plan": "the model answered with no step (EmbodiedBench's empty plan)",
         "model_error": "a model call failed (not scored; eai run --resume asks again)"}
ADDITIONAL = "additional_step"  # carried out, the state unchanged: not an invalid action


def text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def step_row(step: Any) -> dict[str, Any]:
    """One step tried: its number, the action (as the benchmark words it),
    how it went (``done``, ``additional``, ``failed``), its error class and the feedback."""
    step = step if isinstance(step, dict) else {}
    kind = text(step.get("error_type"))
    outcome = "done" if kind is None else "additional" if kind == ADDITIONAL else "failed"
    return {"step": step.get("step") if isinstance(step.get("step"), int) else None,
            "action": text(step.get("words")) or text(step.get("action")) or "(no action read)",
            "outcome": outcome, "error": kind, "feedback": text(step.get("feedback"))}


def turn_outcome(turn: dict[str, Any], steps: list[dict[str, Any]]) -> tuple[str, bool]:
    """The turn in one line, and whether it failed (a failed call, an unreadable answer, an invalid action)."""
    if text(turn.get("model_error")):
        return f"model call failed: {turn['model_error']}", True
    invalid = next((s for s in steps if s["outcome"] == "failed"), None)
    carried = sum(s["outcome"] != "failed" and s["step"] is not None for s in steps)
    done = f"{carried} step(s) carried out"
    why = text(turn.get("read_error"))
    if invalid is not None:
        at = f" at step {invalid['step']}" if invalid["step"] is not None else ""
        what = f"an unreadable answer ({invalid['error']}): {why}" if invalid["error"] == "parsing" and why else \
            f"an invalid action{at}: {invalid['error']}"
        return (f"{done}, then {what}" if carried else what), True
    if why == "no step":
        return "no step (an empty plan)", False
    if why:
        return f"unreadable answer: {why}", True
    return done, False


def usage_figures(turn: dict[str, Any]) -> dict[str, Any]:
    """The turn's tokens, a prompt's estimated by eai (no provider said them) named so."""
    used = turn.get("usage")
    if not isinstance(used, dict):
        return {}
    estimated = " (estimated)" if used.get("prompt_tokens_estimated") is True else ""
    return {name.replace("_", " ") + (estimated if name == "prompt_tokens" else ""): used[name]
            for name in ("prompt_tokens", "completion_tokens") if name in used}


def agent_trace(record: dict[str, Any], budgets: dict[str, Any]) -> dict[str, Any]:
    """The trace of one agent episode from its record and the unit's budgets (summary ``episode``)."""
    log = record.get("turn_log")
    if not isinstance(log, list):
        return trace("agent", [], ending(record, budgets), ["the record keeps no turn log: no turn can be shown"])
    entries = []
    for k, turn in enumerate(log):
        turn = turn if isinstance(turn, dict) else {}
        tried = turn.get("steps")
        steps = [step_row(s) for s in tried] if isinstance(tried, list) else []
        said, failed = turn_outcome(turn, steps)
        entries.append(entry(f"turn {k + 1}", observation=text(turn.get("observation")), answer=text(turn.get("answer")),
                             steps=steps, outcome=said, failed=failed or None, figures=usage_figures(turn)))
    return trace("agent", entries, ending(record, budgets))


def ending(record: dict[str, Any], budgets: dict[str, Any]) -> dict[str, Any]:
    """How the episode ended (the budget or event, in words) and its figures, from the record."""
    ended = text(record.get("ended"))
    limits = {key: budgets.get(key, "?") for key in ("max_steps", "max_invalid")}
    end: dict[str, Any] = {"ended": ENDED[ended].format(**limits) if ended in ENDED else ended}
    for key, shown in (("success", "success"), ("progress", "progress"), ("steps", "steps"),
                       ("invalid_actions", "invalid actions"), ("turns", "turns"), ("model_error", "model error")):
        if key in record:
            end[shown] = record[key]
    if "steps" in end and "max_steps" in budgets:
        end["steps"] = f"{end['steps']} of {budgets['max_steps']}"
    if "invalid actions" in end and "max_invalid" in budgets:
        end["invalid actions"] = f"{end['invalid actions']} of {budgets['max_invalid']}"
    return end


class AgentTraces:
    """The traces of an agent unit's episodes, one record at a time: called with a
    record, ``trace`` and, when the suite is installed, ``instruction``."""

    def __init__(self, cache: TaskCache, unit: UnitResult) -> None:
        budgets = unit.summary.get("episode")
        self.budgets = budgets if isinstance(budgets, dict) else {}
        self.cache, self.suite = cache, unit.suite
        self.installed = unit.suite in cache.plugins.suites
        self.note = "" if self.installed else f"suite {unit.suite!r} is not installed: no instructions (the turns are the record's)"

    def __call__(self, record: dict[str, Any]) -> dict[str, Any]:
        instruction = self.cache.instruction(self.suite, record["identifier"]) if self.installed else None
        return {"trace": agent_trace(record, self.budgets), **({"instruction": instruction} if instruction is not None else {})}