"""The table of one-agent episodes (``eai run --episode``, docs/episodes.md): EmbodiedBench's
figures per result (success, progress, invalid-action ratio, steps, turns, the episodes each
budget ended), how the turns were sent (the answer form, the chat history) and the prompt
tokens per turn (over how many turns, and how many of them estimated), so that a chat
history's growth shows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eai.reporting.collect import UnitResult
from eai.reporting.unit_table import UnitTable

HEADERS = ["Model", "Suite", "Act as", "Chat history", "n", "Success (%)", "Progress (%)", "Invalid action ratio (%)",
           "Mean steps", "Mean turns", "Ended: max steps", "Ended: max invalid", "Ended: empty plan",
           "Prompt tokens per turn: turns", "Prompt tokens per turn: mean", "Prompt tokens per turn: max",
           "Prompt tokens per turn: estimated"]
RATES = {"Success (%)": "success_rate", "Progress (%)": "progress_rate", "Invalid action ratio (%)": "invalid_action_ratio"}


def chat_words(settings: dict[str, Any]) -> str:
    """The chat history an episode run sent: off (one message a turn), the whole conversation, or its last N messages."""
    if not settings.get("chat_history"):
        return "off"
    window = settings.get("chat_window")
    return f"last {window} messages" if isinstance(window, int) and window else "whole conversation"


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def episode_table(units: Sequence[UnitResult]) -> UnitTable | None:
    rows, found = [], []
    for u in units:
        s = u.summary
        settings = s.get("episode")
        if not isinstance(settings, dict):
            continue
        ended, tokens = _mapping(s.get("ended")), _mapping(s.get("prompt_tokens_per_turn"))
        rows.append([u.label, u.suite, settings.get("act_as"), chat_words(settings), s.get("n"), s.get("success_rate"),
                     s.get("progress_rate"), s.get("invalid_action_ratio"), s.get("mean_steps"), s.get("mean_turns"),
                     *(ended.get(end, 0) for end in ("max_steps", "max_invalid", "empty_plan")),
                     *(tokens.get(key) for key in ("n", "mean", "max", "estimated"))])
        found.append(u)
    return UnitTable("One-agent episodes: EmbodiedBench's figures, the chat history and the prompt tokens per turn",
                     HEADERS, rows, found, rates=RATES, labels=4) if rows else None
