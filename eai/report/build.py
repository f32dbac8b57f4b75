"""Writing a report: summary.json, report.md and (optionally) report.html."""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from eai.report import svg
from eai.report.analysis import FEATURES, Features, feature_table
from eai.report.collect import UnitResult
from eai.report.compose_tables import compose_tables
from eai.report.tables import SUITE_LETTERS, TABLES, table_rows
from eai.report.usage import usage_tables

CSS = ("body{font-family:sans-serif;margin:2em;max-width:1200px}table{border-collapse:collapse;margin:1em 0}"
       "td,th{border:1px solid #ccc;padding:3px 6px;text-align:right}th{background:#f4f4f4}td:first-child{text-align:left}")


def summary(units: Sequence[UnitResult]) -> dict[str, Any]:
    return {"units": [{"suite": u.suite, "module": u.module, "model": u.model, "label": u.label, "summary": u.summary}
                      for u in units]}


def _cell(v: Any) -> str:
    return "-" if v is None else (f"{v:.1f}" if isinstance(v, float) else str(v))


def tables(units: Sequence[UnitResult], features: Features) -> list[tuple[str, list[str], list[list[Any]], str]]:
    """Every table of the report: (title, headers, rows, chart as SVG or "")."""
    found = []
    for spec in TABLES:
        suites, headers, rows = table_rows(spec, units)
        if not rows:
            continue
        charts = "".join(
            svg.bar_chart(f"{spec.name}, {SUITE_LETTERS.get(suite, suite)}: {spec.title}", [c.header for c in spec.columns],
                          [(row[0], [row[1 + j * len(suites) + i] for j in range(len(spec.columns))]) for row in rows])
            for i, suite in enumerate(suites))
        found.append((f"{spec.name}: {spec.title}", headers, rows, charts))
    found += [(title, headers, rows, "") for title, headers, rows in compose_tables(units) + usage_tables(units)]
    for feature in FEATURES:
        found_rows = feature_table(units, feature, features)
        if found_rows:
            chart = svg.bar_chart(f"Task success (%) by {feature.title}", feature.labels(),
                                  [(f"{u.suite}/{u.module}/{u.label}", rates) for u, rates in found_rows])
            found.append((f"Task success (%) by {feature.title}", ["Suite", "Module", "Model"] + feature.labels(),
                          [[u.suite, u.module, u.label, *rates] for u, rates in found_rows], chart))
    return found


def markdown_report(units: Sequence[UnitResult], features: Features) -> str:
    parts = ["# eai report", "", f"{len(units)} result(s): " + ", ".join(f"{u.suite}/{u.module}/{u.label}" for u in units), ""]
    for title, headers, rows, _ in tables(units, features):
        parts += [f"### {title}", "", "| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
        parts += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows]
        parts.append("")
    return "\n".join(parts) + "\n"


def html_report(units: Sequence[UnitResult], features: Features) -> str:
    body = ["<h1>eai report</h1>"]
    for title, headers, rows, chart in tables(units, features):
        body.append(f"<h2>{escape(title)}</h2><table><tr>" + "".join(f"<th>{escape(h)}</th>" for h in headers) + "</tr>")
        body += ["<tr>" + "".join(f"<td>{escape(_cell(v))}</td>" for v in row) + "</tr>" for row in rows]
        body.append("</table>" + chart)
    return ("<!doctype html><html><head><meta charset=\"utf-8\"><title>eai report</title>"
            f"<style>{CSS}</style></head><body>" + "\n".join(body) + "</body></html>\n")


def write_report(units: Sequence[UnitResult], features: Features, out: Path, html: bool) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = [out / "summary.json", out / "report.md"]
    written[0].write_text(json.dumps(summary(units), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    written[1].write_text(markdown_report(units, features), encoding="utf-8")
    if html:
        written.append(out / "report.html")
        written[2].write_text(html_report(units, features), encoding="utf-8")
    return written
