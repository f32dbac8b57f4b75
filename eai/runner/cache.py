"""A persistent cache of model answers (sqlite).

The key is spelled out: provider, model, endpoint (the server's base URL,
without credentials), generation settings (temperature, max tokens) and
messages, as canonical JSON, hashed. Settings of the transport (timeout,
retries, concurrency) are not part of it: they do not change the answer. The
row keeps that JSON for inspection, and the answer with its usage as ASCII
JSON, so any text a server returns can be stored. No credentials take part in
the key or are stored.

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
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

from eai import jsonl
from eai.exceptions import EaiError
from eai.llm import LanguageModel, Request

BUSY_TIMEOUT = 2.0  # seconds to wait for another process's write; ours take milliseconds
SCHEMA = """
create table if not exists answers (
    key text primary key,
    request text not null,
    answer text not null
)
"""
Stored = dict[str, Any]  # {"text": ..., "usage": {...}}, as the runner stores an answer


def canonical(material: dict[str, Any]) -> tuple[str, str]:
    """(hash, the canonical JSON it hashes)."""
    text = json.dumps(material, sort_keys=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest(), text


def cache_key(model: LanguageModel, request: Request) -> tuple[str, str]:
    """(hash, the canonical JSON it hashes)."""
    return canonical({
        "provider": model.provider,
        "model": model.model,
        "endpoint": model.endpoint,
        "config": asdict(request.config),
        "messages": [{"role": m.role, "content": m.content} for m in request.messages],
    })


class ResponseCache:
    def __init__(self, path: Path, warn: Callable[[str], None] = lambda text: None) -> None:
        self.path, self._warn = path, warn
        self._lock = threading.Lock()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db: sqlite3.Connection | None = sqlite3.connect(
                str(path), timeout=BUSY_TIMEOUT, check_same_thread=False, isolation_level=None)
            self._db.execute("pragma journal_mode=wal")
            # no fsync per answer (it cost about 4 ms, on the event loop): a killed
            # run keeps every answer written; a power cut may lose the last few
            self._db.execute("pragma synchronous=normal")
            self._db.execute(SCHEMA)
            self._convert()
        except (OSError, sqlite3.Error) as exc:
            raise EaiError(f"response cache {path} cannot be used ({exc}): delete it, choose another with --cache, "
                           "or run with --no-cache") from None

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
        """Stop using the cache for the rest of the run."""
        if self._db is not None:
            self._db.close()
            self._db = None
            self._warn(f"warning: response cache {self.path} failed ({exc}); this run goes on without it "
                       "(answers are kept in responses.jsonl)")

    def get(self, key: str) -> Stored | None:
        with self._lock:
            if self._db is None:
                return None
            try:
                row = self._db.execute("select answer from answers where key = ?", (key,)).fetchone()
            except sqlite3.Error as exc:
                self._off(exc)
                return None
        try:
            stored = jsonl.loads(row[0]) if row else None
        except ValueError:
            return None  # a damaged row is a miss, overwritten by the next answer
        return stored if isinstance(stored, dict) and isinstance(stored.get("text"), str) else None

    def put(self, key: str, material: str, stored: Stored) -> None:
        with self._lock:
            if self._db is None:
                return
            try:
                self._db.execute("insert or replace into answers values (?, ?, ?)", (key, material, json.dumps(stored)))
            except sqlite3.Error as exc:
                self._off(exc)

    def rows(self) -> list[tuple[str, str, Stored]]:
        """Every (key, request JSON, stored answer), by key; damaged rows left out."""
        with self._lock:
            found = [] if self._db is None else self._db.execute(
                "select key, request, answer from answers order by key").fetchall()
        rows = []
        for key, material, answer in found:
            try:
                rows.append((key, material, jsonl.loads(answer)))
            except ValueError:
                continue
        return rows

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
