"""The report's table of model usage per unit: calls, tokens, answers cut by
the token limit, answers the model refused, and the time the calls took (from responses.jsonl: see
:mod:`eai.llm.usage`); and, when any unit has them, reasoning and cached
prompt tokens, the cost (with the run's total) and the answers not in the
JSON schema they were asked in."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from eai.reporting.collect import UnitResult
from eai.reporting.unit_table import UnitTable
from eai.results.responses import parse_response
from eai.results.store import ResponseLog

HEADERS = ["Suite", "Module", "Model", "Tasks", "Calls", "From cache", "Calls with token counts", "Prompt tokens",
           "Completion tokens", "Cut by the token limit", "Refused", "Model time (s)"]
OPTIONAL = {"reasoning_tokens": "Reasoning tokens", "cached_tokens": "Cached prompt tokens",
            "cost_usd": "Cost (USD)", "schema_failures": "Not in the JSON schema"}
"""Columns a unit's usage totals have only when it reported them (:func:`eai.llm.usage.summarize`)."""


def run_usage(responses: Path) -> dict[str, Any]:
    """Calls a run made (``model_calls``, their ``seconds`` in all) and answered from
    the cache (``cached``), from a unit's responses.jsonl; {} without one."""
    if not responses.is_file():
        return {}
    tallies = {key: _tally(parse_response(item, responses, "").calls) for key, item in ResponseLog(responses).each_item()}
    return {"model_calls": sum(t[0] for t in tallies.values()), "cached": sum(t[1] for t in tallies.values()),
            "seconds": round(sum(seconds for t in tallies.values() for seconds in t[2]), 1)}


def _tally(calls: Sequence[dict[str, Any]]) -> tuple[int, int, list[float]]:
    """The calls of one task's response made, answered from the cache, and the seconds of each made,
    kept for a line at a time (a log of thousands of episodes is not held whole)."""
    made = [c for c in calls if not c.get("cached")]
    return len(made), len(calls) - len(made), [c.get("seconds") or 0.0 for c in made]


def usage_tables(units: Sequence[UnitResult]) -> list[UnitTable]:
    """The usage table, when any unit has usage (units ``eai run`` made); "-" where a figure is unknown."""
    rows: list[list[Any]] = []
    found: list[UnitResult | list[UnitResult | None]] = []
    with_usage = [u for u in units if u.summary.get("usage") is not None]
    extra = [key for key in OPTIONAL if any(key in u.summary["usage"] for u in with_usage)]
    for unit in with_usage:
        totals = unit.summary["usage"]
        made = run_usage(unit.folder / "responses.jsonl")
        rows.append([unit.suite, unit.module, unit.label, unit.summary.get("n"), totals["calls"], made.get("cached"),
                     totals["calls_with_tokens"], totals["prompt_tokens"], totals["completion_tokens"],
                     totals["truncated"], totals.get("refused", 0), made.get("seconds"),
                     *(_cell(key, totals.get(key)) for key in extra)])
        found.append(unit)
    if "cost_usd" in extra:  # the run's cost: every unit's priced calls
        costs = [u.summary["usage"].get("cost_usd") for u in with_usage]
        total = round(sum(c for c in costs if c is not None), 6)
        rows.append(["run", "", "", None, None, None, None, None, None, None, None, None,
                     *(_cell(key, total) if key == "cost_usd" else None for key in extra)])
        found.append([None] * len(rows[-1]))
    return [UnitTable("Model usage", HEADERS + [OPTIONAL[key] for key in extra], rows, found)] if rows else []


def _cell(key: str, value: Any) -> Any:
    """A cost in dollars to the micro-dollar (the report's numbers have one decimal otherwise)."""
    return f"{value:.6f}" if key == "cost_usd" and value is not None else value
