"""Reading task, suite and scene files as their pydantic models, with one-line errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from eai.base import jsonl
from eai.exceptions import EaiError

if TYPE_CHECKING:  # pydantic is imported when a file is read: registering suites stays cheap
    from pydantic import BaseModel


class TaskFileError(EaiError):
    def __init__(self, file: Path, task: str, field: str, message: str) -> None:
        where = f"task {task!r}, " if task else ""
        super().__init__(f"{file}: {where}field {field or '(file)'}: {message}")
        self.file, self.task, self.field = file, task, field


def read_model(path: Path, model: type[BaseModel], task: str = "") -> Any:
    """The file at ``path`` as a ``model``. pydantic-core parses a valid file
    straight from its bytes; a file it rejects (or a missing one) is read
    again by :func:`_read_with_json`, so every error reads as it did."""
    from pydantic import ValidationError

    try:
        return model.model_validate_json(path.read_bytes())
    except (FileNotFoundError, ValidationError):
        return _read_with_json(path, model, task)


def _read_with_json(path: Path, model: type[BaseModel], task: str = "") -> Any:
    """The file at ``path`` as a ``model``, read by :mod:`json` and validated
    from Python; a bad file raises a one-line :class:`TaskFileError`."""
    from pydantic import ValidationError

    try:
        data = jsonl.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TaskFileError(path, task, "", "file not found") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise TaskFileError(path, task, "", f"not valid JSON ({exc})") from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        field = ".".join(str(part) for part in error["loc"])
        task = task or (data.get("id", "") if isinstance(data, dict) else "")
        raise TaskFileError(path, str(task), field, error["msg"]) from None
