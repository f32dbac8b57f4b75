"""The trace: what happened in an episode, entry by entry, as the viewer shows it.

Every kind of episode fills the same shape (turn-by-turn collaboration,
replanning attempts and random action failures, pipeline stages), so the
page draws them with one view and later kinds (step-by-step episodes) add
entries, not views. As JSON::

    {"kind": "turns" | "attempts" | "agent",
     "entries": [entry, ...],
     "end": {figure: value, ...},       # the evaluation at the end
     "notes": [text, ...]}              # what the trace cannot show, or where it differs from the record

An entry is one turn, attempt or stage; only the fields it has are written:
``label`` ("turn 3", "attempt 2", "goal_interpretation"), ``agent`` (who
acted), ``prompt`` and ``prompt_as_sent`` (the prompt built again and whether
its digest is the one the run logged; None: none logged), ``observation``
(what an agent was shown, as its record kept it: :mod:`eai.viewer.agent`),
``answer`` (the model's text), ``parsed``, ``steps`` (see :func:`steps`; an
agent's: :func:`eai.viewer.agent.step_row`), ``outcome`` (one line),
``failed``, ``feedback`` (what the agent or model was told after it) and
``figures`` (e.g. percent complete after a turn).

A prompt is ``{"text": ...}``, ``{"base": k, "patch": [...]}``: entry
``k``'s prompt edited line by line (:func:`patch`), since the prompts of an
episode's turns differ in a few lines of many hundred, or ``{"patch": [...]}``:
the unit's ``prompt_base`` edited (:func:`share_prompts`: the first prompts
of a unit's episodes share most of their lines too).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from difflib import SequenceMatcher
from typing import Any

from eai.llm.model import Message, prompt_digest
from eai.modules.base import Env
from eai.modules.plans.grounding import ground
from eai.modules.trajectory import run_plan
from eai.simulation.taxonomy import execute
from eai.world import Task, format_atom


def plain(value: Any) -> Any:
    """``value`` as JSON data: dataclasses as objects, tuples as lists, the rest as text."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [plain(v) for v in value]
        return sorted(items, key=str) if isinstance(value, (set, frozenset)) else items
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def steps(task: Task, parsed: Any, simulator: Any, env: Env | None = None) -> list[dict[str, Any]]:
    """Each step of an action-sequencing answer as run from the task's initial
    state (in ``env``, with its random action failures, when given): the
    action, the atoms it added and removed, and how it ended (``done``,
    ``additional``: no effect needed, ``failed at random``: no effect,
    ``failed``: the error step, with ``detail``, ``not run``: after it)."""
    world = simulator.world(task)
    grounding = ground(parsed, world, simulator.vocabulary, simulator.action_list(task))
    plan, grammar = grounding.plan, grounding.error
    if grammar is not None:
        return [{"action": str(a), "outcome": "not run", "added": [], "removed": []} for a in plan]
    execution = run_plan(world, plan, task, env) if env is not None else execute(world, plan)
    found, states, moved = [], execution.trajectory.states, 0
    for i, action in enumerate(plan):
        step: dict[str, Any] = {"action": str(action), "added": [], "removed": []}
        if i in execution.additional_steps:
            step["outcome"] = "additional"
        elif i == execution.error_step:
            step |= {"outcome": "failed", "detail": f"{execution.error_type.value}: {execution.detail}"}  # type: ignore[union-attr]
        elif execution.error_step is not None and i > execution.error_step:
            step["outcome"] = "not run"
        elif i in execution.failed_steps:
            step |= {"outcome": "failed at random", "detail": "the action failed at random and changed nothing"}
            moved += 1
        else:
            added, removed = states[moved].diff(states[moved + 1])
            step |= {"outcome": "done", "added": [format_atom(a) for a in added], "removed": [format_atom(a) for a in removed]}
            moved += 1
        found.append(step)
    return found


def prompt_text(messages: Sequence[Message]) -> str:
    """The messages of a prompt as one text; in a conversation (replanning)
    each change of speaker is headed ``[assistant]`` or ``[user]``."""
    parts = []
    for i, message in enumerate(messages):
        changed = i > 0 and message.role != messages[i - 1].role
        parts.append(f"[{message.role}]\n{message.content}" if changed else message.content)
    return "\n\n".join(parts)


def as_sent(messages: Sequence[Message], logged: str | None) -> bool | None:
    """Whether ``messages`` are the prompt whose digest the run logged (None: none logged)."""
    return None if logged is None else prompt_digest(messages) == logged


def patch(base: str, text: str) -> list[int | str]:
    """``text`` as line edits of ``base``: n > 0 keeps the next n lines of
    ``base``, n < 0 skips the next -n, a string is a line of ``text``."""
    old, new = base.split("\n"), text.split("\n")
    edits: list[int | str] = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag == "equal":
            edits.append(i2 - i1)
            continue
        if i2 > i1:
            edits.append(i1 - i2)
        edits.extend(new[j1:j2])
    return edits


def prompt_field(text: str, base: int | None, base_text: str | None) -> dict[str, Any]:
    """A prompt of an entry: the text, or a patch of entry ``base``'s when that is shorter."""
    if base is not None and base_text is not None:
        edits = patch(base_text, text)
        if sum(len(e) if isinstance(e, str) else 4 for e in edits) < len(text):
            return {"base": base, "patch": edits}
    return {"text": text}


def entry(label: str, **fields: Any) -> dict[str, Any]:
    """A trace entry with the fields given that hold something (see the module's docstring)."""
    return {"label": label, **{k: v for k, v in fields.items() if v is not None and v != [] and v != {}}}


def trace(kind: str, entries: list[dict[str, Any]], end: dict[str, Any], notes: Sequence[str] = ()) -> dict[str, Any]:
    return {"kind": kind, "entries": entries, "end": end, "notes": [n for n in notes if n]}


def share_prompts(traces: list[dict[str, Any]]) -> str | None:
    """Write the first prompts of ``traces`` (those given as text) as patches
    of one base, the first of them, where that is shorter; the base (None
    when no trace has a prompt)."""
    base = None
    for shown in traces:
        for e in shown["entries"]:
            text = e.get("prompt", {}).get("text")
            if text is None:
                continue
            base = text if base is None else base
            shared = prompt_field(text, 0, base)
            if "patch" in shared:
                e["prompt"] = {"patch": shared["patch"]}
    return base
