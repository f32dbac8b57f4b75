"""Writing a report: report.json, report.md and (optionally) report.html.

Every table states what its rates are over (the tasks scored, ``n``, and the
failed model calls), every chart names each series' n, and every text that
comes from a run (model names, labels) is escaped in Markdown and HTML. In
report.html the run's configuration comes first, columns are grouped under
their paper headings, wide tables scroll in their box, charts are plotly's,
and every number links to its tasks in the viewer written next to it (view/).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any

import eai
from eai.base.atomic import write_atomic
from eai.modules import MODULES
from eai.reporting.analysis import FEATURES, Feature, Features, feature_table
from eai.reporting.charts import bar_chart
from eai.reporting.collaboration_tables import collaboration_table
from eai.reporting.collect import REPORT_FILES as FILES, UnitResult, run_config, run_folder
from eai.reporting.comparison import Comparison, html as comparison_html, markdown as comparison_markdown
from eai.reporting.compose_tables import compose_tables
from eai.reporting.episode_tables import episode_table
from eai.reporting.headings import suite_headings
from eai.reporting.intervals import (
    NOTE as INTERVALS_NOTE,
    Interval,
    error_bars,
    interval_rows,
    share_interval,
    unit_table_intervals,
)
from eai.reporting.tables import COUNTS, TableSpec, metric_series, module_tables, table_rows
from eai.reporting.text import cell as _cell, markdown_text, viewer_link
from eai.reporting.unit_table import UnitTable
from eai.reporting.usage import usage_tables
from eai.results.formats import PROVENANCE

CSS = ("body{font-family:sans-serif;margin:2em;max-width:1400px}.box{overflow-x:auto;max-width:100%}"
       "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 6px;text-align:right}"
       "th{background:#f4f4f4;text-align:center}td:first-child{text-align:left}td.na{color:#999}"
       "a{color:#1a4f8b;text-decoration:none}a:hover{text-decoration:underline}")
EMPTY = "No task was scored in a result marked n = 0: its cells are \"-\", not numbers."
LEGEND = ("\"-\": not applicable (no task of that kind, or no result); a chart draws no bar for it. "
          "0.0 is a real zero. Every number links to its tasks in the viewer (view/index.html).")


@dataclass(frozen=True)
class Table:
    """One table of the report; ``groups`` (header, span) over ``headers``
    when its columns are grouped; ``cells`` the unit and error each cell's
    number is about (None: not linked); ``charts`` its plots as (title, groups, series)."""

    title: str
    headers: list[str]
    rows: list[list[Any]]
    groups: list[tuple[str, int]] = field(default_factory=list)
    cells: list[list[tuple[UnitResult, str] | None]] = field(default_factory=list)
    charts: list[tuple[str, list[tuple[str, str]], list[tuple[str, list[Any]]], list[list[Interval | None]]]] = \
        field(default_factory=list)
    note: str = ""


def summary(units: Sequence[UnitResult], compared: Sequence[Comparison] = ()) -> dict[str, Any]:
    return {"units": [{"suite": u.suite, "module": u.module, "model": u.model, "label": u.label, "summary": u.summary}
                      for u in units], **({"comparisons": [c.as_json() for c in compared]} if compared else {})}


def _paper_tables(spec: TableSpec, units: Sequence[UnitResult]) -> list[Table]:
    """``spec``'s table, then the 95% intervals of its rates (:mod:`eai.reporting.intervals`)."""
    suites, headers, rows = table_rows(spec, units)
    if not rows:
        return []
    columns = COUNTS + spec.columns
    by_key = {(u.label, u.suite): u for u in units if u.module == spec.module}
    groups = [("", 1)] + [(g, sum(c.group == g for c in columns) * len(suites)) for g in dict.fromkeys(c.group for c in columns)]
    cells = [[None, *((by_key[(row[0], suite)], column.error)
                      if (row[0], suite) in by_key else None for column in columns for suite in suites)] for row in rows]
    headings = suite_headings(suites)
    charts = [(f"{spec.name}, {headings[suite]}: {spec.title}", [(c.group, c.header) for c in spec.columns],
               metric_series(spec, suites, rows, suite), error_bars(spec, units, rows, suite)) for suite in suites]
    interval_headers, intervals = interval_rows(spec, units)
    return [Table(f"{spec.name}: {spec.title}", headers, rows, groups, cells, charts),
            Table(f"{spec.name}: 95% intervals", interval_headers, intervals, note=INTERVALS_NOTE)]


