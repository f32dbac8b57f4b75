"""Serving a viewer folder on 127.0.0.1 only, until interrupted.

Only requests naming this server answer: ``Host: 127.0.0.1:PORT`` or
``localhost:PORT``. Any other Host gets 421 (Misdirected Request), so a web
page the user visits cannot read the run through DNS rebinding (its own name
made to point at 127.0.0.1: the browser then sends that name as the Host).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from eai.exceptions import EaiError

LOOPBACK = "127.0.0.1"
NAMES = (LOOPBACK, "localhost")


def allowed_hosts(port: int) -> frozenset[str]:
    """The Host headers that name a server on ``port`` of this machine (the port may be left out only for 80)."""
    return frozenset(f"{name}:{port}" for name in NAMES) | (frozenset(NAMES) if port == 80 else frozenset())


class LocalHandler(SimpleHTTPRequestHandler):
    """Files of a folder, to requests whose Host names this server; no log lines."""

    def parse_request(self) -> bool:
        if not super().parse_request():
            return False
        host = (self.headers.get("Host") or "").strip().lower()
        if host not in allowed_hosts(self.server.server_address[1]):
            self.send_error(HTTPStatus.MISDIRECTED_REQUEST, "this server answers only to Host 127.0.0.1 or localhost")
            return False
        return True

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class's name
        pass


def serve(folder: Path, port: int, ready: Callable[[str], None]) -> None:
    """Serve ``folder``; ``ready`` gets the address once it listens."""
    try:
        server = ThreadingHTTPServer((LOOPBACK, port), partial(LocalHandler, directory=str(folder)))
    except OSError as exc:
        raise EaiError(f"cannot listen on {LOOPBACK}:{port}: {exc.strerror or exc}") from None
    with server:
        ready(f"http://{LOOPBACK}:{server.server_address[1]}/")
        server.serve_forever()
