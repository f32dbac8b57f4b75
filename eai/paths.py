"""Where eai keeps its task data, and whether it can write where it is asked to."""

from __future__ import annotations

import os
from pathlib import Path

import eai
from eai.exceptions import EaiError

TASKS_ENV = "EAI_TASKS_DIR"


def tasks_dir() -> Path:
    """``$EAI_TASKS_DIR``, else the ``tasks/`` of a source checkout, else the packaged copy."""
    override = os.environ.get(TASKS_ENV)
    if override:
        return Path(override)
    package = Path(eai.__file__).resolve().parent
    checkout = package.parent / "tasks"
    return checkout if checkout.is_dir() else package / "tasks_data"


def check_output_folder(path: Path, option: str = "--out") -> None:
    """One clear error, before any work, when ``path`` cannot be a folder eai writes into."""
    path = Path(path)
    if path.exists() and not path.is_dir():
        raise EaiError(f"{option} {path} is a file, not a folder")
    existing = next(p for p in (path, *path.parents) if p.exists() or p == Path(p.anchor or "."))
    if not existing.is_dir():
        raise EaiError(f"{option} {path}: {existing} is a file, not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise EaiError(f"{option} {path}: cannot write in {existing} (permission denied)")
