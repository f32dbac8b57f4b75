"""Writing a report: report.json, report.md and (optionally) report.html.

Every table states what its rates are over (the tasks scored, ``n``, and the
failed model calls), every chart names each series' n, and every text that
comes from a run (model names, labels) is escaped in Markdown and HTML.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from eai.reporting import svg
from eai.reporting.analysis import FEATURES, Features, feature_table
from eai.reporting.collect import UnitResult
from eai.reporting.compose_tables import compose_tables
from eai.reporting.collaboration_tables import collaboration_table
from eai.reporting.sequence_tables import sequence_tables
from eai.reporting.tables import SUITE_LETTERS, TABLES, metric_series, table_rows

CSS = ("body{font-family:sans-serif;margin:2em;max-width:1200px}table{border-collapse:collapse;margin:1em 0}"
       "td,th{border:1px solid #ccc;padding:3px 6px;text-align:right}th{background:#f4f4f4}td:first-child{text-align:left}")
FILES = ("report.json", "report.md", "report.html")
MARKDOWN_SPECIAL = re.compile(r"([\\`*\[\]|])")  # emphasis, code, links, table cells
EMPTY = "No task was scored in a result marked n = 0: its cells are \"-\", not numbers."


def summary(units: Sequence[UnitResult]) -> dict[str, Any]:
    return {"units": [{"suite": u.suite, "module": u.module, "model": u.model, "label": u.label, "summary": u.summary}
                      for u in units]}


def _cell(v: Any) -> str:
    return "-" if v is None else (f"{v:.1f}" if isinstance(v, float) else str(v))


def markdown_text(text: str) -> str:
    """``text`` shown as itself in Markdown: no markup, no HTML, no table break."""
    return MARKDOWN_SPECIAL.sub(r"\\\1", escape(text, quote=False)).replace("\n", " ")


def tables(units: Sequence[UnitResult], features: Features) -> list[tuple[str, list[str], list[list[Any]], str]]:
    """Every table of the report: (title, headers, rows, chart as SVG or "")."""
    found = []
    for spec in TABLES:
        suites, headers, rows = table_rows(spec, units)
        if not rows:
            continue
        charts = "".join(
            svg.bar_chart(f"{spec.name}, {SUITE_LETTERS.get(suite, suite)}: {spec.title}", [c.header for c in spec.columns],
                          metric_series(spec, suites, rows, suite))
            for suite in suites)
        found.append((f"{spec.name}: {spec.title}", headers, rows, charts))
    extra = compose_tables(units) + sequence_tables(units) + [t for t in (collaboration_table(units),) if t]
    found += [(title, headers, rows, "") for title, headers, rows in extra]
    for feature in FEATURES:
        found_rows = feature_table(units, feature, features)
        if found_rows:
            chart = svg.bar_chart(f"Task success (%) by {feature.title}", feature.labels(),
                                  [(f"{u.suite}/{u.module}/{u.label} (n={sum(s.n for s in shares)})", [s.rate for s in shares])
                                   for u, shares in found_rows])
            found.append((f"Task success (%) by {feature.title} (tasks in parentheses)",
                          ["Suite", "Module", "Model", "n"] + feature.labels(),
                          [[u.suite, u.module, u.label, sum(s.n for s in shares), *shares] for u, shares in found_rows], chart))
    return found


def _listing(units: Sequence[UnitResult]) -> str:
    return f"{len(units)} result(s): " + ", ".join(f"{u.suite}/{u.module}/{u.label} (n={u.summary.get('n')})" for u in units)


def markdown_report(units: Sequence[UnitResult], features: Features) -> str:
    parts = ["# eai report", "", markdown_text(_listing(units)), ""]
    if any(not u.summary.get("n") for u in units):
        parts += [markdown_text(EMPTY), ""]
    for title, headers, rows, _ in tables(units, features):
        parts += [f"### {markdown_text(title)}", "", "| " + " | ".join(map(markdown_text, headers)) + " |",
                  "|" + "---|" * len(headers)]
        parts += ["| " + " | ".join(markdown_text(_cell(v)) for v in row) + " |" for row in rows]
        parts.append("")
    return "\n".join(parts) + "\n"


def html_report(units: Sequence[UnitResult], features: Features) -> str:
    body = ["<h1>eai report</h1>", f"<p>{escape(_listing(units))}</p>"]
    if any(not u.summary.get("n") for u in units):
        body.append(f"<p>{escape(EMPTY)}</p>")
    for title, headers, rows, chart in tables(units, features):
        body.append(f"<h2>{escape(title)}</h2><table><tr>" + "".join(f"<th>{escape(h)}</th>" for h in headers) + "</tr>")
        body += ["<tr>" + "".join(f"<td>{escape(_cell(v))}</td>" for v in row) + "</tr>" for row in rows]
        body.append("</table>" + chart)
    return ("<!doctype html><html><head><meta charset=\"utf-8\"><title>eai report</title>"
            f"<style>{CSS}</style></head><body>" + "\n".join(body) + "</body></html>\n")


def write_report(units: Sequence[UnitResult], features: Features, out: Path, html: bool) -> list[Path]:
    """The report files in ``out`` (never one of the results it reads)."""
    out.mkdir(parents=True, exist_ok=True)
    written = [out / FILES[0], out / FILES[1]]
    written[0].write_text(json.dumps(summary(units), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    written[1].write_text(markdown_report(units, features), encoding="utf-8")
    if html:
        written.append(out / FILES[2])
        written[2].write_text(html_report(units, features), encoding="utf-8")
    return written
