"""A persistent cache of model responses (sqlite).

The key is spelled out: provider, model, endpoint (the server's base URL,
without credentials), generation settings and messages,
as canonical JSON, hashed. The stored row keeps that JSON for inspection. No
credentials take part in the key or are stored.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from dataclasses import asdict
from pathlib import Path

from eai.llm import LanguageModel, Request

SCHEMA = """
create table if not exists responses (
    key text primary key,
    request text not null,
    response text not null
)
"""


def cache_key(model: LanguageModel, request: Request) -> tuple[str, str]:
    """(hash, the canonical JSON it hashes)."""
    material = json.dumps(
        {
            "provider": model.provider,
            "model": model.model,
            "endpoint": model.endpoint,
            "config": asdict(request.config),
            "messages": [{"role": m.role, "content": m.content} for m in request.messages],
        },
        sort_keys=True,
        ensure_ascii=False,
    )
    return hashlib.sha256(material.encode("utf-8")).hexdigest(), material


class ResponseCache:
    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("pragma journal_mode=wal")
        # no fsync per answer (it cost about 4 ms, on the event loop): a killed
        # run keeps every answer written; a power cut may lose the last few
        self._db.execute("pragma synchronous=normal")
        self._db.execute(SCHEMA)
        self._lock = threading.Lock()

    def get(self, key: str) -> str | None:
        with self._lock:
            row = self._db.execute("select response from responses where key = ?", (key,)).fetchone()
        return row[0] if row else None

    def put(self, key: str, material: str, response: str) -> None:
        with self._lock:
            self._db.execute("insert or replace into responses values (?, ?, ?)", (key, material, response))

    def rows(self) -> list[tuple[str, str, str]]:
        """Every (key, request JSON, response), by key."""
        with self._lock:
            return self._db.execute("select key, request, response from responses order by key").fetchall()

    def close(self) -> None:
        with self._lock:
            self._db.close()
