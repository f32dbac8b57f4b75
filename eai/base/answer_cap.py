"""What of a model's answer is scored: what it says after any reasoning
preamble, up to its first ``MAX_ANSWER_CHARS`` characters.

A reasoning preamble (:data:`REASONING`) is the thinking some models write
before their answer: ``<think>...</think>`` (DeepSeek-R1, Qwen3, QwQ),
``<thinking>``, ``<reasoning>`` and ``<reflection>`` blocks, and the analysis
channel of gpt-oss's harmony format. It is kept in responses.jsonl and never
read as the answer: a preamble at the start of the answer (after spaces) is
left out up to its end; one whose end is there but whose start is not (a
chat template that opened it in the prompt) is left out up to that end; one
the answer never ends (cut by the token limit while thinking) leaves nothing
to read. Every module reads its answer through :func:`capped`, so this is
the one place where the rule is.

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

import re
from typing import Any

MAX_ANSWER_CHARS = 100_000
REASONING = (("<think>", "</think>"), ("<thinking>", "</thinking>"), ("<reasoning>", "</reasoning>"),
             ("<reflection>", "</reflection>"), ("<|channel|>analysis<|message|>", "<|channel|>final<|message|>"))
"""The reasoning preambles left out of an answer, as (start, end) markers."""
START = re.compile(r"\s*")


def answer_part(text: str) -> str:
    """``text`` without the reasoning preamble it starts with, if any (see above)."""
    for start, end in REASONING:
        head = START.match(text).end()  # type: ignore[union-attr]
        if text.startswith(start, head):
            stop = text.find(end, head + len(start))
            return "" if stop < 0 else text[stop + len(end):]
        stop = text.find(end)
        if stop >= 0 and start not in text[:stop]:
            return text[stop + len(end):]
    return text


def capped(text: Any, cut: bool = False) -> tuple[str, bool]:
    """What of ``text`` is read: its answer after any reasoning preamble, cut to
    the cap ("" when it is not text), and whether it ends where the answer was
    cut: beyond the cap, or by the provider (``cut``)."""
    if not isinstance(text, str):
        return "", cut
    text = answer_part(text)
    return text[:MAX_ANSWER_CHARS], cut or len(text) > MAX_ANSWER_CHARS
