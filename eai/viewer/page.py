"""The viewer as one static HTML page: the model as inline JSON data, the
script and styles inline, so it works offline from a file or a server.
A page made for a run's own ``view/`` has the digest of its sources beside
it (:mod:`eai.viewer.digest`)."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Any

from eai.base.atomic import write_atomic, write_failed

DIGEST = "source.sha256"

PAGE = ("<!doctype html><html><head><meta charset=\"utf-8\"><title>eai view</title><style>{css}</style></head>"
        "<body><header><h1>eai view</h1></header><main><nav id=\"units\"></nav><div id=\"content\"></div></main>"
        "<script type=\"application/json\" id=\"eai-data\">{data}</script><script>{js}</script></body></html>\n")


def inline_json(data: Any) -> str:
    """``data`` as JSON that cannot end or open markup inside a <script> element."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def render(model: dict[str, Any]) -> str:
    here = files("eai.viewer")
    return PAGE.format(css=(here / "viewer.css").read_text(encoding="utf-8"), data=inline_json(model),
                       js=(here / "viewer.js").read_text(encoding="utf-8"))


def write_site(model: dict[str, Any], out: Path, digest: str | None = None) -> Path:
    """``out/index.html``, and with ``digest`` (of what ``model`` was made
    from) ``out/source.sha256``, written once the page is; returns the page's path."""
    kept = out / DIGEST
    try:
        kept.unlink(missing_ok=True)  # no page is taken for current while it is being replaced
    except OSError as exc:
        raise write_failed(kept, exc) from None
    path = out / "index.html"
    write_atomic(path, render(model), durable=False)
    if digest is not None:
        write_atomic(kept, digest + "\n", durable=False)
    return path
