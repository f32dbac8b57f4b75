"""How much of a model's answer is scored: its first ``MAX_ANSWER_CHARS`` characters.

The gold answers written in the prompts' formats are at most 3,400
characters; the cap is far above them, and above a model that goes on for
thousands of tokens, and keeps the time to score one answer bounded whatever
a model or server sends. The rest is not read, and the record says the
answer was truncated (docs/metrics.md).
"""

from __future__ import annotations

from typing import Any

MAX_ANSWER_CHARS = 100_000


def capped(text: Any) -> tuple[str, bool]:
    """``text`` cut to the cap ("" when it is not text), and whether it was cut."""
    if not isinstance(text, str):
        return "", False
    return text[:MAX_ANSWER_CHARS], len(text) > MAX_ANSWER_CHARS
