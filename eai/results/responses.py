"""Model responses to score: our JSONL or the upstream JSON list, detected automatically.

Both hold objects with an ``identifier`` and the model text in ``llm_output``
(upstream) or ``output``. Non-string outputs are kept as their JSON text. The
``calls`` of a line ``eai run`` wrote (tokens, finish reason: docs/models.md)
come along: an answer whose call finished for its token limit is read as cut.
A score folder keeps the answers it scored (``answers.jsonl``,
:func:`kept_answers`), in the same format, so the folder re-scores to the
same records and the viewer shows each answer beside its record.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eai.base import jsonl
from eai.exceptions import EaiError
from eai.llm.model import CUT

SCENE_PREFIX = re.compile(r"^scene_\d+_")


@dataclass(frozen=True)
class Response:
    """A model's answer for one task; ``error`` says why there is none."""

    identifier: str
    output: str
    error: str = ""
    calls: tuple[dict[str, Any], ...] = ()

    @property
    def cut(self) -> bool:
        """Whether the provider reported the answer cut by its token limit
        (the finish reason of the call that gave it, the last one logged)."""
        return bool(self.calls) and self.calls[-1].get("finish_reason") == CUT


def read_responses(path: Path) -> list[Response]:
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise EaiError(f"cannot read responses {path}: {exc.strerror or exc}") from None
    if data.lstrip().startswith(b"["):
        try:
            items = jsonl.loads(data.decode("utf-8"))
        except jsonl.TooDeep as exc:
            raise EaiError(f"{path}:{exc.lineno}: {exc.msg}") from None
        except ValueError as exc:
            raise EaiError(f"{path}: not valid JSON: {exc}") from None
        return [parse_response(item, path, f"item {i}") for i, item in enumerate(items)]
    return [parse_response(item, path, f"line {number}") for number, item in jsonl.values(data, path)]


def parse_response(item: Any, path: Path, where: str) -> Response:
    """The Response an item of a responses file holds; EaiError naming ``where`` when it holds none."""
    if not isinstance(item, dict) or "identifier" not in item:
        raise EaiError(f"{path} {where}: expected an object with 'identifier' and 'llm_output'")
    output = item.get("llm_output", item.get("output", ""))
    if not isinstance(output, str):
        output = json.dumps(output)
    calls = item.get("calls")
    calls = tuple(c for c in calls if isinstance(c, dict)) if isinstance(calls, list) else ()
    return Response(str(item["identifier"]), output, str(item.get("error") or ""), calls)


KEPT_ANSWERS = "answers.jsonl"  # beside a score folder's records.jsonl


def kept_answers(records: Sequence[dict[str, Any]], responses: Iterable[Response]) -> list[dict[str, Any]]:
    """The response each record was scored on (the last one naming its task),
    in record order, as a line of a responses file: ``identifier`` (the task
    id), ``llm_output``, and ``error`` and ``calls`` when it has them. A
    record scored with no response (``--strict``) has none."""
    scored = frozenset(str(r["identifier"]) for r in records)
    last: dict[str, Response] = {}
    for response in responses:
        task_id = match_identifier(response.identifier, scored)
        if task_id is not None:
            last[task_id] = response
    kept = []
    for record in records:
        response = last.get(str(record["identifier"]))
        if response is not None:
            kept.append({"identifier": record["identifier"], "llm_output": response.output,
                         **({"error": response.error} if response.error else {}),
                         **({"calls": list(response.calls)} if response.calls else {})})
    return kept


def match_identifier(identifier: str, ids: Iterable[str]) -> str | None:
    """The task id a response identifier names (``scene_1_27_2`` -> ``27_2``)."""
    known = ids if isinstance(ids, (set, frozenset)) else set(ids)
    if identifier in known:
        return identifier
    bare = bare_identifier(identifier)
    return bare if bare in known else None


def bare_identifier(identifier: str) -> str:
    """``identifier`` without the upstream's scene prefix (``scene_1_27_2`` -> ``27_2``)."""
    return SCENE_PREFIX.sub("", identifier)
