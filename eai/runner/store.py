"""A run's files: one folder per suite/module/model with append-only responses.

Responses are appended one line per task and handed to the operating system
at once (flushed), so a run killed at any moment, even with SIGKILL, keeps
every finished answer; a line cut short by the kill is dropped on reading and
overwritten on resuming. (A power cut may lose the last lines: we do not
fsync every answer.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from eai.responses import Response


def slug(model_id: str) -> str:
    """A folder name for a model id: ``openai:gpt-4o`` -> ``openai_gpt-4o``."""
    provider, _, name = model_id.partition(":")
    name = Path(name).name if "/" in name else name
    return re.sub(r"[^A-Za-z0-9._-]+", "_", f"{provider}_{name}").strip("_") or "model"


class ResponseLog:
    """``responses.jsonl`` of one unit: appended durably, read tolerantly."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: Any = None

    def read_items(self) -> dict[str, dict[str, Any]]:
        """The last complete line per task id, as logged."""
        found: dict[str, dict[str, Any]] = {}
        if not self.path.exists():
            return found
        for line in self.path.read_text(encoding="utf-8").splitlines():
            try:
                item = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut short by a kill
            found[item["identifier"]] = item
        return found

    def read(self) -> dict[str, Response]:
        """The last complete response per task id."""
        return {i: Response(i, item["llm_output"], item.get("error", "")) for i, item in self.read_items().items()}

    def open(self) -> None:
        """Start appending: drop a trailing partial line."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.exists():
            data = self.path.read_bytes()
            if data and not data.endswith(b"\n"):
                self.path.write_bytes(data[: data.rfind(b"\n") + 1])
        self._file = self.path.open("a", encoding="utf-8")

    def append(self, item: dict[str, Any]) -> None:
        self._file.write(json.dumps(item, sort_keys=True, ensure_ascii=False) + "\n")
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
