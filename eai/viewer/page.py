"""The viewer as one static HTML page: the model as inline JSON data, the
script and styles inline, so it works offline from a file or a server."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Any

from eai.exceptions import EaiError

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


def write_site(model: dict[str, Any], out: Path) -> Path:
    """``out/index.html``; returns its path."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        path = out / "index.html"
        path.write_text(render(model), encoding="utf-8")
    except OSError as exc:
        raise EaiError(f"cannot write the viewer to {out}: {exc.strerror or exc}") from None
    return path
