"""Printing for people (rich) and for scripts (JSON)."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table


def _console() -> Console:
    """Rich output for a terminal; into a pipe or a file, lines as long as they are (not cut at 80 columns)."""
    console = Console(emoji=False)
    return console if console.is_terminal else Console(emoji=False, width=UNWRAPPED, soft_wrap=True)


UNWRAPPED = 10_000
console = _console()


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, sort_keys=True) + "\n")


def say(text: str) -> None:
    """One line of plain text: model names and paths are not markup."""
    console.print(text, markup=False, highlight=False)


def print_table(title: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
    table = Table(title=title, title_justify="left")
    for column in columns:
        table.add_column(column)
    for row in rows:
        table.add_row(*(str(cell) for cell in row))
    console.print(table)
