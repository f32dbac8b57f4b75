"""The ``eai`` command line."""

from __future__ import annotations

import gc
import importlib
import sys
from typing import Any

import typer

import eai
from eai.cli.argv import COMMAND, optional_values
from eai.cli.command import CONTEXT, Command, Group
from eai.exceptions import EaiError
from eai.host.manager import get_plugins

# The built-in commands, in the order ``eai --help`` lists them: the module and
# attribute that define each (a command function or a typer app) and the first
# line of its help. A command's module is imported only when the command runs,
# so ``eai --help`` and ``eai list`` do not import what ``eai run`` needs.
BUILT_IN = {
    "list": ("eai.cli.listing", "list_command", "List ability modules, simulators, planners, model providers, task suites, live environments, task generators, episode importers, executors or plugins."),
    "doctor": ("eai.cli.doctor", "doctor_command", "Check Python, plugins, task data, simulators and planners; exit 1 when something required is broken."),
    "tasks": ("eai.cli.tasks", "app", "Task suites: import or generate them, list their tasks, show one, count them."),
    "score": ("eai.cli.score", "score_command", "Score model responses against the gold annotation."),
    "run": ("eai.cli.run", "run_command", "Run models on task suites and score every answer."),
    "compose": ("eai.cli.run", "compose_command", "Run a pipeline of modules, scored against the gold annotation (paper appendix G)."),
    "merge": ("eai.cli.merge", "merge_command", "Merge the N shards of a run into the run it is a part of."),
    "report": ("eai.cli.report", "report_command", "Summarize runs in tables shaped like the paper's, several side by side."),
    "view": ("eai.cli.view", "view_command", "See why a model failed, task by task: prompt, answer, parse, steps."),
    "export": ("eai.cli.export", "app", "Write a run in another format: the EAI Challenge's submission zip, or training data."),
    "compare": ("eai.cli.compare", "app", "eai's verdicts beside the official evaluator's (eai-eval 1.0.5) on the same answers."),
    "schema": ("eai.cli.schema", "schema_command", "Print the JSON schema of a file eai writes, or list the schemas."),
    "check-world": ("eai.cli.check_world", "check_world_command", "Play the same plans in eai's world and in a real engine; print the agreement and every difference."),
}


class _Listed(typer.core.TyperCommand):
    """A built-in command not imported yet: its name and help line, for ``eai --help``."""


class EaiGroup(Group):
    """The ``eai`` group: built-in commands first, then the plugins' ones; a
    built-in command is imported when it is resolved to run (or ``loaded``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        listed = {name: _Listed(name, help=line) for name, (_, _, line) in BUILT_IN.items()}
        self.commands = {**listed, **self.commands}

    def loaded(self, name: str) -> Any:
        """The command ``name``, its module imported if it is a built-in one not imported yet."""
        if isinstance(self.commands.get(name), _Listed):
            module, attribute, _ = BUILT_IN[name]
            target = getattr(importlib.import_module(module), attribute)
            holder = typer.Typer(add_completion=False, callback=lambda: None)  # a group, as ``app`` is
            if isinstance(target, typer.Typer):
                holder.add_typer(target, name=name)
            else:
                holder.command(name, cls=Command)(target)
            self.commands[name] = typer.main.get_command(holder).commands[name]  # type: ignore[attr-defined]
        return self.commands.get(name)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        if args:
            self.loaded(args[0])
        return super().resolve_command(ctx, args)


app = typer.Typer(
    name="eai",
    help="Embodied Agent Interface: evaluate LLMs as embodied decision-making agents.\n\n"
         "Examples:\n\n\b\n    eai run --limit 5\n    eai run --model openai:gpt-4o-mini --module action_sequencing\n"
         "    eai report runs/*\n    eai view runs/*\n    eai doctor",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings=CONTEXT,
    cls=EaiGroup,
)


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
    # What start-up built (modules, plugins) lives as long as the process: the
    # collector's full passes skip it from here on (a fifth of scoring the 100
    # BEHAVIOR goal interpretation answers was spent re-scanning it).
    gc.freeze()
    words = sys.argv[1:] if argv is None else argv
    try:  # the command line as given, for run.json (eai.cli.argv.command_line)
        app(args=optional_values(words), prog_name="eai", obj={COMMAND: ["eai", *words]})
    except EaiError as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(2)
    except KeyboardInterrupt:
        print("aborted", file=sys.stderr)
        sys.exit(130)
