"""The command line's arguments as typer reads them: options whose value may
be left out get their default value written in."""

from __future__ import annotations

REPLAN_WHEN_GIVEN = 3


def optional_values(argv: list[str]) -> list[str]:
    """``--replan`` with no number means ``--replan 3``."""
    out = []
    for i, arg in enumerate(argv):
        out.append(arg)
        if arg == "--replan" and (i + 1 == len(argv) or not argv[i + 1].isdigit()):
            out.append(str(REPLAN_WHEN_GIVEN))
    return out
