"""What a unit's model calls cost: tokens, answers cut by the token limit, time.

``eai run`` logs every answered call in responses.jsonl (``calls``: stage,
the prompt's sha256, prompt and completion tokens, finish reason, reasoning
and cached tokens where the server reports them, the call's price, whether
the answer conforms to the JSON schema it was asked in, characters dropped
from a huge answer, seconds, whether the cache answered:
:mod:`eai.llm.asking`). Records and summary.json keep only what the answers
themselves say (tokens, finish reasons, prices, schema checks), so identical
answers give byte-identical files; seconds and cache hits are facts of one
run, totalled from responses.jsonl for the report (:mod:`eai.reporting.usage`)
and the unit's line (:func:`cached_line`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from eai.llm import cost
from eai.llm.model import CUT as TRUNCATED, REFUSED, Message

if TYPE_CHECKING:
    from eai.modules.base import Record

RECORDED = ("stage", "prompt_tokens", "completion_tokens", "finish_reason", "reasoning_tokens", "cached_tokens",
            "cost_usd", "schema_valid", "chars_dropped")
REPORTED = ("reasoning_tokens", "cached_tokens")  # totalled in the summary when any call reported them


CHARS_PER_TOKEN = 4  # OpenAI's rule of thumb for English text


def estimated_tokens(messages: Iterable[Message]) -> int:
    """The tokens of ``messages`` as estimated when the provider does not say: their text
    (contents and tool calls) at :data:`CHARS_PER_TOKEN` characters a token, rounded up."""
    chars = sum(len(m.content) + sum(len(name) + len(args) for _, name, args in m.tool_calls) for m in messages)
    return -(-chars // CHARS_PER_TOKEN)


def recorded(calls: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The calls as a record keeps them: without seconds and cache hits."""
    return [{key: call[key] for key in RECORDED if key in call} for call in calls]


def _total(calls: Sequence[dict[str, Any]], key: str) -> int | None:
    counts = [c[key] for c in calls if isinstance(c.get(key), int)]
    return sum(counts) if counts else None


def summarize(records: Sequence[Record]) -> dict[str, Any]:
    """Totals over the records' calls; token totals are None when no call reported
    tokens, and ``calls_with_tokens`` says over how many calls they are.
    Each of these is there only when there is any: ``refused`` (answers the
    provider says the model refused), reasoning and cached tokens (over the
    calls that reported them), the cost (``cost_usd`` over ``calls_priced``:
    :func:`eai.llm.cost.summarize`) and ``schema_failures`` (answers asked in
    a JSON schema that do not conform to it, of ``schema_checked``)."""
    calls = [call for record in records for call in record.get("usage", ())]
    refused = sum(c.get("finish_reason") == REFUSED for c in calls)
    checked = [c["schema_valid"] for c in calls if "schema_valid" in c]
    return {"calls": len(calls),
            "calls_with_tokens": sum(isinstance(c.get("completion_tokens"), int) for c in calls),
            "prompt_tokens": _total(calls, "prompt_tokens"),
            "completion_tokens": _total(calls, "completion_tokens"),
            "truncated": sum(c.get("finish_reason") == TRUNCATED for c in calls),
            **({"refused": refused} if refused else {}),
            **{key: total for key in REPORTED if (total := _total(calls, key)) is not None},
            **cost.summarize(calls),
            **({"schema_checked": len(checked), "schema_failures": checked.count(False)} if checked else {})}


def cached_line(calls: Iterable[dict[str, Any]]) -> str:
    """How many of a unit's calls the cache answered, for its line (\"\" when it made none)."""
    made = list(calls)
    return f", {sum(bool(c.get('cached')) for c in made)} of {len(made)} answer(s) from the cache" if made else ""



def schema_line(totals: dict[str, Any]) -> str:
    """How many answers asked in a JSON schema did not conform to it (a summary's
    ``usage``), for the unit's line (\"\" when none was asked in one)."""
    if "schema_checked" not in totals:
        return ""
    return f", {totals['schema_failures']} of {totals['schema_checked']} answer(s) not in the JSON schema asked"
