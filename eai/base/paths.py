"""Where eai keeps its task data, and whether it can write where it is asked to.

Every name that becomes a path (a suite, a task id, a module, a model's
folder, a suite's file) is one path segment, checked by :func:`name_problem`;
the folders eai writes under an output folder are resolved and must stay in
it (:func:`inside`), so neither a name nor a symbolic link leads a write out.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import eai
from eai.exceptions import EaiError

TASKS_ENV = "EAI_TASKS_DIR"
MAX_NAME_BYTES = 255  # the longest file name Linux, macOS and Windows file systems take


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


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be one file or folder name inside another folder, or None when it can."""
    if not name:
        return "it is empty"
    if name in (".", ".."):
        return "it names a folder that already is one (. or ..)"
    if "/" in name or "\\" in name:
        return "it holds a path separator (/ or \\)"
    if "\0" in name:
        return "it holds a NUL character"
    if len(name.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES:
        return f"it is longer than {MAX_NAME_BYTES} bytes"
    return None


def check_name(name: str, what: str) -> str:
    """``name``, or an EaiError saying that the ``what`` (e.g. ``suite``) cannot name a file or folder."""
    problem = name_problem(name)
    if problem:
        raise EaiError(f"{what} {name!r} cannot name a file or folder: {problem}")
    return name


def inside(root: Path, names: Mapping[str, str]) -> Path:
    """``root/name/...`` for ``names`` (what each is -> the name), each checked by
    :func:`check_name`; an EaiError when the folder, once symbolic links are
    followed, is not inside ``root``."""
    path = root.joinpath(*(check_name(name, what) for what, name in names.items()))
    resolved, base = path.resolve(), root.resolve()
    if resolved != base and base not in resolved.parents:
        raise EaiError(f"{path} leads out of {root} (to {resolved}, through a symbolic link); "
                       f"eai writes only inside {root}: remove the link or choose another folder")
    return path
