"""The report's table of model usage per unit: calls, tokens, answers cut by
the token limit, answers the model refused, and the time the calls took (from responses.jsonl: see
:mod:`eai.llm.usage`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from eai.reporting.collect import UnitResult
from eai.reporting.unit_table import UnitTable
from eai.results.store import ResponseLog

HEADERS = ["Suite", "Module", "Model", "Tasks", "Calls", "From cache", "Calls with token counts", "Prompt tokens",
           "Completion tokens", "Cut by the token limit", "Refused", "Model time (s)"]


def run_usage(responses: Path) -> dict[str, Any]:
    """Calls a run made (``model_calls``, their ``seconds`` in all) and answered from
    the cache (``cached``), from a unit's responses.jsonl; {} without one."""
    if not responses.is_file():
        return {}
    calls = [call for response in ResponseLog(responses).read().values() for call in response.calls]
    made = [c for c in calls if not c.get("cached")]
    return {"model_calls": len(made), "cached": len(calls) - len(made),
            "seconds": round(sum(c.get("seconds") or 0.0 for c in made), 1)}


def usage_tables(units: Sequence[UnitResult]) -> list[UnitTable]:
    """The usage table, when any unit has usage (units ``eai run`` made); "-" where a figure is unknown."""
    rows, found = [], []
    for unit in units:
        totals = unit.summary.get("usage")
        if totals is None:
            continue
        made = run_usage(unit.folder / "responses.jsonl")
        rows.append([unit.suite, unit.module, unit.label, unit.summary.get("n"), totals["calls"], made.get("cached"),
                     totals["calls_with_tokens"], totals["prompt_tokens"], totals["completion_tokens"],
                     totals["truncated"], totals.get("refused", 0), made.get("seconds")])
        found.append(unit)
    return [UnitTable("Model usage", HEADERS, rows, found)] if rows else []
