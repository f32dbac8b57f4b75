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
    episodes ended by each budget or event, and the steps of each error class."""
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
                            if classes[kind]}}
