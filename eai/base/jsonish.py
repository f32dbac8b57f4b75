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

MAX_DEPTH = 100
MAX_NUMBER = 40  # characters; longer numbers are kept as text (Python's int() limits and slows them)


class Pairs(list):  # type: ignore[type-arg]
    """A JSON object as an ordered list of (key, value), repeated keys kept;
    ``cut`` when the text ended inside it."""

    cut = False

    def get(self, key: str, default: Any = None) -> Any:
        return next((v for k, v in self if k == key), default)

    def keys(self) -> list[str]:
        return [k for k, _ in self]


class CutList(list):  # type: ignore[type-arg]
    """A JSON array the text ended inside: the items written before."""

    cut = True


def is_cut(value: Any) -> bool:
    """Whether ``value`` is an object or array the text ended inside."""
    return isinstance(value, (Pairs, CutList)) and value.cut


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
WORDS = {"true": True, "false": False, "null": None, "none": None}
OPENING = re.compile(r"[{\[]")
SPACE = re.compile(r"(?:[ \t\r\n]+|(?:#|//)[^\n]*)*")
NUMBER = re.compile(r"-?\d+(\.\d+)?([eE][-+]?\d+)?(?![\w.])")
WORD = re.compile(r"[A-Za-z_][\w.\-]*")
NUMBER_START = re.compile(r"-?\d*(?:\.\d*)?(?:[eE][-+]?\d*)?\Z")  # the start of a number, at the end of the text
PLAIN = {'"': re.compile(r'[^"\\]*'), "'": re.compile(r"[^'\\]*")}
HEX4 = re.compile(r"[0-9a-fA-F]{4}")
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "/": "/", "\\": "\\", '"': '"', "'": "'"}


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
        best, error = _longest(candidate)
        first_error = first_error or error
        if best is not None:
            return Found(best[1], truncated=best[2])
    return Found(None, first_error or "no JSON object or list found")


def _strict(text: str) -> Any:
    """The object or array that all of ``text`` is, when it is strict JSON
    with no value nested over :data:`MAX_DEPTH` deep (what :func:`_longest`
    gives for it); else None."""
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


def _longest(text: str) -> tuple[tuple[int, Any, bool] | None, str]:
    """(length, value, cut) of the longest value in ``text``, and the first error met."""
    best: tuple[int, Any, bool] | None = None
    error = ""
    opening = OPENING.search(text)
    while opening is not None:
        reader = _Reader(text, opening.start())
        length, value, cut, stop = reader.read()
        if stop is not None:
            error = error or stop.describe(text)
        if length and (best is None or length > best[0]):
            best = (length, value, cut)
        opening = OPENING.search(text, reader.resume)
    return best, error


class _Stop(Exception):
    """Text that is no JSON-ish value, at ``pos``."""

    def __init__(self, message: str, pos: int) -> None:
        super().__init__(message)
        self.message, self.pos = message, pos

    def describe(self, text: str) -> str:
        line = text.count("\n", 0, self.pos) + 1
        return f"{self.message} at line {line}"


class _End(Exception):
    """The text ended inside a value; ``partial`` is the object or array
    being read, with its complete items (None for any other value)."""

    def __init__(self, partial: Any = None) -> None:
        super().__init__()
        self.partial = partial


