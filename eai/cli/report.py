"""``eai report``: tables and plots over one or more run folders."""

from __future__ import annotations

from pathlib import Path

import typer

from eai import api
from eai.cli.output import say


def report_command(
    runs: list[Path] = typer.Argument(..., metavar="FOLDER", help="Run folders (from eai run or compose) or score folders (from eai score)."),
    out: Path = typer.Option(None, "--out", help="Where to write the report (default: the first folder)."),
    html: bool = typer.Option(False, "--html", help="Also write report.html with plots (self-contained, works offline)."),
) -> None:
    """Summarize runs in tables shaped like the paper's, several side by side.

    Writes report.json, report.md (Tables 3-7, and 16-18 for composed runs,
    plus success by plan length, goals and objects) and, with --html,
    report.html with plots; it never overwrites the results it reads. Every
    table gives the tasks each row is over (n) and the failed model calls;
    Tables 3-7 are followed by their rates' 95% intervals. Of exactly two run folders, the report
    also compares them on the tasks both scored: per rate the difference
    with its paired interval, McNemar's exact test or the paired bootstrap,
    and the tasks that flipped each way (docs/metrics.md, "Comparing two
    runs"). What each table holds: docs/reports.md.

    Examples:

    \b
        eai report runs/2026-01-01T10-00-00
        eai report runs/gpt runs/llama --html --out reports/both
        eai report scores/ --html
    """
    for path in api.report(runs, out, html):
        say(f"wrote {path}")
