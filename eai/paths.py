"""Where eai keeps its task data."""

from __future__ import annotations

import os
from pathlib import Path

import eai

TASKS_ENV = "EAI_TASKS_DIR"


def tasks_dir() -> Path:
    """``$EAI_TASKS_DIR``, else the ``tasks/`` of a source checkout, else the packaged copy."""
    override = os.environ.get(TASKS_ENV)
    if override:
        return Path(override)
    package = Path(eai.__file__).resolve().parent
    checkout = package.parent / "tasks"
    return checkout if checkout.is_dir() else package / "tasks_data"
