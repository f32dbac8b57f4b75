"""Serving a viewer folder on 127.0.0.1 only, until interrupted."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from eai.exceptions import EaiError


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


def serve(folder: Path, port: int, ready: Callable[[str], None]) -> None:
    """Serve ``folder``; ``ready`` gets the address once it listens."""
    try:
        server = ThreadingHTTPServer(("127.0.0.1", port), partial(QuietHandler, directory=str(folder)))
    except OSError as exc:
        raise EaiError(f"cannot listen on 127.0.0.1:{port}: {exc.strerror or exc}") from None
    with server:
        ready(f"http://127.0.0.1:{server.server_address[1]}/")
        server.serve_forever()
