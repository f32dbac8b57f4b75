"""Text of a report: a number as a cell shows it, any text as itself in Markdown, and
the viewer's address of a unit's tasks that the report's numbers link to."""

from __future__ import annotations

import re
from dataclasses import replace
from html import escape
from typing import Any
from urllib.parse import urlencode

from eai.reporting.collect import UnitResult

MARKDOWN_SPECIAL = re.compile(r"([\\`*\[\]|])")  # emphasis, code, links, table cells
VIEWER = "view/index.html"


def cell(v: Any) -> str:
    """A number as a table shows it (one decimal), \"-\" for none."""
    return "-" if v is None else (f"{v:.1f}" if isinstance(v, float) else str(v))


def markdown_text(text: str) -> str:
    """``text`` shown as itself in Markdown: no markup, no HTML, no table break."""
    return MARKDOWN_SPECIAL.sub(r"\\\1", escape(text, quote=False)).replace("\n", " ")


def viewer_link(unit: UnitResult, error: str, **more: str) -> str:
    """The viewer's task list of ``unit`` (only the tasks with ``error``), relative to the report;
    ``more``: further parameters of the address (``task``, ``compare``)."""
    query = {"suite": unit.suite, "module": unit.module, "model": replace(unit, run="").label}
    if unit.run:
        query["run"] = unit.run
    if error:
        query["error"] = error
    query.update(more)
    return f"{VIEWER}#{urlencode(query)}"
