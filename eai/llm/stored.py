"""An answer as a run stores it (responses.jsonl, the response cache): its text,
at most ``MAX_STORED_CHARS`` characters, and its usage.

``usage`` always has the prompt and completion tokens and the finish reason
(null where the server said nothing); the reasoning and cached tokens, the
price (``cost_usd``: :mod:`eai.llm.cost`) and the characters dropped from a
huge answer only when there are any, so the answers of servers and
baselines that report none are stored as before. ``served`` is what the reply
said of the model that answered (:attr:`eai.llm.model.Answer.served`), when it
said anything.
"""

from __future__ import annotations

from typing import Any

from eai.llm.model import Answer

MAX_STORED_CHARS = 1_000_000  # about 400 times the longest gold answer (docs/models.md)
Stored = dict[str, Any]  # {"text": ..., "usage": {...}, "served": {...}}


def stored(answer: Answer, cost: float | None = None) -> Stored:
    """``answer`` as a run stores it, with its price ``cost`` (None: none known)."""
    usage: dict[str, Any] = {"prompt_tokens": answer.usage.prompt_tokens,
                             "completion_tokens": answer.usage.completion_tokens,
                             "finish_reason": answer.usage.finish_reason}
    extra = {"reasoning_tokens": answer.usage.reasoning_tokens, "cached_tokens": answer.usage.cached_tokens,
             "cost_usd": cost}
    usage |= {key: value for key, value in extra.items() if value is not None}
    if len(answer.text) > MAX_STORED_CHARS:
        usage["chars_dropped"] = len(answer.text) - MAX_STORED_CHARS
    kept: Stored = {"text": answer.text[:MAX_STORED_CHARS], "usage": usage}
    if answer.served:
        kept["served"] = dict(answer.served)
    return kept
