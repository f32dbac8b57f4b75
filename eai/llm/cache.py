"""A persistent cache of model answers (sqlite).

The key is spelled out: provider, model, endpoint (the server's base URL,
without credentials), generation settings (temperature, max tokens, the
``--gen`` options when there are any), the model as served when it is known
(``served``: :mod:`eai.llm.identity`) and messages, as canonical JSON,
hashed. Settings of the transport (timeout, retries, concurrency) are not
part of it: they do not change the answer. The row keeps that JSON for
inspection, and the answer with its usage as ASCII JSON, so any text a
server returns can be stored. No credentials take part in the key or are
stored.

Answers stored before the served model was known (the key without
``served``) are used by the first model identity that finds them for its
provider, model name and endpoint, which claims them (table ``claims``), and
by no other: a different model later served under the same name and URL is
asked anew.

A cache written before usage was kept (table ``responses``, whose key held
the timeout) is converted when opened: its answers keep, without usage.

A cache that cannot be opened is an EaiError. One that fails later (locked by
another program for more than ``BUSY_TIMEOUT`` seconds, damaged) is turned off
for the rest of the run, with a warning: the run goes on, and every answer
is in its responses.jsonl all the same.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from eai.base import jsonl
from eai.exceptions import EaiError
from eai.llm.model import LanguageModel, Request
from eai.llm.stored import Stored

BUSY_TIMEOUT = 2.0  # seconds to wait for another process's write; ours take milliseconds
SCHEMA = """
create table if not exists answers (
    key text primary key,
    request text not null,
    answer text not null
);
create table if not exists claims (
    scope text primary key,
    identity text not null
)
"""


def default_cache() -> Path:
    """The response cache of runs: ``$XDG_CACHE_HOME/eai/responses.sqlite`` (``~/.cache`` by default)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "eai" / "responses.sqlite"


