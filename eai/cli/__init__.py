"""The ``eai`` command line."""

from __future__ import annotations

import sys

import typer

import eai
from eai.cli import doctor, listing, merge, report, run, score, tasks, view
from eai.cli.command import CONTEXT, Command, Group
from eai.exceptions import EaiError
from eai.plugins import get_plugins

app = typer.Typer(
    name="eai",
    help="Embodied Agent Interface: evaluate LLMs as embodied decision-making agents.\n\n"
         "Examples:\n\n\b\n    eai run --limit 5\n    eai run --model openai:gpt-4o-mini --module action_sequencing\n"
         "    eai report runs/*\n    eai view runs/*\n    eai doctor",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings=CONTEXT,
    cls=Group,
)
app.command("list", cls=Command)(listing.list_command)
app.command("doctor", cls=Command)(doctor.doctor_command)
app.add_typer(tasks.app, name="tasks")
app.command("score", cls=Command)(score.score_command)
app.command("run", cls=Command)(run.run_command)
app.command("compose", cls=Command)(run.compose_command)
app.command("merge", cls=Command)(merge.merge_command)
app.command("report", cls=Command)(report.report_command)
app.command("view", cls=Command)(view.view_command)


def _version(value: bool) -> None:
    if value:
        print(f"eai {eai.__version__}")
        raise typer.Exit()


@app.callback()
def _options(
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version and exit."),
) -> None:
    pass


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
