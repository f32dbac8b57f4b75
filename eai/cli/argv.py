"""The command line's arguments as typer reads them: options whose value may
be left out get their default value written in; and the command line as given,
which run.json records (without secrets: :func:`eai.runner.provenance.command_line`)."""

from __future__ import annotations

from typing import Any

REPLAN_WHEN_GIVEN = 3
COMMAND = "command"  # the key of the command line in the context's ``obj`` (set by eai.cli.main)


def optional_values(argv: list[str]) -> list[str]:
    """``--replan`` with no number means ``--replan 3``."""
    out = []
    for i, arg in enumerate(argv):
        out.append(arg)
        if arg == "--replan" and (i + 1 == len(argv) or not argv[i + 1].isdigit()):
            out.append(str(REPLAN_WHEN_GIVEN))
    return out


def command_line(ctx: Any) -> list[str] | None:
    """The words the ``eai`` script was run with, from click's context ``ctx``; None when not run through it."""
    obj = ctx.find_root().obj
    return obj.get(COMMAND) if isinstance(obj, dict) else None
