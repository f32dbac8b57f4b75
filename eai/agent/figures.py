"""EmbodiedBench's figures over episodes (its ``summarize_result`` averages
each episode's), beside the paper's classes of the steps that went wrong."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from eai.agent.protocol import ENDS
from eai.modules.base import percent
from eai.modules.trajectory import ERRORS


def invalid_ratio(record: dict[str, Any]) -> float:
    """EB's ``num_invalid_action_ratio``: invalid actions over environment steps (0 with no step)."""
    return record["invalid_actions"] / record["steps"] if record["steps"] else 0.0


def episode_summary(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Over scored episodes: ``n``, success and progress rates and the mean
    invalid-action ratio (percent), mean steps, invalid actions and turns, the
    episodes ended by each budget or event, the steps of each error class and the
    prompt tokens per turn (:func:`prompt_tokens_per_turn`)."""
    n = len(records)
    ended = Counter(r["ended"] for r in records)
    classes = Counter(e["error_type"] for r in records for e in r["step_errors"])
    return {"n": n,
            "success_rate": percent(sum(r["success"] for r in records), n),
            "progress_rate": percent(sum(r["progress"] for r in records), n),
            "invalid_action_ratio": percent(sum(invalid_ratio(r) for r in records), n),
            "mean_steps": round(sum(r["steps"] for r in records) / n, 2),
            "mean_invalid_actions": round(sum(r["invalid_actions"] for r in records) / n, 2),
            "mean_turns": round(sum(r["turns"] for r in records) / n, 2),
            "ended": {end: ended[end] for end in ENDS if ended[end]},
            "step_errors": {kind: classes[kind] for kind in (*ERRORS, *sorted(set(classes) - set(ERRORS)))
                            if classes[kind]},
            "prompt_tokens_per_turn": prompt_tokens_per_turn(records)}


def prompt_tokens_per_turn(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The prompt tokens each turn sent (its ``usage``), over the turns that say: ``n``
    turns, their ``mean`` and ``max`` (None with no turn), and how many of them are
    ``estimated`` (the provider reported none); a history's growth shows in the max."""
    counts = [(u["prompt_tokens"], bool(u.get("prompt_tokens_estimated"))) for r in records
              for t in r["turn_log"] if isinstance(u := t.get("usage", {}), dict) and isinstance(u.get("prompt_tokens"), int)]
    n = len(counts)
    return {"n": n, "mean": round(sum(c for c, _ in counts) / n, 1) if n else None,
            "max": max((c for c, _ in counts), default=None), "estimated": sum(e for _, e in counts)}
