"""Model responses to score: our JSONL or the upstream JSON list, detected automatically.

Both hold objects with an ``identifier`` and the model text in ``llm_output``
(upstream) or ``output``. Non-string outputs are kept as their JSON text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eai.exceptions import EaiError

SCENE_PREFIX = re.compile(r"^scene_\d+_")


@dataclass(frozen=True)
class Response:
    """A model's answer for one task; ``error`` says why there is none."""

    identifier: str
    output: str
    error: str = ""


def read_responses(path: Path) -> list[Response]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise EaiError(f"cannot read responses {path}: {exc}") from None
    stripped = text.lstrip()
    if stripped.startswith("["):
        try:
            items = json.loads(text)
        except json.JSONDecodeError as exc:
            raise EaiError(f"{path}: not valid JSON: {exc}") from None
        return [_response(item, path, f"item {i}") for i, item in enumerate(items)]
    responses = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EaiError(f"{path}:{number}: not a JSON object: {exc.msg}") from None
        responses.append(_response(item, path, f"line {number}"))
    return responses


def _response(item: Any, path: Path, where: str) -> Response:
    if not isinstance(item, dict) or "identifier" not in item:
        raise EaiError(f"{path} {where}: expected an object with 'identifier' and 'llm_output'")
    output = item.get("llm_output", item.get("output", ""))
    if not isinstance(output, str):
        output = json.dumps(output)
    return Response(str(item["identifier"]), output, str(item.get("error") or ""))


def match_identifier(identifier: str, ids: Iterable[str]) -> str | None:
    """The task id a response identifier names (``scene_1_27_2`` -> ``27_2``)."""
    known = set(ids)
    if identifier in known:
        return identifier
    bare = SCENE_PREFIX.sub("", identifier)
    return bare if bare in known else None
