"""The ways an agent may act, each an answer form read into a plan; never raises.

- ``json``: the plan as the world's prompt asks for it (EmbodiedBench's
  ``{"executable_plan": [{"action_id", "action_name"}], ...}`` on EB-ALFRED
  and EB-Habitat, the paper's JSON on VirtualHome and BEHAVIOR), read by
  :func:`eai.modules.plans.parse.parse_plan`; an answer in EB's shape without
  its ``executable_plan`` (cut before it) holds no plan, as EB's
  ``json_to_action`` finds none, rather than actions named after its fields.
- ``react``: ``Thought: ...`` then ``Action: ...``; what follows the last
  ``Action:`` is the plan: a plan in any form the parser reads, else one
  action per line (``find a Ladle``, ``WALK(sink)``).
- ``tools``: native tool calling, each action of the world's vocabulary a tool
  (:func:`tools_of`) whose ``objects`` are its arguments; the answer's text
  is its calls (:attr:`eai.llm.model.Request.tools`), each call a step. An
  answer that calls no tool is read as no plan.
"""

from __future__ import annotations

import json
import re
from typing import Any

from eai.base.jsonish import Pairs, find_value
from eai.modules.plans.parse import ParsedPlan, RawStep, parse_plan
from eai.simulation.vocabulary import Vocabulary

FORMS = ("json", "react", "tools")
EB_FIELDS = frozenset({"reasoning_and_reflection", "language_plan", "visual_state_description"})  # beside executable_plan
JSON, REACT, TOOLS = FORMS
ACTION_LINE = re.compile(r"^[^\S\n]*\**action\**[^\S\n]*:", re.I | re.M)
TOOLS_ASK = ("Act by calling the tools instead of answering in JSON: each call is one action, its objects named as "
             "the prompt names them; call them in the order to carry them out. Each call's result is what the "
             "environment answered.")
REACT_ASK = ("Answer in this form instead of JSON: a line 'Thought: ' with your reasoning, then a line 'Action: ' "
             "followed by the actions to carry out in order, one per line, each written as the action list or the "
             "examples write it.")


def read(form: str, text: str, cut: bool = False) -> ParsedPlan:
    """The plan the answer ``text`` in ``form`` holds (an error when none)."""
    if form == REACT:
        return _react(text, cut)
    if form == TOOLS:
        return _calls(text)
    return _json(text, cut)


def _json(text: str, cut: bool) -> ParsedPlan:
    found = find_value(text)
    if found.ok and isinstance(found.value, Pairs):
        keys = {str(key).lower() for key, _ in found.value}
        if keys & EB_FIELDS and "executable_plan" not in keys:
            return ParsedPlan(error="no executable_plan in the answer")
    return parse_plan(text, cut)


def tools_of(vocabulary: Vocabulary) -> tuple[dict[str, Any], ...]:
    """Each action of ``vocabulary`` as a tool: its name in lower case, its objects a list of names."""
    return tuple({"name": name.lower(), "description": spec.description or f"{name}, on {spec.arity} object(s)",
                  "parameters": {"type": "object", "required": ["objects"], "properties": {"objects": {
                      "type": "array", "items": {"type": "string"}, "minItems": spec.arity, "maxItems": spec.arity,
                      "description": f"the {spec.arity} object(s) {name} acts on, as the prompt names them"}}}}
                 for name, spec in sorted(vocabulary.actions.items()))


def calls(text: str) -> list[dict[str, Any]] | None:
    """The tool calls an answer's text holds (``[{"id", "name", "args"}, ...]``), or None."""
    try:
        found = json.loads(text)
    except ValueError:
        return None
    ok = isinstance(found, list) and found and all(isinstance(c, dict) and isinstance(c.get("name"), str)
                                                    and isinstance(c.get("args", {}), dict) for c in found)
    return found if ok else None


def _calls(text: str) -> ParsedPlan:
    found = calls(text)
    if found is None:
        return ParsedPlan(error="no tool was called")
    steps = []
    for call in found:
        objects = call.get("args", {}).get("objects", [])
        objects = objects if isinstance(objects, list) else [objects]
        steps.append(RawStep(call["name"].strip().upper(), tuple(str(o) for o in objects)))
    return ParsedPlan(tuple(steps))


def _react(text: str, cut: bool) -> ParsedPlan:
    starts = list(ACTION_LINE.finditer(text))
    if not starts:
        return ParsedPlan(error="no 'Action:' line")
    rest = text[starts[-1].end():]
    whole = parse_plan(rest, cut)
    if not whole.error:
        return whole
    lines = [line.strip().strip("`").strip() for line in rest.splitlines()]
    lines = [line for line in lines if line and not line.lower().startswith(("thought:", "observation:"))]
    if not lines:
        return ParsedPlan(truncated=whole.truncated)  # no step: an empty plan
    return parse_plan(json.dumps(lines), cut)


def asking(form: str) -> str:
    """What the observation adds to the world's prompt for ``form`` ("" for its own JSON)."""
    return {REACT: REACT_ASK, TOOLS: TOOLS_ASK}.get(form, "")
