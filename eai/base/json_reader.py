"""The tolerant reader of :mod:`eai.base.jsonish`: one JSON-ish value read from a position in a text.

It reads what :mod:`eai.base.jsonish` accepts beyond JSON, closes what a text
cut short left open (marking it, :func:`is_cut`), and on text that is no value
keeps the longest object or array it completed inside, so :func:`longest`
never reads a failed value again from inside (time linear in the text).
"""

from __future__ import annotations

import re
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


OPENING = re.compile(r"[{\[]")
WORDS = {"true": True, "false": False, "null": None, "none": None}
SPACE = re.compile(r"(?:[ \t\r\n]+|(?:#|//)[^\n]*)*")
NUMBER = re.compile(r"-?\d+(\.\d+)?([eE][-+]?\d+)?(?![\w.])")
WORD = re.compile(r"[A-Za-z_][\w.\-]*")
NUMBER_START = re.compile(r"-?\d*(?:\.\d*)?(?:[eE][-+]?\d*)?\Z")  # the start of a number, at the end of the text
PLAIN = {'"': re.compile(r'[^"\\]*'), "'": re.compile(r"[^'\\]*")}
HEX4 = re.compile(r"[0-9a-fA-F]{4}")
ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "/": "/", "\\": "\\", '"': '"', "'": "'"}


def longest(text: str) -> tuple[tuple[int, Any, bool] | None, str]:
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
        value: Any
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
