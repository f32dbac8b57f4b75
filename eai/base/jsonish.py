"""Reading the JSON that language models actually write. Never raises.

Accepted beyond JSON: objects with repeated keys (kept, in order, as a list of
pairs), single-quoted strings, bare words (``WALK``, ``True``, ``None``), trailing
commas, no comma between the objects or arrays of an array (EmbodiedBench's
examples), ``#`` and ``//`` comments, code fences and prose around the value. Objects come back as :class:`Pairs` so repeated keys survive. A number
of more than 40 characters is kept as its text.

An answer cut short (by a token limit, or a stop sequence at ``}``) is read
up to where it stops: its open objects and arrays are closed, the value being
written when the text ended (a string, number or word with nothing after it,
a key without its value) is left out, and every object or array the text ended
inside is marked (:func:`is_cut`), so a reader can leave out a half-written
item too. :attr:`Found.truncated` says the value was cut.

Time is linear in the length of the text: a value that fails is not read
again from inside; what it completed before failing is kept as a candidate.
A text that is one strict JSON object or array (spaces around it allowed) is
read by the json module, which gives the same value several times faster.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from eai.base.json_reader import MAX_DEPTH, MAX_NUMBER, OPENING, CutList, Pairs, is_cut, longest

__all__ = ["FENCE", "MAX_DEPTH", "MAX_NUMBER", "CutList", "Found", "Pairs", "find_value", "is_cut"]


@dataclass(frozen=True)
class Found:
    value: Any
    error: str = ""
    truncated: bool = False  # the text ended inside the value

    @property
    def ok(self) -> bool:
        return not self.error


# A fenced block's body; the lookaheads stop backtracking into the language
# tag and the spaces after it (else a long tag-like run is quadratic).
FENCE = re.compile(r"```[A-Za-z0-9_-]*(?![A-Za-z0-9_-])[^\S\n]*(?![^\S\n])\n?(.*?)```", re.S)


def find_value(text: Any) -> Found:
    """The longest JSON-ish object or array in ``text`` (fenced code is tried
    first; among equally long ones the first). A cut value counts as long as
    what it completed."""
    if not isinstance(text, str):
        return Found(None, f"expected text, got {type(text).__name__}")
    first_error = ""
    for candidate in [m.group(1) for m in FENCE.finditer(text)] + [text]:
        strict = _strict(candidate)
        if strict is not None:
            return Found(strict)
        best, error = longest(candidate)
        first_error = first_error or error
        if best is not None:
            return Found(best[1], truncated=best[2])
    return Found(None, first_error or "no JSON object or list found")


def _strict(text: str) -> Any:
    """The object or array that all of ``text`` is, when it is strict JSON
    with no value nested over :data:`MAX_DEPTH` deep (what the tolerant
    reader, :func:`eai.base.json_reader.longest`, gives for it); else None."""
    if OPENING.match(text, len(text) - len(text.lstrip(" \t\r\n"))) is None:
        return None
    try:
        value = json.loads(text, object_pairs_hook=Pairs, parse_int=_int, parse_float=_float, parse_constant=_refuse)
    except (ValueError, RecursionError):
        return None
    if text.count("[") + text.count("{") > MAX_DEPTH and _too_deep(value):
        return None  # the tolerant reader stops there and keeps an inner value
    return value


def _too_deep(value: Any) -> bool:
    """Whether a value inside ``value`` (at depth 0) is more than :data:`MAX_DEPTH` deep."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        if isinstance(item, Pairs):
            stack.extend((v, depth + 1) for _, v in item)
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return False


def _int(token: str) -> int | str:
    return token if len(token) > MAX_NUMBER else int(token)


def _float(token: str) -> float | str:
    return token if len(token) > MAX_NUMBER else float(token)


def _refuse(token: str) -> None:
    raise ValueError(f"{token} is not JSON")  # NaN and Infinity: the tolerant reader decides