def _feature_tables(feature: Feature, units: Sequence[UnitResult], features: Features) -> list[Table]:
    """Task success by ``feature``, then each rate's 95% (Wilson) interval."""
    found_rows = feature_table(units, feature, features)
    if not found_rows:
        return []
    labels = feature.labels()
    series = [(f"{u.suite}/{u.module}/{u.label} (n={sum(s.n for s in shares)})", [s.rate for s in shares]) for u, shares in found_rows]
    title = f"Task success (%) by {feature.title}"
    return [Table(f"{title} (tasks in parentheses)", ["Suite", "Module", "Model", "n"] + labels,
                  [[u.suite, u.module, u.label, sum(s.n for s in shares), *shares] for u, shares in found_rows],
                  cells=[[None, None, None] + [(u, "")] * (1 + len(shares)) for u, shares in found_rows],
                  charts=[(title, [("", label) for label in labels], series, [])]),
            Table(f"{title}: 95% intervals", ["Suite", "Module", "Model"] + labels,
                  [[u.suite, u.module, u.label, *map(share_interval, shares)] for u, shares in found_rows],
                  note=INTERVALS_NOTE)]


def _unit_tables(table: UnitTable) -> list[Table]:
    """``table`` with each number linked to its unit's tasks (text such as a model or category name is not),
    then the 95% intervals of its rates, if it names any."""
    cells = [[(u, "") if u is not None and isinstance(v, (int, float)) else None for v, u in zip(row, units)]
             for row, units in zip(table.rows, table.cell_units())]
    found = [Table(table.title, table.headers, table.rows, cells=cells)]
    if table.rates:
        headers, rows = unit_table_intervals(table)
        found.append(Table(f"{table.title}: 95% intervals", headers, rows, note=INTERVALS_NOTE))
    return found


def tables(units: Sequence[UnitResult], features: Features) -> list[Table]:
    """Every table of the report, in order."""
    found: list[Table | None] = [table for spec in module_tables() for table in _paper_tables(spec, units)]
    extra = compose_tables(units) + [table for name in MODULES for table in MODULES[name].report_tables(units)] \
        + [t for t in (collaboration_table(units), episode_table(units)) if t] + usage_tables(units)
    found += [found_table for table in extra for found_table in _unit_tables(table)]
    found += [table for feature in FEATURES for table in _feature_tables(feature, units, features)]
    return [t for t in found if t is not None]


def _listing(units: Sequence[UnitResult]) -> str:
    return f"{len(units)} result(s): " + ", ".join(f"{u.suite}/{u.module}/{u.label} (n={u.summary.get('n')})" for u in units)


def markdown_report(units: Sequence[UnitResult], features: Features, compared: Sequence[Comparison] = ()) -> str:
    parts = ["# eai report", "", markdown_text(_listing(units)), ""]
    if any(not u.summary.get("n") for u in units):
        parts += [markdown_text(EMPTY), ""]
    for table in tables(units, features):
        parts += [f"### {markdown_text(table.title)}", "", "| " + " | ".join(map(markdown_text, table.headers)) + " |",
                  "|" + "---|" * len(table.headers)]
        parts += ["| " + " | ".join(markdown_text(_cell(v)) for v in row) + " |" for row in table.rows]
        parts += ["", markdown_text(table.note), ""] if table.note else [""]
    return "\n".join(parts + comparison_markdown(compared)) + "\n"


