"""``eai tasks import``: converting upstream sources into suites in ``tasks/``.

Each converted suite gets ``provenance.json`` (the sources it was read from,
an optional one only when its path was given: package, version and sha256,
or repository, commit and the sha256 of every file read, which the next
import checks the clone's files against; their licence texts and notes); ``README.md`` of the tasks folder is rebuilt from
every suite's provenance, so importing one suite keeps the others' notices.
A generated suite's provenance says how it was generated instead
(:mod:`eai.generation.suite`) and carries its scene suite's sources.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from eai.base.atomic import write_atomic
from eai.base.paths import inside
from eai.exceptions import EaiError
from eai.tasks.sources import Archive, Pin, Snapshot, open_source
from eai.tasks.suite import TaskSuite

PROVENANCE = "provenance.json"


def import_source(
    source: str,
    suites: list[TaskSuite],
    out: Path,
    paths: Mapping[str, Path],
    progress: Callable[[str], None] = lambda message: None,
    committed: Path | None = None,
) -> list[str]:
    """Convert the suite named ``source``, or every suite whose primary source
    is the package ``source``; returns their names. A repository's files are
    checked against the sha256 the provenance in ``committed`` (the tasks
    folder eai ships) records for them at the same commit."""
    chosen = [s for s in suites if s.sources and (s.name == source or s.sources[0].package == source)]
    if not chosen:
        known = sorted({s.sources[0].package for s in suites if s.sources} | {s.name for s in suites if s.sources})
        raise EaiError(f"nothing is imported from {source!r} (sources and suites: {', '.join(known) or 'none'})")
    archives: dict[str, Archive] = {}
    for pin in agreed_pins(chosen).values():
        if not pin.optional or pin.package in paths:
            progress(f"reading {pin.package} {pin.version}")
            archives[pin.package] = open_source(pin, paths.get(pin.package), committed_hashes(committed, pin))
    out.mkdir(parents=True, exist_ok=True)
    for suite in chosen:
        progress(f"converting {suite.name}")
        folder = inside(out, {"suite": suite.name})
        suite.import_tasks(archives, folder)
        record = provenance(tuple(pin for pin in suite.sources if pin.package in archives), archives)
        write_atomic(folder / PROVENANCE, json.dumps(record, indent=1, sort_keys=True) + "\n")
    write_atomic(out / "README.md", readme(out))
    return [s.name for s in chosen]


def agreed_pins(suites: list[TaskSuite]) -> dict[str, Pin]:
    """The pin of each package ``suites`` are converted from; each plugin
    declares the pins of its own suites, so two that read one package must pin
    it alike (else the error names them)."""
    pins: dict[str, Pin] = {}
    for suite in suites:
        for pin in suite.sources:
            if pins.setdefault(pin.package, pin) != pin:
                pinned = ", ".join(f"{s.name}: {p.version}" for s in suites for p in s.sources if p.package == pin.package)
                raise EaiError(f"the suites pin {pin.package} differently ({pinned}): their plugins must agree")
    return pins


def committed_hashes(folder: Path | None, pin: Pin) -> dict[str, str]:
    """The sha256 of each file of ``pin``'s repository at its commit, as the
    provenance of any suite in ``folder`` records it (none for a package)."""
    found: dict[str, str] = {}
    if folder is None or not pin.repository:
        return found
    for path in sorted(Path(folder).glob(f"*/{PROVENANCE}")):
        try:
            sources = json.loads(path.read_text(encoding="utf-8"))["sources"]
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
            raise EaiError(f"{path} is damaged ({type(exc).__name__}: {exc})") from None
        for source in sources:
            if source.get("repository") == pin.repository and source.get("commit") == pin.version:
                found.update(source.get("files", {}))
    return found


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
        "Written by `eai tasks import` and `eai tasks generate`; do not edit by",
        "hand (importing or generating again rewrites every file byte for byte).",
        "The format is described in docs/tasks.md, generation in",
        "docs/generation.md. Each suite folder's `provenance.json` pins its",
        "sources (for a repository, the sha256 of every file read) or, for a",
        "generated suite, how it was generated.",
        "",
        "| suite | converted from, or generated by |",
        "|---|---|",
    ]
    licences: dict[tuple[str, str, str], dict[str, Any]] = {}  # a source read for two suites may cite other files
    for path in sorted(out.glob(f"*/{PROVENANCE}")):
        record = json.loads(path.read_text(encoding="utf-8"))
        sources = record["sources"]
        if "generated" in record:
            made = record["generated"]
            origin = (f"`{generation_command(path.parent.name, made)}`: generator `{made['generator']}` "
                      f"({made['method']}) on the scene `{made['scene']}`")
        else:
            origin = "; ".join(s["described"] for s in sources)
        lines.append(f"| `{path.parent.name}/` | {origin} |")
        licences.update({(s["name"], s["licence"], s["licence_note"]): s for s in sources})
    lines += ["", *licence_notices([licences[key] for key in sorted(licences)])]
    return "\n".join(lines)


def licence_notices(sources: list[dict[str, Any]]) -> list[str]:
    """The lines of a ``## Licences`` section: each source, what it is, its note and its licence's text."""
    lines = ["## Licences", "", "The data is derived from these sources, each under the licence below.", ""]
    for source in sources:
        lines += [f"### {source['name']}", "", f"From {source['described']}.", ""]
        if source["licence_note"]:
            lines += [source["licence_note"], ""]
        lines += ["```", source["licence"] or "(no licence file in the source)", "```", ""]
    return lines


def generation_command(folder: str, generated: dict[str, Any]) -> str:
    """The command that generates the suite folder ``tasks/<folder>`` again."""
    words = ["eai tasks generate", generated["generator"], "--scene", generated["scene"], "--n", str(generated["n"]),
             "--seed", str(generated["seed"])]
    if generated.get("filter_model"):
        words += ["--filter-model", generated["filter_model"]]
    return " ".join(words + ["--out", f"tasks/{folder}"])