class _Reader:
    """One value read from ``start``: whole, cut by the end of the text, or
    failed; in the last case the longest object or array completed inside it."""

    def __init__(self, text: str, start: int) -> None:
        self.text, self.pos, self.start = text, start, start
        self.done = start  # end of the last complete value
        self.inner: tuple[int, Any] | None = None  # (length, value) of the longest complete collection
        self.resume = start + 1  # where to look for the next value

    def read(self) -> tuple[int, Any, bool, _Stop | None]:
        """(length, value, cut, why it failed); length 0 when nothing was read."""
        try:
            value = self.value(0)
        except _End as end:
            self.resume = len(self.text)
            value = end.partial
            return (max(self.done - self.start, 1), value, True, None) if value is not None else (0, None, False, None)
        except _Stop as stop:
            self.resume = max(stop.pos, self.start + 1)
            length, value = self.inner or (0, None)
            return length, value, False, stop
        self.resume = self.pos
        return self.pos - self.start, value, False, None

    def skip(self) -> None:
        self.pos = SPACE.match(self.text, self.pos).end()  # type: ignore[union-attr]

    def char(self) -> str:
        """The next character after spaces and comments; _End at the end of the text."""
        self.skip()
        if self.pos >= len(self.text):
            raise _End()
        return self.text[self.pos]

    def value(self, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise _Stop("nested too deep", self.pos)
        char = self.char()
        if char == "{":
            value = self.collection("}", depth, Pairs())
        elif char == "[":
            value = self.collection("]", depth, [])
        elif char in "\"'":
            value = self.string(char)
        else:
            value = self.scalar(char)
        self.done = self.pos
        return value

    def scalar(self, char: str) -> Any:
        match = NUMBER.match(self.text, self.pos) or WORD.match(self.text, self.pos)
        if match is None and NUMBER_START.match(self.text, self.pos):
            raise _End()
        if match is None:
            raise _Stop(f"unexpected {char!r}", self.pos)
        if match.end() == len(self.text):  # a number or word may go on where the text stops
            raise _End()
        self.pos = match.end()
        token = match.group(0)
        if match.re is WORD:
            return WORDS.get(token.lower(), token)
        if len(token) > MAX_NUMBER:
            return token
        return int(token) if token.lstrip("-").isdigit() else float(token)

    def collection(self, close: str, depth: int, items: list[Any]) -> list[Any]:
        start, keyed = self.pos, isinstance(items, Pairs)
        self.pos += 1
        key: str | None = None
        try:
            while True:
                if self.char() == close:
                    self.pos += 1
                    if self.inner is None or self.pos - start > self.inner[0]:
                        self.inner = (self.pos - start, items)
                    return items
                if keyed:
                    key = None
                    written = self.value(depth + 1)
                    if self.char() != ":":
                        raise _Stop("expected ':' after a key", self.pos)
                    self.pos += 1
                    key = str(written)
                    items.append((key, self.value(depth + 1)))
                else:
                    items.append(self.value(depth + 1))
                char = self.char()
                if char == ",":
                    self.pos += 1
                elif char != close and (keyed or char not in "{[" or not isinstance(items[-1], (list, Pairs))):
                    raise _Stop(f"expected ',' or {close!r}", self.pos)
        except _End as end:
            if end.partial is not None and (key is not None or not keyed):
                items.append((key, end.partial) if keyed else end.partial)
            if keyed:
                items.cut = True  # type: ignore[attr-defined]
                raise _End(items) from None
            raise _End(CutList(items)) from None

    def string(self, quote: str) -> str:
        out, text, plain = [], self.text, PLAIN[quote]
        pos = self.pos + 1
        while True:
            run = plain.match(text, pos).end()  # type: ignore[union-attr]
            out.append(text[pos:run])
            pos = run
            if pos >= len(text) or pos + 1 >= len(text) and text[pos] == "\\":
                raise _End()
            if text[pos] == quote:
                self.pos = pos + 1
                return "".join(out)
            escaped = text[pos + 1]
            if escaped == "u" and HEX4.fullmatch(text, pos + 2, pos + 6):
                code = int(text[pos + 2:pos + 6], 16)
                pos += 6
                if 0xD800 <= code < 0xDC00 and text.startswith("\\u", pos) and HEX4.fullmatch(text, pos + 2, pos + 6):
                    low = int(text[pos + 2:pos + 6], 16)
                    if 0xDC00 <= low < 0xE000:  # a surrogate pair: one character
                        code = 0x10000 + (code - 0xD800) * 0x400 + low - 0xDC00
                        pos += 6
                out.append(chr(code))
            else:
                out.append(ESCAPES.get(escaped, escaped))
                pos += 2
