"""Whether a run's own viewer page is current: the digest of what it was made from.

A viewer page is made from the run folders (their files, and run.json's
time, which the page shows), the task files of the suites their units name,
and the installed eai and plugins (their versions and files: prompts are
built again). When ``eai run`` or ``eai report`` writes the page into
``view/``, the sha256 of all of these is written beside it
(``view/source.sha256``); ``eai view RUN`` serves ``RUN/view`` as it is when
the digest of them now is the same, and makes the page again otherwise.
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import eai
from eai.host.manager import Plugins
from eai.reporting.collect import REPORT_FILES, collect, run_names
from eai.tasks.store import DirectorySuite
from eai.viewer.page import DIGEST

FOLDER = "view"
NOT_SOURCES = {FOLDER, "run.lock", *REPORT_FILES}  # what a run folder holds that the page is not made from


def _files(folder: Path, skipped: Iterable[str] = ()) -> list[Path]:
    """The files under ``folder`` in a fixed order, but those under its entries named ``skipped`` and byte code."""
    left_out = set(skipped)
    return sorted(path for path in folder.rglob("*")
                  if path.is_file() and path.relative_to(folder).parts[0] not in left_out and "__pycache__" not in path.parts)


def _code(plugins: Plugins) -> list[tuple[Path, Path]]:
    """(file, the folder it is named from) for the files of eai's package and of every loaded
    plugin's top-level package or module (a plugin made in memory has none: its name counts)."""
    files: set[tuple[Path, Path]] = set()
    for name in ["eai", *(info.module.split(".")[0] for info in plugins.loaded)]:
        source = getattr(sys.modules.get(name), "__file__", None)
        if source is None:
            continue
        path = Path(source).resolve()
        if path.name == "__init__.py":
            files.update((file, path.parent.parent) for file in _files(path.parent))
        else:
            files.add((path, path.parent))
    return sorted(files)


def source_digest(folders: Sequence[Path], plugins: Plugins) -> str:
    """The sha256 of everything the viewer page of ``folders`` is made from."""
    digest = hashlib.sha256()

    def add(*parts: object) -> None:
        for part in parts:
            data = part if isinstance(part, bytes) else str(part).encode("utf-8", "surrogateescape")
            digest.update(len(data).to_bytes(8, "big") + data)

    def add_file(path: Path) -> None:
        """As ``add(path.read_bytes())``, a block at a time: a run's logs are not held whole."""
        with path.open("rb") as handle:
            digest.update(os.fstat(handle.fileno()).st_size.to_bytes(8, "big"))
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)

    add(eai.__version__, *(f"{i.name} {i.module} {i.distribution} {i.version}" for i in plugins.loaded))
    for path, root in _code(plugins):
        add(path.relative_to(root), path.read_bytes())
    suites: set[str] = set()
    for name, folder in zip(run_names(list(folders)), folders):
        add("run", name)
        run_json = folder / "run.json"
        add(run_json.stat().st_mtime_ns if run_json.is_file() else "")
        for path in _files(folder, NOT_SOURCES):
            add(path.relative_to(folder))
            add_file(path)
        suites.update(unit.suite for unit in collect([folder]))
    for name in sorted(suites):
        suite = plugins.suites.get(name) if name in plugins.suites else None
        add("suite", name, suite.path.resolve() if isinstance(suite, DirectorySuite) else "")
        if isinstance(suite, DirectorySuite):
            for path in _files(suite.path):
                add(path.relative_to(suite.path), path.read_bytes())
    return digest.hexdigest()


def current_view(folder: Path, plugins: Plugins) -> Path | None:
    """``folder/view`` when it holds the viewer page of ``folder`` alone, made from it as it is now; else None."""
    view = folder / FOLDER
    try:
        kept = (view / DIGEST).read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    if not (view / "index.html").is_file():
        return None
    return view if kept == source_digest([folder], plugins) else None
