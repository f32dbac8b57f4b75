"""Finding the scored units (suite/module/model) under run folders."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from eai.base import jsonl
from eai.exceptions import EaiError
from eai.results.formats import format_version

REPORT_FILES = ("report.json", "report.md", "report.html")  # what a report writes into a folder: not results


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
        return list(self.each_record())

    def each_record(self) -> Iterator[dict[str, Any]]:
        """The records one by one as records.jsonl is read, none held (a run of thousands of episodes)."""
        path = self.folder / "records.jsonl"
        if not path.exists():
            return
        try:
            with path.open("rb") as handle:
                for number, line in enumerate(handle, 1):
                    if line.strip():
                        try:
                            yield jsonl.parse(line)
                        except ValueError as exc:
                            raise EaiError(f"{path}:{number}: {exc}") from None
        except OSError as exc:
            raise EaiError(f"cannot read {path}: {exc.strerror or exc}") from None


class Records(Sequence[dict[str, Any]]):
    """A run unit's records, read from its records.jsonl when first used and kept
    then: a run of thousands of episodes does not hold them all until asked."""

    def __init__(self, unit: UnitResult) -> None:
        self.unit = unit
        self._read: list[dict[str, Any]] | None = None

    def _records(self) -> list[dict[str, Any]]:
        if self._read is None:
            if not (self.unit.folder / "records.jsonl").is_file():
                raise EaiError(f"{self.unit.folder / 'records.jsonl'} is gone: a run's records are read from its "
                               "folder when first used")
            self._read = self.unit.records()
        return self._read

    def __len__(self) -> int:
        return len(self._records())

    def __getitem__(self, index: Any) -> Any:
        return self._records()[index]

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return iter(self._records())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __repr__(self) -> str:
        return f"Records({self.unit.folder / 'records.jsonl'})"


def run_names(folders: list[Path]) -> list[str]:
    """The name of each run: its folder's name, numbered when two are alike."""
    names = [folder.resolve().name for folder in folders]
    return [name if names.count(name) == 1 else f"{name} #{i + 1}" for i, name in enumerate(names)]


def collect(folders: list[Path]) -> list[UnitResult]:
    """Every summary.json under the given folders, sorted by module, model, suite."""
    found = []
    for run, folder in zip(run_names(folders), folders):
        if not folder.is_dir():
            raise EaiError(f"{folder} is not a folder")
        paths = sorted(folder.rglob("summary.json"))
        if not paths:
            raise EaiError(f"{folder} holds no summary.json (is it a run folder or an `eai score --out` folder?)")
        for path in paths:
            try:
                summary = jsonl.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
                raise EaiError(f"cannot read {path}: {exc}") from None
            if not isinstance(summary, dict) or "suite" not in summary or "module" not in summary:
                continue  # e.g. the summary.json older reports wrote
            format_version(summary, path)
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


def run_config(folder: Path) -> tuple[dict[str, Any] | None, str]:
    """A run folder's ``run.json`` (None for a score folder) and when it was written (UTC)."""
    path = folder / "run.json"
    if not path.exists():
        return None, ""
    try:
        config = jsonl.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise EaiError(f"cannot read {path}: {exc}") from None
    written = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
    if not isinstance(config, dict):
        return None, written
    format_version(config, path)
    return config, written


def run_folder(unit: UnitResult) -> Path | None:
    """The run folder (holding run.json) a unit's results are in; None for a score folder."""
    return next((p for p in (unit.folder, *unit.folder.parents[:3]) if (p / "run.json").is_file()), None)