def _html_cell(value: Any, cell: tuple[UnitResult, str] | None) -> str:
    text = escape(_cell(value))
    if value is None:
        return f'<td class="na" title="not applicable">{text}</td>'
    if cell is None:
        return f"<td>{text}</td>"
    return f'<td><a href="{escape(viewer_link(*cell))}">{text}</a></td>'


def _html_table(table: Table) -> str:
    head = ""
    if table.groups:
        head = "<tr>" + "".join(f'<th colspan="{span}">{escape(group)}</th>' for group, span in table.groups) + "</tr>"
        headers = [table.headers[0]] + [h.split(": ", 1)[-1] for h in table.headers[1:]]
    else:
        headers = table.headers
    head += "<tr>" + "".join(f"<th>{escape(h)}</th>" for h in headers) + "</tr>"
    rows = ["<tr>" + "".join(_html_cell(v, table.cells[i][j] if table.cells else None) for j, v in enumerate(row)) + "</tr>"
            for i, row in enumerate(table.rows)]
    return f'<div class="box"><table>{head}{"".join(rows)}</table></div>'


def _configuration(units: Sequence[UnitResult]) -> str:
    """The configuration of each run the units come from, as an HTML table."""
    rows = []
    for folder in dict.fromkeys(run_folder(u) for u in units):
        config, written = run_config(folder) if folder is not None else (None, "")
        mine = [u for u in units if run_folder(u) == folder]
        counts = ", ".join(f"{u.suite}/{u.module}/{u.label} n={_cell(u.summary.get('n'))}" for u in mine)
        if folder is None or config is None:
            rows.append(["(score folder)", "-", "-", "-", "-", "-", counts])
            continue
        options = {k: v for k, v in sorted(config.items()) if k not in ("models", "suites", "modules", *PROVENANCE)}
        rows.append([folder.name, written, ", ".join(config.get("models", [])), ", ".join(config.get("suites", [])),
                     ", ".join(config.get("modules", [])), json.dumps(options, sort_keys=True), counts])
    table = Table("Configuration", ["Run", "Written (UTC)", "Models", "Suites", "Modules", "Options", "n per unit"], rows)
    return f"<h2>Configuration (eai {escape(eai.__version__)})</h2>" + _html_table(table)


def html_report(units: Sequence[UnitResult], features: Features, compared: Sequence[Comparison] = ()) -> str:
    body = ["<h1>eai report</h1>", _configuration(units), f"<p>{escape(_listing(units))}</p>", f"<p>{escape(LEGEND)}</p>"]
    if any(not u.summary.get("n") for u in units):
        body.append(f"<p>{escape(EMPTY)}</p>")
    number = 0
    for table in tables(units, features):
        body.append(f"<h2>{escape(table.title)}</h2>" + _html_table(table) + (f"<p>{escape(table.note)}</p>" if table.note else ""))
        for title, groups, series, errors in table.charts:
            body.append(bar_chart(f"chart-{number}", title, groups, series, first=number == 0, errors=errors))
            number += 1
    if compared:
        body.append(comparison_html(compared))
    return ("<!doctype html><html><head><meta charset=\"utf-8\"><title>eai report</title>"
            f"<style>{CSS}</style></head><body>" + "\n".join(body) + "</body></html>\n")


def write_report(units: Sequence[UnitResult], features: Features, out: Path, html: bool,
                 compared: Sequence[Comparison] = ()) -> list[Path]:
    """The report files in ``out`` (never one of the results it reads); ``compared``: the paired
    comparisons of two runs (:mod:`eai.reporting.comparison`)."""
    written = [out / FILES[0], out / FILES[1]]
    write_atomic(written[0], json.dumps(summary(units, compared), indent=2, sort_keys=True) + "\n", durable=False)
    write_atomic(written[1], markdown_report(units, features, compared), durable=False)
    if html:
        written.append(out / FILES[2])
        write_atomic(written[2], html_report(units, features, compared), durable=False)
    return written
