"""The format version of the result files eai writes (docs/metrics.md, "Format versions").

run.json and summary.json say which format they are in (``format_version``, an
integer); summary.json's covers the files written with it (records.jsonl and
answers.jsonl), run.json's the responses.jsonl of its units. Files written
before formats were versioned have no such field: format 0, which format 1
reads as it is (it only added fields). A reader refuses, in one line, a file
of a newer format than this eai knows.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from eai.exceptions import EaiError

FORMAT_VERSION = 1
FIELD = "format_version"
PROVENANCE = (FIELD, "eai_version", "plugins", "started", "finished", "command")
"""run.json's fields that say how a run was made (:mod:`eai.runner.provenance`), not what decides its results."""


def format_version(data: Mapping[str, Any], path: Path) -> int:
    """The format ``data`` (read from ``path``) is in: 0 when it says none; EaiError for one this eai cannot read."""
    version = data.get(FIELD, 0)
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise EaiError(f"{path}: {FIELD} {version!r} is not a format version (a whole number)")
    if version > FORMAT_VERSION:
        raise EaiError(f"{path} is in result format {version}, written by a newer eai; this one reads formats "
                       f"up to {FORMAT_VERSION}: upgrade eai to read it")
    return version
