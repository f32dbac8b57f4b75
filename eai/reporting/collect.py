"""Finding the scored units (suite/module/model) under run folders."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from eai import jsonl
from eai.exceptions import EaiError


@dataclass(frozen=True)
class UnitResult:
    """One scored unit: its summary and the folder holding its records."""

    suite: str
    module: str
    model: str
    summary: dict[str, Any]
    folder: Path
    run: str = ""  # the run folder, named when another run has a unit of the same label

    @property
    def label(self) -> str:
        """The row name in tables: the model, and how it was run when not alone
        on gold inputs (``baseline:auto [goal_interpretation+action_sequencing] replan 3 p=0.1``)."""
        parts = [self.model]
        pipeline = self.summary.get("pipeline", "")
        if "+" in pipeline:
            parts.append(f"[{pipeline}]")
        if self.summary.get("replan"):
            parts.append(f"replan {self.summary['replan']}")
        if self.summary.get("action_failure_p"):
            parts.append(f"p={self.summary['action_failure_p']:g}")
        if self.run:
            parts.append(f"({self.run})")
        return " ".join(parts)

    def records(self) -> list[dict[str, Any]]:
        path = self.folder / "records.jsonl"
        if not path.exists():
            return []
        return [record for _, record in jsonl.read(path)]


def collect(folders: list[Path]) -> list[UnitResult]:
    """Every summary.json under the given folders, sorted by module, model, suite."""
    found = []
    names = [folder.resolve().name for folder in folders]
    for i, folder in enumerate(folders):
        run = names[i] if names.count(names[i]) == 1 else f"{names[i]} #{i + 1}"
        if not folder.is_dir():
            raise EaiError(f"{folder} is not a folder")
        paths = sorted(folder.rglob("summary.json"))
        if not paths:
            raise EaiError(f"{folder} holds no summary.json (is it a run folder or an `eai score --out` folder?)")
        for path in paths:
            try:
                summary = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
                raise EaiError(f"cannot read {path}: {exc}") from None
            if not isinstance(summary, dict) or "suite" not in summary or "module" not in summary:
                continue  # e.g. the summary.json older reports wrote
            model = summary.get("model") or path.parent.name
            found.append(UnitResult(summary["suite"], summary["module"], model, summary, path.parent, run))
    if not found:
        raise EaiError(f"no result (summary.json of eai run, compose or score) under {', '.join(map(str, folders))}")

    def row(u: UnitResult) -> tuple[str, str, str]:
        return (u.module, replace(u, run="").label, u.suite)

    runs: dict[tuple[str, str, str], set[str]] = {}
    for u in found:
        runs.setdefault(row(u), set()).add(u.run)
    found = [u if len(runs[row(u)]) > 1 else replace(u, run="") for u in found]  # name the run only to tell rows apart
    found.sort(key=lambda u: (u.module, u.label, u.suite, str(u.folder)))
    return found
