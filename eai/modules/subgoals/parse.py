"""Reading a subgoal plan from model text, in the shapes models write it. Never raises.

Accepted: the paper's ``{"output": [line, ...]}`` (other keys ignored; also
under ``subgoals``/``subgoal_plan``/``plan``), a bare JSON list of lines, or
plain text with one formula per line (bullets, numbering, quotes and trailing
commas stripped). Code fences and prose around the JSON are skipped. Each
line is an LTL formula (:mod:`eai.ltl`); connectives may be written in any
case (``AND``). A line whose top level is ``A then B`` counts as the
consecutive subgoals ``A`` and ``B``. A line that does not parse is kept
with its error; the others are still read. Of an answer cut short
(:mod:`eai.base.jsonish`) the complete lines are read and the half-written last
one left out; ``truncated`` says so, as it does for an answer longer than the
scoring cap (:mod:`eai.base.answer_cap`) or one the provider reports cut. A JSON
object cut before the plan's key has no subgoal (its other keys are not read
as lines).

Plain text is a plan only when its formula lines are one list: a line is a
formula line when it starts (after its bullet, number or quote) with
``name(``, ``not``, ``(`` or a quantifier; prose may come before the list
and after it, never between its lines, and the line just before it must not
announce the initial or current state (a model restating the prompt's state
wrote no plan). Formula lines scattered through prose are no plan: a parsing
error, never subgoals taken out of the prose. Of a truncated answer, a last
line the text ended inside is left out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from eai.base.answer_cap import capped
from eai.base.jsonish import Found, Pairs, find_value, is_cut
from eai.ltl import And, Formula, Implies, LTLSyntaxError, Not, Or, Prim, Then, has_then, parse

MAX_DEPTH = 100  # subgoals are shallow; deeper ones would exhaust recursion downstream
KEYS = ("output", "subgoals", "subgoal_plan", "plan")
CONNECTIVE = re.compile(r"(?<![\w.\-])(and|or|not|then)(?![\w.\-])", re.I)
LEADING = re.compile(r"\s*(?:[-*\u2022]|\d+[.):]|\[\d+\])?\s*[\"'`]?")
# a line that starts as a formula does: name(, or a quantifier, after any "not" and "("
FORMULA_LINE = re.compile(r"(?:not\s+|\(\s*)*(?:[A-Za-z_][\w.\-]*\(|(?:forall|exists)\s+\w+\s*\.|forn\s+\d+\s*\.)", re.I)
# a heading announcing the state the prompt gave: "Initial state:", "## Current states", "The initial state is:"
RESTATED = re.compile(r"[\s#*_>-]*(?:the\s+)?(?:initial|current|starting|start)\s+(?:states?|conditions?)\b", re.I)


@dataclass(frozen=True)
class Line:
    """One subgoal as written, its formula, or why it could not be read."""

    text: str
    formula: Formula | None = None
    error: str = ""


@dataclass(frozen=True)
class ParsedSubgoals:
    """The subgoals in order; ``error`` when no plan at all could be read."""

    lines: tuple[Line, ...] = ()
    error: str = ""
    truncated: bool = False  # the answer was cut short, or longer than the cap

    @property
    def line_errors(self) -> tuple[tuple[int, str], ...]:
        """(subgoal index, error) of the subgoals that did not parse."""
        return tuple((i, line.error) for i, line in enumerate(self.lines) if line.error)


def parse_subgoals(text: Any, cut: bool = False) -> ParsedSubgoals:
    """The subgoal lines ``text`` holds; ``cut``: the provider reports it cut by its token limit."""
    text, over_cap = capped(text, cut)
    found = find_value(text)
    truncated = over_cap or found.truncated
    items = _json_lines(found)
    if items is None and isinstance(found.value, Pairs) and found.truncated:
        return ParsedSubgoals(truncated=True)  # cut before its plan: no subgoal
    if items is None:
        items, error = _plain_lines(text, truncated)
        if error:
            return ParsedSubgoals(error=error, truncated=truncated)
    return ParsedSubgoals(tuple(line for item in items if not is_cut(item) for line in _read(item)), truncated=truncated)


def _json_lines(found: Found) -> list[Any] | None:
    """The plan's lines if the text holds them as JSON."""
    value = found.value if found.ok else None
    if isinstance(value, Pairs):
        keyed = {key.strip().lower(): item for key, item in reversed(value)}
        value = next((keyed[key] for key in KEYS if key in keyed), None)
        if isinstance(value, str):
            value = value.splitlines()
    return value if isinstance(value, list) else None


def _plain_lines(text: str, truncated: bool) -> tuple[list[str], str]:
    """The formula lines of a plain-text plan, or why the text holds none."""
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("```")]
    if truncated and lines and not text.endswith(("\n", "\r")):
        lines.pop()  # the text ended inside its last line
    written = [i for i, line in enumerate(lines) if FORMULA_LINE.match(_undecorated(line))]
    if not written:
        return [], "no subgoal plan found (expected {\"output\": [...]} or one formula per line)"
    first, last, kept = written[0], written[-1], set(written)
    prose = [i for i in range(first, last) if lines[i].strip() and i not in kept]
    if prose:
        return [], (f"formula lines scattered through prose (such as {lines[prose[0]].strip()[:60]!r}), "
                    "no subgoal plan (expected {\"output\": [...]} or one formula per line)")
    lead = next((line for line in reversed(lines[:first]) if line.strip()), "")
    if RESTATED.match(lead):
        return [], f"the formula lines follow {lead.strip()[:60]!r}: they restate the state given, no subgoal plan"
    return [lines[i] for i in written], ""


def _undecorated(item: str) -> str:
    """A line without bullet, numbering, quotes and trailing comma."""
    text = item[LEADING.match(item).end():].rstrip()  # type: ignore[union-attr]
    if text[-1:] in (",", ";", "."):
        text = text[:-1].rstrip()
    return text[:-1] if text[-1:] in ("\"", "'", "`") else text


def _read(item: Any) -> list[Line]:
    """The subgoals of one written line (several when its top level is ``then``)."""
    if not isinstance(item, str):
        return [Line(str(item), error=f"expected a formula as text, got {type(item).__name__}")]
    text = CONNECTIVE.sub(lambda m: m.group(1).lower(), _undecorated(item))
    if not text:
        return [Line(item, error="empty subgoal")]
    try:
        formula = parse(text)
    except LTLSyntaxError as err:
        return [Line(item, error=str(err))]
    if _depth(formula) > MAX_DEPTH:
        return [Line(item, error=f"nested deeper than {MAX_DEPTH} levels")]
    parts = formula.args if isinstance(formula, Then) else (formula,)
    nested = "'then' inside a subgoal; write its parts as separate lines"
    return [Line(item, error=nested) if has_then(part) else Line(item, part) for part in parts]


def _depth(formula: Formula) -> int:
    """How deeply ``formula`` nests, found without recursion."""
    deepest, stack = 0, [(formula, 1)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(node, Not):
            children: tuple = (node.arg,)
        elif isinstance(node, (And, Or, Then)):
            children = node.args
        elif isinstance(node, Implies):
            children = (node.lhs, node.rhs)
        elif isinstance(node, Prim):
            children = ()
        else:
            children = (node.body,)
        stack.extend((child, depth + 1) for child in children)
    return deepest
