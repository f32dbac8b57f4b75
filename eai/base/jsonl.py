"""JSON Lines as eai writes and reads them.

A line is written as ASCII-only JSON: whatever a string holds (U+2028,
U+2029, U+0085, a lone surrogate such as ``"\\ud800"``) is escaped, so it can
neither break the line nor fail to encode, and reads back exactly. Files are
split on ``"\\n"`` alone: ``str.splitlines`` also splits on U+2028, U+0085 and
others, which a file written elsewhere (``ensure_ascii=False``) may hold inside
a string.

JSON read from a file (:func:`loads`) may nest arrays and objects at most
``MAX_DEPTH`` levels deep: Python's parser recurses, so where it gives up
depends on how deep the caller's stack is; a fixed limit, far above any
file eai writes or reads, makes a deeper text a clear error, the same
wherever it is read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from eai.exceptions import EaiError

MAX_DEPTH = 500
_OPENERS = ("[", "{")
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.S)  # a string (skipped whole) or a bracket


def too_deep(text: str) -> int | None:
    """The index in ``text`` where JSON nesting first goes past ``MAX_DEPTH``, or None."""
    if sum(text.count(c) for c in _OPENERS) <= MAX_DEPTH:
        return None
    depth = 0
    for token in _TOKENS.finditer(text):
        bracket = token.group()
        if bracket in _OPENERS:
            depth += 1
            if depth > MAX_DEPTH:
                return token.start()
        elif bracket in ("]", "}"):
            depth -= 1
    return None


class TooDeep(json.JSONDecodeError):
    """JSON nested deeper than ``MAX_DEPTH`` levels (``lineno``: where it goes past)."""


def loads(text: str) -> Any:
    """``json.loads(text)``; a :class:`TooDeep` ValueError when it nests deeper than ``MAX_DEPTH``."""
    deep = too_deep(text)
    if deep is not None:
        raise TooDeep(f"JSON nested deeper than {MAX_DEPTH} levels", text, deep)
    return json.loads(text)


def dumps(item: Any) -> str:
    """``item`` as one JSONL line, newline included; keys sorted."""
    return json.dumps(item, sort_keys=True) + "\n"


def split(data: bytes) -> tuple[list[bytes], bytes]:
    """The complete (newline-ended) lines of ``data``, and what follows the last newline."""
    *lines, tail = data.split(b"\n")
    return lines, tail


def parse(line: bytes) -> Any:
    """The JSON value of one line; ValueError (with a short reason) when it is not JSON or not UTF-8."""
    try:
        return loads(line.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 ({exc.reason} at byte {exc.start})") from None
    except TooDeep as exc:
        raise ValueError(exc.msg) from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"not JSON ({exc.msg})") from None


def read(path: Path) -> Iterator[tuple[int, Any]]:
    """(line number, value) of every non-blank line of a JSONL file."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise EaiError(f"cannot read {path}: {exc.strerror or exc}") from None
    return values(data, path)


def values(data: bytes, path: Path) -> Iterator[tuple[int, Any]]:
    """(line number, value) of every non-blank line of ``data``, the last line
    whether or not a newline ends it; a line that is not JSON is an EaiError
    naming ``path`` and the line."""
    lines, tail = split(data)
    for number, line in enumerate([*lines, tail], 1):
        if line.strip():
            try:
                yield number, parse(line)
            except ValueError as exc:
                raise EaiError(f"{path}:{number}: {exc}") from None
