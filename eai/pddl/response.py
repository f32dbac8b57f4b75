"""Action schemas from model output: tolerant, never raising on any text.

A response may be raw PDDL, a JSON object ``{"output": "<pddl>"}`` (newlines
escaped), a markdown code fence, prose around the blocks, or all of these.
Every ``(:action ...)`` block is parsed on its own, so one broken block does
not lose the others. The prompts' own template closes the header early
(``(:action grasp)`` then ``:parameters ...`` then ``)``); that spelling is
read as meant. A last block the text ends inside (an answer cut short) is a
parse error of its operator, and the answer is marked ``truncated``, as one
longer than the scoring cap (:mod:`eai.base.answer_cap`) is.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from dataclasses import dataclass, field

from eai.base.answer_cap import capped
from eai.base.jsonish import FENCE
from eai.pddl.model import Operator
from eai.pddl.parser import PDDLSyntaxError, parse_action

_ACTION = re.compile(r"\(\s*:action\b", re.IGNORECASE)
_HEAD = re.compile(r"\(\s*:action\s+([^\s();]+)", re.IGNORECASE)
_EARLY_CLOSE = re.compile(r"\(\s*:action\s+[^\s();]+\s*(\))\s*:parameters\b", re.IGNORECASE)


@dataclass(frozen=True)
class BlockError:
    """Why one ``(:action ...)`` block did not parse; the position is in
    :attr:`OperatorParse.text`."""

    message: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"line {self.line}, column {self.column}: {self.message}"


@dataclass(frozen=True)
class OperatorParse:
    """Per operator name (in order of appearance): the parsed schema or its error.

    ``text`` is the response with any JSON wrapping undone. A name lands in
    ``errors`` only when none of its blocks parsed; the first block that
    parses wins. ``truncated``: the text ends inside the last block, or the
    response was longer than the cap.
    """

    text: str
    operators: dict[str, Operator] = field(default_factory=dict)
    errors: dict[str, BlockError] = field(default_factory=dict)
    truncated: bool = False


def parse_operators(response: str, cut: bool = False) -> OperatorParse:
    """All action schemas found in ``response``; ``cut``: the provider reports it cut by its token limit."""
    response, truncated = capped(response, cut)
    text = unwrap(response)
    newlines = [m.start() for m in re.finditer("\n", text)]
    operators: dict[str, Operator] = {}
    errors: dict[str, BlockError] = {}
    for start, block, closed in action_blocks(text):
        truncated = truncated or not closed and start + len(block) == len(text)
        head = _HEAD.match(block)
        name = head.group(1).lower() if head else "<unnamed at {}:{}>".format(*_shift(newlines, start, 1, 1))
        if name in operators:
            continue
        try:
            operators[name] = parse_action(block)
            errors.pop(name, None)
        except PDDLSyntaxError as exc:
            line, column = _shift(newlines, start, exc.line, exc.column)
            errors.setdefault(name, BlockError(exc.message, line, column))
    return OperatorParse(text, operators, errors, truncated)


def unwrap(response: str) -> str:
    """The PDDL part of a response: the ``output`` of a JSON object when there
    is one (also inside a code fence), else the text with JSON escapes undone."""
    for candidate in _json_candidates(response):
        try:
            value = json.loads(candidate)
        except (ValueError, RecursionError):
            continue
        found = _pddl_in(value)
        if found is not None:
            return found
    if "\\n" in response or '\\"' in response:
        return response.replace("\\n", "\n").replace("\\t", "\t").replace('\\"', '"')
    return response


def _json_candidates(text: str) -> list[str]:
    candidates = [text.strip(), *(m.group(1).strip() for m in FENCE.finditer(text))]
    first, last = text.find("{"), text.rfind("}")
    if 0 <= first < last:
        candidates.append(text[first : last + 1])
    return candidates


def _pddl_in(value: object) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        if isinstance(value.get("output"), str):
            return value["output"]
        texts = [v for v in value.values() if isinstance(v, str) and _ACTION.search(v)]
        return "\n".join(texts) if texts else None
    return None


def action_blocks(text: str) -> list[tuple[int, str, bool]]:
    """``(offset, block, closed)`` for every ``(:action`` in ``text``: up to its
    closing parenthesis, or up to the next ``(:action`` when it never closes."""
    starts = [m.start() for m in _ACTION.finditer(text)]
    blocks = []
    for start, end in zip(starts, [*starts[1:], len(text)]):
        segment = text[start:end]
        early = _EARLY_CLOSE.match(segment)
        if early:  # blank the early ")" so positions stay true
            cut = early.start(1)
            segment = segment[:cut] + " " + segment[cut + 1 :]
        end = _balanced_end(segment)
        blocks.append((start, segment[:end] if end else segment, end is not None))
    return blocks


def _balanced_end(segment: str) -> int | None:
    """Where the parenthesis opening ``segment`` closes; None when it does not."""
    depth = 0
    in_comment = False
    for i, char in enumerate(segment):
        if in_comment:
            in_comment = char != "\n"
        elif char == ";":
            in_comment = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
            if depth == 0:
                return i + 1
    return None


def _shift(newlines: list[int], offset: int, line: int, column: int) -> tuple[int, int]:
    """A (line, column) inside the block at ``offset`` -> the same in the text
    whose line breaks are at ``newlines``."""
    before = bisect_left(newlines, offset)  # line breaks before the block
    base_column = offset - (newlines[before - 1] + 1 if before else 0)
    return before + line, column + (base_column if line == 1 else 0)
