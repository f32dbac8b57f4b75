"""Reading a symbolic goal from model text, in both benchmarks' shapes. Never raises.

The answer is a JSON-ish object (read by :mod:`eai.base.jsonish`: fences, prose,
single quotes, repeated keys, trailing commas) holding goal sections, possibly
wrapped in another object. Of an answer cut short, the complete items are
read and the half-written last one is left out; ``truncated`` says so, as it
does for an answer longer than the scoring cap (:mod:`eai.base.answer_cap`). A section is named by a key containing ``goal`` (or a plural such as
``edges``): with ``action`` it holds action goals, with ``edge``/``relation``/
``binary`` relation goals, with ``node``/``state``/``unary`` state goals
(``"node goals"``, ``"Edge_Goals"``, ``"relation goals"``, ``"nodes"``).

A goal item may be written as
- VirtualHome's objects: ``{"name": "tv", "state": "ON"}``,
  ``{"from_name": "cup", "relation": "ON", "to_name": "table"}``,
  ``{"action": "TYPE", "description": "..."}``; or ``{"ON": "tv"}``;
- BEHAVIOR's lists: ``["stained", "bathtub.n.01_1"]``,
  ``["not", ["inside", "a", "b"]]``;
- strings: ``"ON(tv)"``, ``"(not (stained bathtub.n.01_1))"``,
  ``"inside a b"``; an action goal as its name (``"TYPE"``).
A predicate written ``"not X"`` is negated. A state or relation section
written as one BEHAVIOR goal without its list (``["not", ["ontop", "a",
"b"]]``, ``["ontop", "a", "b"]``) is that goal. Items that cannot be read as
a predicate with objects are kept, unreadable (empty ``predicate``), so the
evaluator can count them; empty items are skipped.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from eai.plugin_api import Pairs, capped, find_value, is_cut

SECTIONS = (("action", ("action",)), ("edge", ("edge", "relation", "binary")), ("node", ("node", "state", "unary")))
PLURALS = ("actions", "edges", "relations", "nodes", "states")
PREDICATE_KEYS = ("state", "relation", "relationtype", "predicate", "rel")
SUBJECT_KEYS = ("fromname", "from", "subject", "source", "name", "object", "objectname", "obj", "classname")
TARGET_KEYS = ("toname", "to", "target", "destination")
ACTION_KEYS = ("action", "actionname", "name")
TOKENS = re.compile(r"[^\s(),\[\]'\"]+")
BARE = re.compile(r"\s*[^\s(),\[\]'\"]+\s*")  # a name alone: no goal by itself
NEGATION = re.compile(r"^\s*\(?\s*not(?:\s+|(?=\())", re.I)  # "not_x" is a name (the resolver decides)


@dataclass(frozen=True)
class RawGoal:
    """One goal as written: its section (``node``, ``edge`` or ``action``),
    predicate or action name, object names and sign. An unreadable item has
    an empty ``predicate`` and its text in ``text``."""

    section: str
    predicate: str
    args: tuple[str, ...] = ()
    positive: bool = True
    text: str = ""

    def __str__(self) -> str:
        if not self.predicate:
            return self.text
        written = f"{self.predicate}({', '.join(self.args)})" if self.section != "action" else self.predicate
        return written if self.positive else f"not {written}"


@dataclass(frozen=True)
class ParsedGoals:
    goals: tuple[RawGoal, ...] = ()
    error: str = ""
    truncated: bool = False  # the answer was cut short, or longer than the cap


def parse_goals(text: str, cut: bool = False) -> ParsedGoals:
    """The goals ``text`` holds; ``cut``: the provider reports it cut by its token limit."""
    text, over_cap = capped(text, cut)
    found = find_value(text)
    truncated = over_cap or found.truncated
    sections = _sections(found.value, depth=0) if found.ok else None
    if sections is None:
        error = found.error or "no 'node goals', 'edge goals' or 'action goals' in the answer"
        return ParsedGoals(error=error, truncated=truncated)
    goals = []
    for section, value in sections:
        for item in _items(section, value):
            goal = None if is_cut(item) else _goal(section, item)
            if goal is not None:
                goals.append(goal)
    return ParsedGoals(tuple(goals), truncated=truncated)


def _section(key: str) -> str | None:
    words = _field(key)
    if "goal" not in words and words not in PLURALS:
        return None
    return next((name for name, marks in SECTIONS if any(mark in words for mark in marks)), None)


def _sections(value: Any, depth: int) -> list[tuple[str, Any]] | None:
    """The (section, value) pairs of the first object that has goal sections."""
    if depth > 3:
        return None
    if isinstance(value, Pairs):
        named = [(section, v) for k, v in value if (section := _section(k)) is not None]
        if named:
            return named
        children = [v for _, v in value]
    elif isinstance(value, list):
        children = value
    else:
        return None
    return next((got for child in children if (got := _sections(child, depth + 1)) is not None), None)


def _items(section: str, value: Any) -> list[Any]:
    if value is None or (isinstance(value, str) and value.strip().lower() in ("", "none", "null", "n/a")):
        return []
    if not isinstance(value, list) or (section != "action" and _one_goal(value)):
        return [value]
    return value


def _one_goal(value: list[Any]) -> bool:
    """Whether a section's list is one BEHAVIOR goal: ``["not", goal]``, or
    two or three bare names (none of which is a goal by itself)."""
    head = value[0] if value else None
    if isinstance(head, str) and head.strip().lower() == "not":
        return len(value) == 2
    return 2 <= len(value) <= 3 and all(isinstance(v, str) and BARE.fullmatch(v) for v in value)


def _goal(section: str, item: Any) -> RawGoal | None:
    if item is None or (isinstance(item, (list, str, Pairs)) and not item):
        return None
    read = _action(item) if section == "action" else _literal(item)
    if read is None:
        return RawGoal(section, "", text=_show(item))
    predicate, args, positive = read
    predicate, sign = _sign(predicate)
    return RawGoal(section, predicate, args, positive == sign)


def _action(item: Any) -> tuple[str, tuple[str, ...], bool] | None:
    if isinstance(item, Pairs):
        name = next((v for k, v in item if _field(k) in ACTION_KEYS), None)
        if name is None and len(item) == 1:
            name = item[0][0]
        item = name
    if isinstance(item, list) and item:
        item = item[0]
    if isinstance(item, str):
        match = TOKENS.search(item.replace("|", " "))
        return (match.group(0), (), True) if match else None
    return None


def _literal(item: Any) -> tuple[str, tuple[str, ...], bool] | None:
    """(predicate, object names, positive) of one state or relation goal."""
    if isinstance(item, Pairs):
        return _from_pairs(item)
    if isinstance(item, list) and item:
        head = item[0]
        if isinstance(head, str) and head.strip().lower() == "not" and len(item) >= 2:
            inner = _literal(item[1]) if len(item) == 2 else _literal(item[1:])
            return None if inner is None else (inner[0], inner[1], not inner[2])
        if isinstance(head, str) and all(isinstance(a, (str, int, float)) for a in item[1:]):
            return head.strip(), tuple(_name(a) for a in item[1:]), True
        return None
    if isinstance(item, str):
        negated = NEGATION.match(item)
        tokens = TOKENS.findall(item[negated.end():] if negated else item)
        return (tokens[0], tuple(tokens[1:]), not negated) if tokens else None
    return None


def _from_pairs(item: Pairs) -> tuple[str, tuple[str, ...], bool] | None:
    fields = {}
    for key, value in item:
        fields.setdefault(_field(key), value)
    predicate = next((fields[k] for k in PREDICATE_KEYS if k in fields), None)
    subject = next((fields[k] for k in SUBJECT_KEYS if k in fields), None)
    target = next((fields[k] for k in TARGET_KEYS if k in fields), None)
    if isinstance(predicate, str) and subject is not None:
        return predicate.strip(), tuple(_name(a) for a in (subject, target) if a is not None), True
    if len(item) == 1 and _field(item[0][0]) not in PREDICATE_KEYS + SUBJECT_KEYS + TARGET_KEYS:
        key, value = item[0]
        args = value if isinstance(value, list) else [value]
        if all(isinstance(a, (str, int, float)) for a in args):
            return key.strip(), tuple(_name(a) for a in args), True
    return None


def _sign(predicate: str) -> tuple[str, bool]:
    """``"not CLOSED"`` -> ``("CLOSED", False)``."""
    negated = NEGATION.match(predicate)
    return (predicate[negated.end():].strip(), False) if negated else (predicate, True)


def _field(key: str) -> str:
    return re.sub(r"[^a-z]", "", key.lower())


def _name(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def _show(item: Any) -> str:
    """An unreadable item as compact text (at most 120 characters)."""
    try:
        text = json.dumps(item, default=str)
    except ValueError:
        text = repr(item)
    return text if len(text) <= 120 else text[:117] + "..."
