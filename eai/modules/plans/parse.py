"""Reading an action plan from model text, in every shape models write it. Never raises.

- VirtualHome style: a JSON object whose keys are actions in order (keys may
  repeat) and whose values are arguments: ``{"WALK": ["sink", "231"], "STANDUP": []}``.
- BEHAVIOR style: a list of ``{"action": ..., "object": "a, b"}``.
- EmbodiedBench style: ``{"executable_plan": [{"action_id": 3, "action_name":
  "find a Ladle"}, ...], ...}``, the action written in the benchmark's words
  (kept as :attr:`RawStep.text`; the simulator's vocabulary reads it, see
  :meth:`eai.simulation.simulator.Vocabulary.read_phrase`) and its number in the task's
  action list (:attr:`RawStep.action_id`, which grounding reads as EB does:
  :mod:`eai.modules.plans.grounding`); a step's other fields
  (EB's own examples write ``action_description``) are not read.
- Also: a list of ``[ACTION, arg, ...]``, ``"WALK(sink)"`` strings, an object
  holding the plan as a list under ``output``/``actions``/``plan``/
  ``executable_plan`` (beside other keys), and VirtualHome program lines
  ``[WALK] <sink> (1.231)``.

Of an answer cut short (:mod:`eai.base.jsonish`) the complete steps are read and
the half-written last one left out; ``truncated`` says so, as it does for an
answer longer than the scoring cap (:mod:`eai.base.answer_cap`) or one the
provider reports cut, whose last program line is left out when the text
ended inside it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from eai.base.answer_cap import capped
from eai.base.jsonish import Pairs, find_value, is_cut


@dataclass(frozen=True)
class RawStep:
    """An action as written: its name (upper-cased) and argument tokens, and
    ``text``, the words as written when they may be a phrase of the
    benchmark's (``"find a Ladle"``: several words, no arguments);
    ``action_id``, the number an EmbodiedBench-style step gives it (None
    when it gives none, or one that is not a whole number)."""

    name: str
    args: tuple[str, ...] = ()
    text: str = ""
    action_id: int | None = None


@dataclass(frozen=True)
class ParsedPlan:
    steps: tuple[RawStep, ...] = ()
    error: str = ""
    truncated: bool = False  # the answer was cut short, or longer than the cap


PROGRAM_LINE = re.compile(r"^[^\S\n]*\[(\w+)\]((?:[^\S\n]*<[^>\n]+>[^\S\n]*\(\d+\.\d+\))*)[^\S\n]*$", re.M)
PROGRAM_ARG = re.compile(r"<([^>]+)>\s*\((\d+)\.(\d+)\)")
ACTION_NAME = re.compile(r"[A-Za-z_][\w ]*")
WRAPPERS = ("output", "actions", "plan", "action_sequence", "steps", "executable_plan")


def parse_plan(text: str, cut: bool = False) -> ParsedPlan:
    """The plan ``text`` holds; ``cut``: the provider reports it cut by its token limit."""
    text, over_cap = capped(text, cut)
    lines = list(PROGRAM_LINE.finditer(text))
    if over_cap and lines and lines[-1].end() == len(text):
        lines.pop()  # the text ended inside its last program line
    if any(PROGRAM_ARG.search(m.group(2)) for m in lines):
        return ParsedPlan(tuple(RawStep(_name(m.group(1)), tuple(f"{n}.{i}" for n, _, i in PROGRAM_ARG.findall(m.group(2))))
                                for m in lines), truncated=over_cap)
    found = find_value(text)
    if found.ok:
        steps = _steps(_unwrap(found.value))
        if steps is not None:
            return ParsedPlan(tuple(steps), truncated=over_cap or found.truncated)
    return ParsedPlan(error=found.error or "the answer is not an action plan", truncated=over_cap or found.truncated)


def _unwrap(value: Any) -> Any:
    while isinstance(value, Pairs) and len(value) == 1 and value[0][0].lower() in WRAPPERS:
        value = value[0][1]
    if isinstance(value, Pairs):
        return next((v for k, v in value if k.lower() in WRAPPERS and isinstance(v, list)), value)
    return value


def _steps(value: Any) -> list[RawStep] | None:
    """The steps of a plan, leaving out one the text ended inside; None when it is no plan."""
    if isinstance(value, Pairs):
        return [RawStep(_name(key), _args(args)) for key, args in value if not is_cut(args)]
    if isinstance(value, list):
        steps = [_step(item) for item in value if not is_cut(item)]
        return None if any(step is None for step in steps) else steps  # type: ignore[return-value]
    return None


def _step(item: Any) -> RawStep | None:
    if isinstance(item, Pairs):
        name = item.get("action", item.get("action_name", item.get("name")))
        number = _number(item.get("action_id"))
        if name is None and "action_id" in item.keys():
            return RawStep("", action_id=number)
        if name is None and len(item) == 1:
            return RawStep(_name(item[0][0]), _args(item[0][1]))
        if name is None:
            return None
        raw = item.get("object", item.get("objects", item.get("args", item.get("arguments", []))))
        step = _written(name, _args(raw, split=True))
        return RawStep(step.name, step.args, step.text, number)
    if isinstance(item, list) and item and isinstance(item[0], str):
        return RawStep(_name(item[0]), _args(item[1:]))
    if isinstance(item, str):
        call = item.strip()
        opening = call.find("(")
        if opening > 0 and call.endswith(")") and ACTION_NAME.fullmatch(call[:opening].rstrip()):  # WALK(sink)
            return RawStep(_name(call[:opening]), _args(call[opening + 1:-1], split=True))
        return _written(item, ())
    return None


def _written(name: Any, args: tuple[str, ...]) -> RawStep:
    """A step named ``name``; several words with no arguments may be a phrase."""
    text = " ".join(str(name).split())
    return RawStep(_name(name), args, text if " " in text and not args else "")


def _number(raw: Any) -> int | None:
    """A whole number written as a number or a numeral (``3``, ``3.0``, ``"3"``), else None."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float) and raw.is_integer():
        return int(raw)
    text = str(raw).strip() if isinstance(raw, str) else ""
    return int(text) if re.fullmatch(r"[+-]?\d{1,18}", text) else None


def _name(raw: Any) -> str:
    return re.sub(r"[\s\-]+", "_", str(raw).strip().strip("[]<>")).upper()


def _args(raw: Any, split: bool = False) -> tuple[str, ...]:
    if raw is None:
        return ()
    if isinstance(raw, (list, tuple)):
        return tuple(a for item in raw for a in _args(item, split))
    if isinstance(raw, float) and raw.is_integer():
        raw = int(raw)
    text = str(raw).strip()
    if split:
        return tuple(part.strip() for part in text.split(",") if part.strip())
    return (text,) if text else ()
