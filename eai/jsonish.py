"""Reading the JSON that language models actually write. Never raises.

Accepted beyond JSON: objects with repeated keys (kept, in order, as a list of
pairs), single-quoted strings, bare words (``WALK``, ``True``, ``None``),
trailing commas, ``#`` and ``//`` comments, code fences and prose around the
value. Objects come back as :class:`Pairs` so repeated keys survive.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any


class Pairs(list):  # type: ignore[type-arg]
    """A JSON object as an ordered list of (key, value), repeated keys kept."""

    def get(self, key: str, default: Any = None) -> Any:
        return next((v for k, v in self if k == key), default)

    def keys(self) -> list[str]:
        return [k for k, _ in self]


@dataclass(frozen=True)
class Found:
    value: Any
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.error


FENCE = re.compile(r"```[A-Za-z0-9_-]*\s*\n?(.*?)```", re.S)
WORDS = {"true": True, "false": False, "null": None, "none": None}


def find_value(text: str, opening: str = "{[") -> Found:
    """The longest JSON-ish object or array in ``text``; fenced code is tried first."""
    if not isinstance(text, str):
        return Found(None, f"expected text, got {type(text).__name__}")
    first_error = ""
    for candidate in [m.group(1) for m in FENCE.finditer(text)] + [text]:
        best: tuple[int, Any] | None = None
        start, attempts = 0, 0
        while attempts < 200:
            starts = [i for i in (candidate.find(c, start) for c in opening) if i >= 0]
            if not starts:
                break
            start = min(starts)
            attempts += 1
            value, end, error = _Reader(candidate, start).read()
            if error:
                first_error = first_error or error
                start += 1
                continue
            if best is None or end - start > best[0]:
                best = (end - start, value)
            start = end
        if best is not None:
            return Found(best[1])
    return Found(None, first_error or "no JSON object or list found")


class _Reader:
    def __init__(self, text: str, pos: int) -> None:
        self.text, self.pos = text, pos

    def read(self) -> tuple[Any, int, str]:
        try:
            value = self.value(0)
        except _Stop as stop:
            return None, self.pos, str(stop)
        return value, self.pos, ""

    def fail(self, message: str) -> _Stop:
        line = self.text.count("\n", 0, self.pos) + 1
        return _Stop(f"{message} at line {line}")

    def skip(self) -> None:
        text = self.text
        while self.pos < len(text):
            char = text[self.pos]
            if char in " \t\r\n":
                self.pos += 1
            elif char == "#" or text.startswith("//", self.pos):
                end = text.find("\n", self.pos)
                self.pos = len(text) if end < 0 else end
            else:
                return

    def value(self, depth: int) -> Any:
        if depth > 100:
            raise self.fail("nested too deep")
        self.skip()
        if self.pos >= len(self.text):
            raise self.fail("unexpected end of text")
        char = self.text[self.pos]
        if char == "{":
            return self.collection("}", depth, keyed=True)
        if char == "[":
            return self.collection("]", depth, keyed=False)
        if char in "\"'":
            return self.string(char)
        match = re.compile(r"-?\d+(\.\d+)?([eE][-+]?\d+)?(?![\w.])").match(self.text, self.pos)
        if match:
            self.pos = match.end()
            number = match.group(0)
            return int(number) if number.lstrip("-").isdigit() else float(number)
        match = re.compile(r"[A-Za-z_][\w.\-]*").match(self.text, self.pos)
        if match:
            self.pos = match.end()
            word = match.group(0)
            return WORDS.get(word.lower(), word)
        raise self.fail(f"unexpected {char!r}")

    def collection(self, close: str, depth: int, keyed: bool) -> Any:
        self.pos += 1
        items: list[Any] = Pairs() if keyed else []
        while True:
            self.skip()
            if self.pos >= len(self.text):
                raise self.fail(f"missing {close!r}")
            if self.text[self.pos] == close:
                self.pos += 1
                return items
            if keyed:
                key = self.value(depth + 1)
                self.skip()
                if not self.text.startswith(":", self.pos):
                    raise self.fail("expected ':' after a key")
                self.pos += 1
                items.append((str(key), self.value(depth + 1)))
            else:
                items.append(self.value(depth + 1))
            self.skip()
            if self.text.startswith(",", self.pos):
                self.pos += 1
            elif not self.text.startswith(close, self.pos):
                raise self.fail(f"expected ',' or {close!r}")

    def string(self, quote: str) -> str:
        out, pos, text = [], self.pos + 1, self.text
        escapes = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "/": "/", "\\": "\\", '"': '"', "'": "'"}
        while pos < len(text):
            char = text[pos]
            if char == quote:
                self.pos = pos + 1
                return "".join(out)
            if char == "\\" and pos + 1 < len(text):
                nxt = text[pos + 1]
                if nxt == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", text[pos + 2:pos + 6]):
                    out.append(chr(int(text[pos + 2:pos + 6], 16)))
                    pos += 6
                    continue
                out.append(escapes.get(nxt, nxt))
                pos += 2
                continue
            out.append(char)
            pos += 1
        self.pos = pos
        raise self.fail("unterminated string")


class _Stop(Exception):
    pass
