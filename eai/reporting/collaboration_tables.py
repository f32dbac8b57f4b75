"""The table of PARTNR's metrics (docs/collaboration.md): percent complete
and success per result on suites with evaluation functions, one row per
agent setup (one agent; two sharing a plan; two turn by turn, with full or
partial observability), with the two-agent episodes' efficiency figures."""

from __future__ import annotations

from collections.abc import Sequence

from eai.reporting.collect import UnitResult
from eai.reporting.unit_table import UnitTable

HEADERS = ["Model", "Suite", "Agents", "n", "Percent complete (%)", "Success (%)", "Turns",
           "Human actions", "Human extraneous", "Robot actions", "Robot extraneous", "Offloading (%)"]


def collaboration_table(units: Sequence[UnitResult]) -> UnitTable | None:
    rows, found = [], []
    for u in units:
        s = u.summary
        if "percent_complete" not in s:
            continue
        episodes = s.get("collaboration") or {}
        agents = episodes.get("agents", {})
        per_agent = [agents.get(name, {}).get(key) for name in ("human", "robot") for key in ("actions", "extraneous")]
        offloading = episodes.get("offloading")
        rows.append([u.label, u.suite, s.get("agent_setup") or (2 if episodes else 1), s.get("n"), s["percent_complete"],
                     s.get("evaluation_success_rate"), episodes.get("turns"), *per_agent,
                     None if offloading is None else round(100 * offloading, 2)])
        found.append(u)
    return UnitTable("PARTNR metrics: percent complete, success and efficiency per agent setup", HEADERS, rows,
                     found, rates={"Percent complete (%)": "percent_complete", "Success (%)": "evaluation_success_rate"},
                     labels=3) if rows else None