def canonical(material: dict[str, Any]) -> tuple[str, str]:
    """(hash, the canonical JSON it hashes)."""
    text = json.dumps(material, sort_keys=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest(), text


def cache_key(model: LanguageModel, request: Request, served: Mapping[str, Any] | None = None) -> tuple[str, str]:
    """(hash, the canonical JSON it hashes); ``served``: the model's identity
    as served, None while unknown (the key answers were stored under before)."""
    config = request.config
    settings: dict[str, Any] = {"temperature": config.temperature, "max_tokens": config.max_tokens}
    if config.options:
        settings["options"] = config.extra()
    material: dict[str, Any] = {
        "provider": model.provider,
        "model": model.model,
        "endpoint": model.endpoint,
        "config": settings,
        "messages": [{"role": m.role, "content": m.content} for m in request.messages],
    }
    if request.schema is not None:
        material["response_format"] = request.schema
    if served is not None:
        material["served"] = dict(served)
    if request.epoch:  # the first epoch keyed as every answer was before epochs
        material["epoch"] = request.epoch
    return canonical(material)


def scope_of(model: LanguageModel) -> str:
    """What answers stored before the served model was known are claimed for: provider, model name, endpoint."""
    return canonical({"provider": model.provider, "model": model.model, "endpoint": model.endpoint})[0]


MAX_PENDING = 1000  # answers queued for the writer before ``put`` waits for it


class ResponseCache:
    """The cache at ``path``. Answers are written by a thread of its own, in one
    transaction per batch: ``put`` queues an answer (``get`` sees it at once)
    and returns, so no write holds up the event loop; ``close`` writes what is
    queued. A killed run loses the answers queued or being written (those of
    the last moments), each of them kept in the run's responses.jsonl all the
    same, which is what ``--resume`` reads."""

    def __init__(self, path: Path, warn: Callable[[str], None] = lambda text: None) -> None:
        self.path, self._warn = path, warn
        self._lock = threading.Lock()
        self._written = threading.Condition(self._lock)  # the writer took a batch, or should look
        self._pending: dict[str, tuple[str, str]] = {}  # key -> (request JSON, answer JSON), not yet written
        self._writer: threading.Thread | None = None
        self._closing = False
        self._failure: Exception | None = None  # the writer's, reported on the caller's thread
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db: sqlite3.Connection | None = self._connect()
            self._db.execute("pragma journal_mode=wal")
            self._db.executescript(SCHEMA)
            self._convert()
            self._write_db: sqlite3.Connection | None = self._connect()
        except (OSError, sqlite3.Error) as exc:
            raise EaiError(f"response cache {path} cannot be used ({exc}): delete it, choose another with --cache, "
                           "or run with --no-cache") from None

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(str(self.path), timeout=BUSY_TIMEOUT, check_same_thread=False, isolation_level=None)
        # no fsync per batch: a killed run keeps every batch written; a power cut may lose the last few
        db.execute("pragma synchronous=normal")
        return db

    def _convert(self) -> None:
        """Move the rows of a cache written before usage was kept, keyed anew without the timeout."""
        assert self._db is not None
        if not self._has_old_table():
            return
        self._db.execute("begin immediate")
        try:
            if self._has_old_table():  # not converted meanwhile by another process
                for request, response in self._db.execute("select request, response from responses").fetchall():
                    material = json.loads(request)
                    material["config"].pop("timeout", None)
                    self._db.execute("insert or ignore into answers values (?, ?, ?)",
                                     (*canonical(material), json.dumps({"text": response, "usage": {}})))
                self._db.execute("drop table responses")
            self._db.execute("commit")
        except BaseException:
            self._db.execute("rollback")
            raise

    def _has_old_table(self) -> bool:
        assert self._db is not None
        return bool(self._db.execute("select 1 from sqlite_master where type = 'table' and name = 'responses'").fetchone())

    def _off(self, exc: Exception) -> None:
        """Stop using the cache for the rest of the run (called holding the lock)."""
        self._pending.clear()
        self._written.notify_all()
        if self._db is not None:
            self._db.close()
            self._db = None
            self._warn(f"warning: response cache {self.path} failed ({exc}); this run goes on without it "
                       "(answers are kept in responses.jsonl)")

    def _check(self) -> None:
        """Turn the cache off if the writer failed (called holding the lock)."""
        if self._failure is not None and self._db is not None:
            self._off(self._failure)

    def get(self, key: str) -> Stored | None:
        with self._lock:
            self._check()
            if self._db is None:
                return None
            queued = self._pending.get(key)
            try:
                row = (queued[1],) if queued else self._db.execute(
                    "select answer from answers where key = ?", (key,)).fetchone()
            except sqlite3.Error as exc:
                self._off(exc)
                return None
        return parse_stored(row[0]) if row else None

    def put(self, key: str, material: str, stored: Stored) -> None:
        """Queue the answer for the writer (waiting while ``MAX_PENDING`` are queued)."""
        with self._lock:
            while len(self._pending) >= MAX_PENDING and self._failure is None and self._db is not None:
                self._written.wait()
            self._check()
            if self._db is None:
                return
            self._pending[key] = (material, json.dumps(stored))
            if self._writer is None:
                self._writer = threading.Thread(target=self._write, name=f"cache {self.path.name}", daemon=True)
                self._writer.start()
            self._written.notify_all()

    def _write(self) -> None:
        """The writer thread: every queued answer, a batch per transaction, until closed or failed."""
        while True:
            with self._lock:
                while not self._pending and not self._closing:
                    self._written.wait()
                if not self._pending or self._db is None:
                    return
                batch = list(self._pending.items())
            db = self._write_db
            assert db is not None
            try:
                db.execute("begin immediate")
                try:
                    db.executemany("insert or replace into answers values (?, ?, ?)",
                                   [(key, material, answer) for key, (material, answer) in batch])
                    db.execute("commit")
                except BaseException:
                    db.execute("rollback")
                    raise
            except sqlite3.Error as exc:
                with self._lock:
                    self._failure = exc
                    self._written.notify_all()
                return
            with self._lock:
                for key, row in batch:
                    if self._pending.get(key) is row:  # not queued anew meanwhile
                        del self._pending[key]
                self._written.notify_all()

    def claim(self, scope: str, identity: str) -> str:
        """The identity that claims the answers stored for ``scope`` before the served
        model was known: ``identity`` when none did before (it claims them now)."""
        with self._lock:
            self._check()
            if self._db is None:
                return identity
            try:
                self._db.execute("insert or ignore into claims values (?, ?)", (scope, identity))
                row = self._db.execute("select identity from claims where scope = ?", (scope,)).fetchone()
            except sqlite3.Error as exc:
                self._off(exc)
                return identity
        return row[0] if row else identity

    def rows(self) -> Iterator[tuple[str, str, Stored]]:
        """Every (key, request JSON, stored answer) written, by key; damaged rows left out."""
        with self._lock:
            if self._db is None:
                return
            cursor = self._db.execute("select key, request, answer from answers order by key")
        while True:
            with self._lock:
                chunk = cursor.fetchmany(500)
            if not chunk:
                return
            for key, material, answer in chunk:
                stored = parse_stored(answer)
                if stored is not None:
                    yield key, material, stored

    def close(self) -> None:
        """Write what is queued, then close."""
        with self._lock:
            self._closing = True
            self._written.notify_all()
        if self._writer is not None:
            self._writer.join()
        with self._lock:
            self._check()
            for db in (self._db, self._write_db):
                if db is not None:
                    db.close()
            self._db = self._write_db = None


def parse_stored(answer: str) -> Stored | None:
    """The answer a row holds; None for a damaged one (a miss, overwritten by the next answer)."""
    try:
        stored = jsonl.loads(answer)
    except ValueError:
        return None
    return stored if isinstance(stored, dict) and isinstance(stored.get("text"), str) else None
