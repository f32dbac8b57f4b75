"""``eai report A B``'s paired comparison: each unit of run A beside the unit
of run B of the same suite and module (the one of the same model when a run
has several), compared rate by rate on the tasks both scored
(:mod:`eai.results.paired`), with the tasks that flipped each way linked to
the viewer's side-by-side page of that task."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from eai.modules import MODULES
from eai.reporting.collect import UnitResult, collect, run_names
from eai.reporting.text import cell, markdown_text, viewer_link
from eai.results.paired import compare

HEADERS = ["Rate", "A", "B", "B - A", "95% interval", "Test", "p", "Only A", "Only B"]
NOTE = ("Over the tasks both scored: the difference B - A with its 95% paired-bootstrap interval, and the test "
        "of no difference: McNemar's exact test for rates of tasks (only A / only B: the tasks that flipped), "
        "the paired bootstrap for the others (docs/metrics.md, \"Comparing two runs\").")


@dataclass(frozen=True)
class Comparison:
    """Unit ``a`` of the first run against ``b`` of the second; ``side_by_side``: the viewer's
    "Compare with" of ``a`` offers only ``b``, so a task's link opens both."""

    a: UnitResult
    b: UnitResult
    names: tuple[str, str]
    result: dict[str, Any]
    side_by_side: bool

    def title(self) -> str:
        return (f"Paired comparison: {self.a.suite}/{self.a.module}: A = {self.names[0]} {self.a.model}, "
                f"B = {self.names[1]} {self.b.model}")

    def as_json(self) -> dict[str, Any]:
        return {"suite": self.a.suite, "module": self.a.module, "a": {"run": self.names[0], "model": self.a.model},
                "b": {"run": self.names[1], "model": self.b.model}, **self.result}


def comparisons(folders: Sequence[Path], units: Sequence[UnitResult]) -> list[Comparison]:
    """The comparisons of a report over exactly two run folders (none otherwise), in the units' order."""
    if len(folders) != 2:
        return []
    sides = [collect([folder]) for folder in folders]
    names = tuple(run_names(list(folders)))
    found = []
    for a in sides[0]:
        if a.module not in MODULES:
            continue  # a pipeline's unit: its figures are its stages', not one module's
        peers = [b for b in sides[1] if (b.suite, b.module) == (a.suite, a.module)]
        b = peers[0] if len(peers) == 1 else next((p for p in peers if p.model == a.model), None)
        if b is None:
            continue
        alike = sum((u.suite, u.module) == (a.suite, a.module) for u in units)
        result = compare(MODULES[a.module].summarize, a.records(), b.records())
        shown = next((u for u in units if u.folder == a.folder), a)  # as the report names it, for its links
        found.append(Comparison(shown, b, (names[0], names[1]), result, alike == 2))
    return found


def rows(comparison: Comparison) -> list[list[Any]]:
    return [[path, e["a"], e["b"], e["difference"], f"[{e['low']:.1f}, {e['high']:.1f}]",
             e["test"], f"{e['p_value']:.4g}", len(e["only_a"]) if "only_a" in e else None,
             len(e["only_b"]) if "only_b" in e else None] for path, e in comparison.result["rates"].items()]


def _counts(comparison: Comparison) -> str:
    r = comparison.result
    return f"{r['tasks']} tasks scored by both (A alone: {r['only_in_a']}, B alone: {r['only_in_b']}). {NOTE}"


def _flips(comparison: Comparison) -> list[tuple[str, str, list[str]]]:
    """(rate, "only A" / "only B", tasks) of each rate whose tasks flipped."""
    return [(path, side, e[key]) for path, e in comparison.result["rates"].items()
            for side, key in (("only A", "only_a"), ("only B", "only_b")) if e.get(key)]


def markdown(found: Sequence[Comparison]) -> list[str]:
    """report.md's lines of the comparisons."""
    parts: list[str] = []
    for c in found:
        parts += [f"### {markdown_text(c.title())}", "", markdown_text(_counts(c)), "",
                  "| " + " | ".join(HEADERS) + " |", "|" + "---|" * len(HEADERS)]
        parts += ["| " + " | ".join(markdown_text(cell(v)) for v in row) + " |" for row in rows(c)]
        parts += [""] + [f"- {markdown_text(path)}, {side} ({len(tasks)}): {markdown_text(', '.join(tasks))}"
                         for path, side, tasks in _flips(c)] + [""]
    return parts


def html(found: Sequence[Comparison]) -> str:
    """report.html's part of the comparisons: each flipped task linked to its side-by-side view."""
    parts = []
    for c in found:
        head = "".join(f"<th>{escape(h)}</th>" for h in HEADERS)
        body = "".join("<tr>" + "".join(f"<td>{escape(cell(v))}</td>" for v in row) + "</tr>" for row in rows(c))
        flips = "".join(f"<li>{escape(path)}, {side} ({len(tasks)}): " + ", ".join(
            f'<a href="{escape(_task_link(c, task))}">{escape(task)}</a>' for task in tasks) + "</li>"
            for path, side, tasks in _flips(c))
        parts.append(f"<h2>{escape(c.title())}</h2><p>{escape(_counts(c))}</p>"
                     f'<div class="box"><table><tr>{head}</tr>{body}</table></div><ul>{flips}</ul>')
    return "\n".join(parts)


def _task_link(c: Comparison, task: str) -> str:
    return viewer_link(c.a, "", task=task, **({"compare": "0"} if c.side_by_side else {}))
