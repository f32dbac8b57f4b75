"""The ``eai`` command line."""

from __future__ import annotations

import sys

import typer

from eai.cli import doctor, listing, report, run, score, tasks
from eai.exceptions import EaiError
from eai.plugins import get_plugins

app = typer.Typer(
    name="eai",
    help="Embodied Agent Interface: evaluate LLMs as embodied decision-making agents.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command("list")(listing.list_command)
app.command("doctor")(doctor.doctor_command)
app.add_typer(tasks.app, name="tasks")
app.command("score")(score.score_command)
app.command("run")(run.run_command)
app.command("compose")(run.compose_command)
app.command("report")(report.report_command)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``eai`` script: one clear line on errors, never a traceback."""
    plugins = get_plugins()
    plugins.register_commands(app)
    for failure in plugins.failures:
        print(f"warning: plugin {failure.plugin!r} not loaded ({failure.stage}): {failure.error}", file=sys.stderr)
    try:
        app(args=run.optional_values(sys.argv[1:] if argv is None else argv), prog_name="eai")
    except EaiError as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("aborted", file=sys.stderr)
        sys.exit(130)
