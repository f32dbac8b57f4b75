"""How the commands' help reads: ``--json`` (a flag, no value), ``--out OUT``,
``eai list KIND``, and ``-h`` as well as ``--help``.

typer shows a type placeholder beside every option (``--json <bool>``,
``--suite <list[str]>``) and braces round required arguments (``{kind}``);
these classes name values the way argparse does instead.
"""

from __future__ import annotations

from typing import Any

import typer.core

CONTEXT = {"help_option_names": ["-h", "--help"]}


def _plain(param: Any) -> None:
    """A flag shows no value; any other parameter its name in capitals unless
    it has a metavar; an argument no type beside its name (its help says it)."""
    if getattr(param, "is_flag", False):
        param.metavar = ""
    elif param.metavar is None and param.name:
        param.metavar = param.name.upper()
    if param.param_type_name == "argument":
        param.display_type_rich = lambda ctx: None  # typer 0.2x prints <list[Path]> there


class _Plain:
    """Plain metavars for a command's own parameters and its help option."""

    params: list[Any]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for param in self.params:
            _plain(param)

    def get_help_option(self, ctx: Any) -> Any:
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            _plain(option)
        return option


class Command(_Plain, typer.core.TyperCommand):
    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        for param in self.params:
            if param.param_type_name == "argument":
                name = param.metavar + ("..." if param.nargs != 1 else "")
                pieces.append(name if param.required else f"[{name}]")
        return pieces


class Group(_Plain, typer.core.TyperGroup):
    pass
