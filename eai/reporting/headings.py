"""The headings of the suites' columns in the result tables: the letter a
suite declares (``TaskSuite.letter``: the paper's V and B), else its name."""

from __future__ import annotations

from collections.abc import Iterable

from eai.host.manager import get_plugins


def suite_headings(present: Iterable[str]) -> dict[str, str]:
    """The heading of each suite in ``present``, in column order: the suites
    declaring a letter first, by their declared ``column``, then the others
    (and suites no installed plugin registers) by name."""
    registered = dict(get_plugins().suites)
    letters = {name: registered[name] for name in present if name in registered and registered[name].letter}
    order = sorted(present, key=lambda name: (name not in letters, letters[name].column if name in letters else 0, name))
    return {name: letters[name].letter if name in letters else name for name in order}
