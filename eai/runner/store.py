"""A run's files: one folder per suite/module/model with append-only responses,
and a lock on the run folder.

Responses are appended one line per task and handed to the operating system
at once (flushed), so a run killed at any moment, even with SIGKILL, keeps
every finished answer; a last line cut short by the kill is dropped on
reading and overwritten on resuming, so its task is asked again. (A power cut
may lose the last lines: we do not fsync every answer.) Any other damage is
one line naming the file and line. Lines are ASCII JSON (:mod:`eai.jsonl`):
any text a server returns can be stored.

An answer is stored up to ``MAX_STORED_CHARS`` characters; its call entry
says how many were dropped beyond that (docs/models.md).
"""

from __future__ import annotations

import fcntl
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from eai import jsonl
from eai.exceptions import EaiError
from eai.llm import Answer
from eai.responses import Response, parse_response

MAX_STORED_CHARS = 1_000_000  # about 400 times the longest gold answer (docs/models.md)


def slug(model_id: str) -> str:
    """A folder name for a model id: ``openai:gpt-4o`` -> ``openai_gpt-4o``."""
    provider, _, name = model_id.partition(":")
    name = Path(name).name if "/" in name else name
    return re.sub(r"[^A-Za-z0-9._-]+", "_", f"{provider}_{name}").strip("_") or "model"


def stored(answer: Answer) -> dict[str, Any]:
    """An answer as the runner stores it: its text, at most ``MAX_STORED_CHARS``
    characters, and its usage (tokens, finish reason, characters dropped)."""
    usage = {"prompt_tokens": answer.usage.prompt_tokens, "completion_tokens": answer.usage.completion_tokens,
             "finish_reason": answer.usage.finish_reason}
    if len(answer.text) > MAX_STORED_CHARS:
        usage["chars_dropped"] = len(answer.text) - MAX_STORED_CHARS
    return {"text": answer.text[:MAX_STORED_CHARS], "usage": usage}


@contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold ``folder`` for this process (an flock on ``folder/run.lock``, released
    when the process ends, however it ends); a second process gets an EaiError."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "run.lock").open("a+", encoding="utf-8") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "?"
            raise EaiError(f"{folder} is in use by another eai process (pid {holder}); "
                           "wait for it to end, or stop it, then --resume") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"{os.getpid()}\n")
        handle.flush()
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


class ResponseLog:
    """``responses.jsonl`` of one unit: appended durably, read strictly."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: Any = None

    def read_items(self) -> dict[str, dict[str, Any]]:
        """The last line per task id, as logged; a last line without its newline
        is a partial write and left out."""
        found: dict[str, dict[str, Any]] = {}
        if not self.path.exists():
            return found
        lines, _partial = jsonl.split(self.path.read_bytes())
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                item = jsonl.parse(line)
            except ValueError as exc:
                raise EaiError(f"{self.path}:{number}: damaged line, {exc}; delete that line to ask its task again") from None
            if not isinstance(item, dict) or not isinstance(item.get("identifier"), str):
                raise EaiError(f"{self.path}:{number}: damaged line, no task identifier; "
                               "delete that line to ask its task again")
            found[item["identifier"]] = item
        return found

    def read(self) -> dict[str, Response]:
        """The last complete response per task id."""
        return {i: parse_response(item, self.path, "") for i, item in self.read_items().items()}

    def open(self) -> None:
        """Start appending: drop a trailing partial line."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.exists():
            data = self.path.read_bytes()
            if data and not data.endswith(b"\n"):
                self.path.write_bytes(data[: data.rfind(b"\n") + 1])
        self._file = self.path.open("a", encoding="ascii")

    def append(self, item: dict[str, Any]) -> None:
        self._file.write(jsonl.dumps(item))
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
