"""How much of a model's answer is scored: its first ``MAX_ANSWER_CHARS`` characters.

The gold answers written in the prompts' formats are at most 3,400
characters; the cap is far above them, and above a model that goes on for
thousands of tokens, and keeps the time to score one answer bounded whatever
a model or server sends. The rest is not read, and the record says the
answer was truncated (docs/metrics.md).

An answer the provider reports cut by its token limit (finish reason
``length``: :data:`eai.llm.model.CUT`) ends where the cap fell just as one over
ours does: the parsers read both as truncated, and leave out a last item the
text ended inside.
"""

from __future__ import annotations

from typing import Any

MAX_ANSWER_CHARS = 100_000


def capped(text: Any, cut: bool = False) -> tuple[str, bool]:
    """``text`` cut to the cap ("" when it is not text), and whether it ends
    where the answer was cut: beyond the cap, or by the provider (``cut``)."""
    if not isinstance(text, str):
        return "", cut
    return text[:MAX_ANSWER_CHARS], cut or len(text) > MAX_ANSWER_CHARS
