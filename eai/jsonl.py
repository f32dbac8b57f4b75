"""JSON Lines as eai writes and reads them.

A line is written as ASCII-only JSON: whatever a string holds (U+2028,
U+2029, U+0085, a lone surrogate such as ``"\\ud800"``) is escaped, so it can
neither break the line nor fail to encode, and reads back exactly. Files are
split on ``"\\n"`` alone: ``str.splitlines`` also splits on U+2028, U+0085 and
others, which a file written elsewhere (``ensure_ascii=False``) may hold inside
a string.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from eai.exceptions import EaiError


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
        return json.loads(line.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ValueError(f"not UTF-8 ({exc.reason} at byte {exc.start})") from None
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
