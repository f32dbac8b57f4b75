"""``eai tasks import``: converting upstream sources into suites in ``tasks/``.

Each converted suite gets ``provenance.json`` (the sources it was read from,
an optional one only when its path was given: package, version and sha256,
or repository, commit and the sha256 of every file read; their licence
texts and notes); ``README.md`` of the tasks folder is rebuilt from
every suite's provenance, so importing one suite keeps the others' notices.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from eai.exceptions import EaiError
from eai.sources import Archive, Pin, Snapshot, open_source
from eai.suite import TaskSuite

PROVENANCE = "provenance.json"


def import_source(
    source: str,
    suites: list[TaskSuite],
    out: Path,
    paths: Mapping[str, Path],
    progress: Callable[[str], None] = lambda message: None,
) -> list[str]:
    """Convert the suite named ``source``, or every suite whose primary source
    is the package ``source``; returns their names."""
    chosen = [s for s in suites if s.sources and (s.name == source or s.sources[0].package == source)]
    if not chosen:
        known = sorted({s.sources[0].package for s in suites if s.sources} | {s.name for s in suites if s.sources})
        raise EaiError(f"nothing is imported from {source!r} (sources and suites: {', '.join(known) or 'none'})")
    archives: dict[str, Archive] = {}
    for suite in chosen:
        for pin in suite.sources:
            if pin.package not in archives and (not pin.optional or pin.package in paths):
                progress(f"reading {pin.package} {pin.version}")
                archives[pin.package] = open_source(pin, paths.get(pin.package))
    out.mkdir(parents=True, exist_ok=True)
    for suite in chosen:
        progress(f"converting {suite.name}")
        suite.import_tasks(archives, out / suite.name)
        record = provenance(tuple(pin for pin in suite.sources if pin.package in archives), archives)
        (out / suite.name / PROVENANCE).write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    (out / "README.md").write_text(readme(out), encoding="utf-8")
    return [s.name for s in chosen]


def provenance(pins: tuple[Pin, ...], archives: Mapping[str, Archive]) -> dict[str, Any]:
    """What a suite was converted from, to be kept beside it."""
    sources = []
    for pin in pins:
        archive = archives[pin.package]
        entry: dict[str, Any] = {"name": pin.package, "described": pin.described, "licence": archive.licence().strip(),
                                 "licence_note": pin.licence_note}
        if isinstance(archive, Snapshot):
            entry.update(repository=pin.repository, commit=pin.version, files=dict(sorted(archive.hashes.items())))
        else:
            entry.update(version=pin.version, sha256=pin.sha256)
        sources.append(entry)
    return {"sources": sources}


def readme(out: Path) -> str:
    """tasks/README.md: what each suite folder was converted from, and the licences."""
    lines = [
        "# Task suites",
        "",
        "Written by `eai tasks import`; do not edit by hand (a second import",
        "rewrites every file byte for byte). The format is described in",
        "docs/tasks.md. Each suite folder's `provenance.json` pins its sources",
        "(for a repository, the sha256 of every file read).",
        "",
        "| suite | converted from |",
        "|---|---|",
    ]
    licences: dict[tuple[str, str, str], dict[str, Any]] = {}  # a source read for two suites may cite other files
    for path in sorted(out.glob(f"*/{PROVENANCE}")):
        sources = json.loads(path.read_text(encoding="utf-8"))["sources"]
        lines.append(f"| `{path.parent.name}/` | " + "; ".join(s["described"] for s in sources) + " |")
        licences.update({(s["name"], s["licence"], s["licence_note"]): s for s in sources})
    lines += ["", "## Licences", "", "The data is derived from these sources, each under the licence below.", ""]
    for key in sorted(licences):
        source = licences[key]
        lines += [f"### {source['name']}", "", f"From {source['described']}.", ""]
        if source["licence_note"]:
            lines += [source["licence_note"], ""]
        lines += ["```", source["licence"] or "(no licence file in the source)", "```", ""]
    return "\n".join(lines)
