"""``eai report``: tables and plots over one or more run folders."""

from __future__ import annotations

from pathlib import Path

import typer

from eai.cli.output import console
from eai.plugins import get_plugins
from eai.report.analysis import task_features
from eai.report.build import write_report
from eai.report.collect import collect


def features_of(suites: set[str]) -> dict[str, dict[str, dict[str, int]]]:
    """What makes each task of these suites hard (eai.report.analysis)."""
    registry = get_plugins().suites
    return {s: {t.id: task_features(t) for t in registry.get(s).load()} for s in sorted(suites) if s in registry}


def report_command(
    runs: list[Path] = typer.Argument(..., help="Run folders (from eai run) or score folders (from eai score)."),
    out: Path = typer.Option(None, "--out", help="Where to write the report (default: the first folder)."),
    html: bool = typer.Option(False, "--html", help="Also write report.html with plots (self-contained, works offline)."),
) -> None:
    """Summarize runs in tables shaped like the paper's, several side by side.

    Writes summary.json, report.md (Tables 3-7, and 16-18 for composed runs,
    plus success by plan length, goals and objects) and, with --html,
    report.html with plots. What each table holds: docs/reports.md.
    """
    units = collect(runs)
    written = write_report(units, features_of({u.suite for u in units}), out or runs[0], html)
    for path in written:
        console.print(f"wrote {path}", highlight=False)
