"""``eai tasks import``: converting upstream packages into suites in ``tasks/``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from eai.exceptions import EaiError
from eai.sources import Archive, open_source
from eai.suite import TaskSuite


def import_source(
    source: str,
    suites: list[TaskSuite],
    out: Path,
    paths: Mapping[str, Path],
    progress: Callable[[str], None] = lambda message: None,
) -> list[str]:
    """Convert every suite whose primary source is ``source``; returns their names."""
    chosen = [s for s in suites if s.sources and s.sources[0].package == source]
    if not chosen:
        known = sorted({s.sources[0].package for s in suites if s.sources})
        raise EaiError(f"no suite is imported from {source!r} (sources: {', '.join(known) or 'none'})")
    archives: dict[str, Archive] = {}
    for suite in chosen:
        for pin in suite.sources:
            if pin.package not in archives:
                progress(f"reading {pin.package} {pin.version}")
                archives[pin.package] = open_source(pin, paths.get(pin.package))
    out.mkdir(parents=True, exist_ok=True)
    for suite in chosen:
        progress(f"converting {suite.name}")
        suite.import_tasks(archives, out / suite.name)
    (out / "README.md").write_text(provenance(suites, out, archives), encoding="utf-8")
    return [s.name for s in chosen]


def provenance(suites: list[TaskSuite], out: Path, archives: Mapping[str, Archive]) -> str:
    """tasks/README.md: what each suite directory was converted from, and the licences."""
    lines = [
        "# Task suites",
        "",
        "Written by `eai tasks import`; do not edit by hand (a second import",
        "rewrites every file byte for byte). The format is described in",
        "docs/tasks.md.",
        "",
        "| suite | converted from (package, version, sha256) |",
        "|---|---|",
    ]
    pins = {}
    for suite in sorted(suites, key=lambda s: s.name):
        if suite.sources and (out / suite.name / "suite.json").exists():
            lines.append(f"| `{suite.name}/` | " + "; ".join(
                f"{p.package} {p.version} `{p.sha256}`" for p in suite.sources) + " |")
            pins.update({p.package: p for p in suite.sources})
    lines += ["", "## Licences", "",
              "The data is derived from these packages, each under the licence below.", ""]
    for package in sorted(pins):
        archive = archives.get(package)
        text = archive.licence() if archive else ""
        lines += [f"### {package} {pins[package].version}", "", "```", text.strip() or "(licence file not read)", "```", ""]
    return "\n".join(lines)
