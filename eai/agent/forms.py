"""The ways an agent may act, each an answer form read into a plan; never raises.

- ``json``: the plan as the world's prompt asks for it (EmbodiedBench's
  ``{"executable_plan": [{"action_id", "action_name"}], ...}`` on EB-ALFRED
  and EB-Habitat, the paper's JSON on VirtualHome and BEHAVIOR), read by
  :func:`eai.modules.plans.parse.parse_plan`.
- ``react``: ``Thought: ...`` then ``Action: ...``; what follows the last
  ``Action:`` is the plan: a plan in any form the parser reads, else one
  action per line (``find a Ladle``, ``WALK(sink)``).
"""

from __future__ import annotations

import json
import re

from eai.modules.plans.parse import ParsedPlan, parse_plan

FORMS = ("json", "react")
JSON, REACT = FORMS
ACTION_LINE = re.compile(r"^[^\S\n]*\**action\**[^\S\n]*:", re.I | re.M)
REACT_ASK = ("Answer in this form instead of JSON: a line 'Thought: ' with your reasoning, then a line 'Action: ' "
             "followed by the actions to carry out in order, one per line, each written as the action list or the "
             "examples write it.")


def read(form: str, text: str, cut: bool = False) -> ParsedPlan:
    """The plan the answer ``text`` in ``form`` holds (an error when none)."""
    if form == REACT:
        return _react(text, cut)
    return parse_plan(text, cut)


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
    return REACT_ASK if form == REACT else ""
