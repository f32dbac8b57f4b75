"""A run's files: one folder per suite/module/model with append-only responses,
and a lock on the run folder.

Responses are appended one line per task and handed to the operating system
at once (one ``write``), so a run killed at any moment, even with SIGKILL, keeps
every finished answer; a last line cut short by the kill is dropped on
reading and overwritten on resuming, so its task is asked again. (A power cut
may lose the last lines: we do not fsync every answer.) A line that cannot be
written (a full disk) is taken back whole and the log takes no more: a
:class:`~eai.base.atomic.WriteError`, and what was written before is kept for
``--resume``. Any other damage is one line naming the file and line. Lines
are ASCII JSON (:mod:`eai.base.jsonl`): any text a server returns can be stored.
Neither the log nor the lock is opened through a symbolic link.

An answer is stored up to ``MAX_STORED_CHARS`` characters; its call entry
says how many were dropped beyond that (docs/models.md, :mod:`eai.llm.stored`).
"""

from __future__ import annotations

import errno
import fcntl
import os
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from eai.base import jsonl
from eai.base.atomic import WriteError, write_failed
from eai.exceptions import EaiError
from eai.results.responses import Response, parse_response


def slug(model_id: str) -> str:
    """A folder name for a model id: ``openai:gpt-4o`` -> ``openai_gpt-4o``."""
    provider, _, name = model_id.partition(":")
    name = Path(name).name if "/" in name else name
    return re.sub(r"[^A-Za-z0-9._-]+", "_", f"{provider}_{name}").strip("_") or "model"


def open_to_write(path: Path, flags: int) -> int:
    """A descriptor of ``path`` opened with ``flags`` (made when missing), never through a symbolic link."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return os.open(path, flags | os.O_CREAT | os.O_NOFOLLOW, 0o666)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise WriteError(f"{path} is a symbolic link: eai does not write through one (remove it)") from None
        raise write_failed(path, exc) from None


@contextmanager
def locked(folder: Path) -> Iterator[None]:
    """Hold ``folder`` for this process (an flock on ``folder/run.lock``, released
    when the process ends, however it ends); a second process gets an EaiError."""
    handle = open_to_write(folder / "run.lock", os.O_RDWR)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(handle, 64).decode("ascii", "replace").strip() or "?"
            raise EaiError(f"{folder} is in use by another eai process (pid {holder}); "
                           "wait for it to end, or stop it, then --resume") from None
        try:
            os.ftruncate(handle, 0)
            os.pwrite(handle, f"{os.getpid()}\n".encode("ascii"), 0)
        except OSError as exc:
            raise write_failed(folder / "run.lock", exc) from None
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
    finally:
        os.close(handle)


def epoch_key(identifier: str, epoch: int = 0) -> str:
    """The key of a task's ``epoch``-th answer in a log: its identifier for the first
    (as before epochs), ``identifier#epoch`` for the others (``--epochs``)."""
    return f"{identifier}#{epoch}" if epoch else identifier


class ResponseLog:
    """``responses.jsonl`` of one unit: appended durably, read strictly."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: int | None = None
        self._size = 0  # the length of the complete lines written
        self._failed: WriteError | None = None

    def read_items(self) -> dict[str, dict[str, Any]]:
        """The last line per task id (per :func:`epoch_key` when the run has
        epochs), as logged; a last line without its newline is a partial write and left out."""
        return dict(self.each_item())

    def each_item(self) -> Iterator[tuple[str, dict[str, Any]]]:
        """(key, item) of each complete line in order, none held: a key's later line replaces
        its earlier ones in :meth:`read_items`."""
        return ((key, item) for key, item, _ in self._lines())

    def indexed(self) -> LoggedItems:
        """:meth:`read_items` read again from the file line by line as asked for, not
        held: where each task's last line is (the log's lines are parsed once to find them)."""
        return LoggedItems(self, {key: where for key, _, where in self._lines()})

    def _lines(self) -> Iterator[tuple[str, dict[str, Any], tuple[int, int, int]]]:
        """(key, item, (line number, offset, length)) of each complete line but blank ones, in order."""
        if not self.path.exists():
            return
        offset = 0
        with self.path.open("rb") as handle:
            for number, line in enumerate(handle, 1):
                if not line.endswith(b"\n"):
                    return  # a partial write
                if line.strip():
                    item = self._item(number, line)
                    yield epoch_key(item["identifier"], item.get("epoch") or 0), item, (number, offset, len(line))
                offset += len(line)

    def _item(self, number: int, line: bytes) -> dict[str, Any]:
        try:
            item = jsonl.parse(line)
        except ValueError as exc:
            raise EaiError(f"{self.path}:{number}: damaged line, {exc}; delete that line to ask its task again") from None
        if not isinstance(item, dict) or not isinstance(item.get("identifier"), str):
            raise EaiError(f"{self.path}:{number}: damaged line, no task identifier; "
                           "delete that line to ask its task again")
        return item

    def read(self) -> dict[str, Response]:
        """The last complete response per task id."""
        return {i: parse_response(item, self.path, "") for i, item in self.read_items().items()}

    def open(self) -> None:
        """Start appending: drop a trailing partial line."""
        self._file = open_to_write(self.path, os.O_RDWR | os.O_APPEND)
        self._failed = None
        try:
            self._size = _complete_length(self._file)
            if self._size < os.fstat(self._file).st_size:
                os.ftruncate(self._file, self._size)
        except OSError as exc:
            self.close()
            raise write_failed(self.path, exc) from None

    def append(self, item: dict[str, Any]) -> None:
        """Add one line, whole or not at all; once one could not be written, none is."""
        if self._failed is not None:
            raise self._failed
        data = memoryview(jsonl.dumps(item).encode("ascii"))
        length = len(data)
        try:
            while data:
                data = data[os.write(self._file, data):]
        except OSError as exc:
            self._failed = write_failed(self.path, exc)
            try:
                os.ftruncate(self._file, self._size)  # the part of the line written, taken back
            except OSError:
                pass  # then it is a last line cut short: dropped on reading, as after a kill
            raise self._failed from None
        self._size += length

    def close(self) -> None:
        if self._file is not None:
            os.close(self._file)
            self._file = None


class LoggedItems(Mapping[str, dict[str, Any]]):
    """A log's last line per key (:meth:`ResponseLog.indexed`), each parsed when it is asked for."""

    def __init__(self, log: ResponseLog, where: dict[str, tuple[int, int, int]]) -> None:
        self._log, self._where = log, where

    def __getitem__(self, key: str) -> dict[str, Any]:
        number, offset, length = self._where[key]
        with self._log.path.open("rb") as handle:
            handle.seek(offset)
            return self._log._item(number, handle.read(length))

    def __contains__(self, key: object) -> bool:
        return key in self._where  # without reading the line

    def __iter__(self) -> Iterator[str]:
        return iter(self._where)

    def __len__(self) -> int:
        return len(self._where)


def _complete_length(handle: int, block: int = 1 << 16) -> int:
    """The length of the file open as ``handle`` up to its last newline (0 when it has none)."""
    end = os.fstat(handle).st_size
    while end > 0:
        start = max(0, end - block)
        found = os.pread(handle, end - start, start).rfind(b"\n")
        if found >= 0:
            return start + found + 1
        end = start
    return 0
