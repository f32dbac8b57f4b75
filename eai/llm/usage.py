"""What a unit's model calls cost: tokens, answers cut by the token limit, time.

``eai run`` logs every answered call in responses.jsonl (``calls``: stage,
the prompt's sha256, prompt and completion tokens, finish reason, characters
dropped from a huge answer, seconds, whether the cache answered). Records
and summary.json keep only what the answers themselves say (tokens, finish
reasons), so identical answers give byte-identical files; seconds and cache
hits are facts of one run, totalled from responses.jsonl for the report
(:mod:`eai.reporting.usage`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from eai.llm.model import CUT as TRUNCATED, REFUSED

if TYPE_CHECKING:
    from eai.modules.base import Record

RECORDED = ("stage", "prompt_tokens", "completion_tokens", "finish_reason", "chars_dropped")


def recorded(calls: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The calls as a record keeps them: without seconds and cache hits."""
    return [{key: call[key] for key in RECORDED if key in call} for call in calls]


def _total(calls: Sequence[dict[str, Any]], key: str) -> int | None:
    counts = [c[key] for c in calls if isinstance(c.get(key), int)]
    return sum(counts) if counts else None


def summarize(records: Sequence[Record]) -> dict[str, Any]:
    """Totals over the records' calls; token totals are None when no call reported
    tokens, and ``calls_with_tokens`` says over how many calls they are.
    ``refused`` (answers the provider says the model refused) is there when
    there are any."""
    calls = [call for record in records for call in record.get("usage", ())]
    refused = sum(c.get("finish_reason") == REFUSED for c in calls)
    return {"calls": len(calls),
            "calls_with_tokens": sum(isinstance(c.get("completion_tokens"), int) for c in calls),
            "prompt_tokens": _total(calls, "prompt_tokens"),
            "completion_tokens": _total(calls, "completion_tokens"),
            "truncated": sum(c.get("finish_reason") == TRUNCATED for c in calls),
            **({"refused": refused} if refused else {})}

