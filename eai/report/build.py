"""Writing a report: summary.json, report.md and (optionally) report.html."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from html import escape
from pathlib import Path
from typing import Any

from eai.report import svg
from eai.report.analysis import BUCKETS, bucket_label, length_table
from eai.report.collect import UnitResult
from eai.report.tables import SUITE_LETTERS, TABLES, markdown, table_rows

CSS = ("body{font-family:sans-serif;margin:2em;max-width:1200px}table{border-collapse:collapse;margin:1em 0}"
       "td,th{border:1px solid #ccc;padding:3px 6px;text-align:right}th{background:#f4f4f4}td:first-child{text-align:left}")


def summary(units: Sequence[UnitResult]) -> dict[str, Any]:
    return {"units": [{"suite": u.suite, "module": u.module, "model": u.model, "summary": u.summary} for u in units]}


def markdown_report(units: Sequence[UnitResult], lengths: Mapping[str, Mapping[str, int]]) -> str:
    parts = ["# eai report", "", f"{len(units)} result(s): " + ", ".join(f"{u.suite}/{u.module}/{u.model}" for u in units), ""]
    parts += [text for spec in TABLES if (text := markdown(spec, units))]
    rows = length_table(units, lengths)
    if rows:
        headers = ["Suite", "Module", "Model"] + [bucket_label(*b) for b in BUCKETS]
        parts += ["### Task success (%) by gold plan length (steps)", "", "| " + " | ".join(headers) + " |",
                  "|" + "---|" * len(headers)]
        parts += ["| " + " | ".join([u.suite, u.module, u.model] + ["-" if v is None else f"{v:.1f}" for v in rates]) + " |"
                  for u, rates in rows]
    return "\n".join(parts) + "\n"


def html_report(units: Sequence[UnitResult], lengths: Mapping[str, Mapping[str, int]]) -> str:
    body = ["<h1>eai report</h1>"]
    for spec in TABLES:
        suites, headers, rows = table_rows(spec, units)
        if not rows:
            continue
        body.append(f"<h2>{escape(spec.name)}: {escape(spec.title)}</h2><table><tr>"
                    + "".join(f"<th>{escape(h)}</th>" for h in headers) + "</tr>")
        body += ["<tr>" + "".join(f"<td>{'-' if v is None else (f'{v:.1f}' if isinstance(v, float) else escape(str(v)))}</td>"
                                  for v in row) + "</tr>" for row in rows]
        body.append("</table>")
        for i, suite in enumerate(suites):
            groups = [c.header for c in spec.columns]
            series = [(row[0], [row[1 + j * len(suites) + i] for j in range(len(spec.columns))]) for row in rows]
            body.append(svg.bar_chart(f"{spec.name}, {SUITE_LETTERS.get(suite, suite)}: {spec.title}", groups, series))
    rows = length_table(units, lengths)
    if rows:
        groups = [bucket_label(*b) for b in BUCKETS]
        body.append("<h2>Task success by gold plan length</h2>")
        body.append(svg.bar_chart("Task success (%) by gold plan length (steps)", groups,
                                  [(f"{u.suite}/{u.module}/{u.model}", rates) for u, rates in rows]))
    return ("<!doctype html><html><head><meta charset=\"utf-8\"><title>eai report</title>"
            f"<style>{CSS}</style></head><body>" + "\n".join(body) + "</body></html>\n")


def write_report(units: Sequence[UnitResult], lengths: Mapping[str, Mapping[str, int]], out: Path, html: bool) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = [out / "summary.json", out / "report.md"]
    written[0].write_text(json.dumps(summary(units), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    written[1].write_text(markdown_report(units, lengths), encoding="utf-8")
    if html:
        written.append(out / "report.html")
        written[2].write_text(html_report(units, lengths), encoding="utf-8")
    return written
