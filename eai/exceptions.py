"""Exceptions eai raises on bad input; the CLI prints them as one line."""

from __future__ import annotations

from collections.abc import Iterable


class EaiError(Exception):
    """An error the user can fix; its message is one clear line."""


class UnknownNameError(EaiError, KeyError):
    """A name (plugin, simulator, suite, task...) that is not registered."""

    def __init__(self, kind: str, name: str, known: Iterable[str]) -> None:
        import difflib  # here: the CLI starts without it

        known = sorted(known)
        close = difflib.get_close_matches(name, known, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        listing = ", ".join(known) if known else "none"
        super().__init__(f"unknown {kind} {name!r}{hint} (known: {listing})")
        self.kind, self.name, self.known = kind, name, known

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])
