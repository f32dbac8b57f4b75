"""``eai compare``: eai's verdicts beside another evaluator's on the same answers."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import typer

from eai.cli.command import CONTEXT, Command, Group
from eai.cli.export import exit_refused
from eai.cli.output import say
from eai.host.manager import get_plugins

app = typer.Typer(help="eai's verdicts beside the official evaluator's (eai-eval 1.0.5) on the same answers.\n\n"
                       "Examples:\n\n\b\n    eai compare upstream submission.zip",
                  no_args_is_help=True, cls=Group, context_settings=CONTEXT)


@app.command("upstream", cls=Command)
def upstream_command(
    submission: Path = typer.Argument(..., help="An EAI Challenge submission: the zip eai export challenge writes, or a folder of the eight files."),
    suite: list[str] = typer.Option([], "--suite", help="Only this environment (repeatable): virtualhome, behavior."),
    module: list[str] = typer.Option([], "--module", help="Only this module (repeatable)."),
    keep: Path = typer.Option(None, "--keep", help="Keep the official evaluator's files here (its outputs and logs, one folder per file)."),
    cache: Path = typer.Option(None, "--cache", help="Folder of the official evaluator's environment (default: ~/.cache/eai/vs_upstream)."),
) -> None:
    """Score a submission with eai and with the official evaluator, task by task.

    Every task where the two differ is listed with the reason. The official evaluator, eai-eval 1.0.5, is installed on first use into a
    virtual environment of its own (about 1.2 GB, needs the package index
    once) and run on each file as the challenge runs it; eai scores the same
    answers. For each file: both headline figures, then a table of every task
    whose verdicts differ and why: an upstream defect docs/metrics.md
    catalogues, a deliberate choice of eai, or unexplained. BEHAVIOR action
    sequencing and subgoal decomposition need the iGibson physics simulator
    upstream: eai's figures only. The upstream takes minutes per file
    (VirtualHome action sequencing about 5 minutes of CPU).

    Examples:

    \b
        eai compare upstream submission.zip
        eai compare upstream submission.zip --suite virtualhome --module goal_interpretation
        eai compare upstream submission.zip --keep upstream-files
    """
    from eai.challenge.report import compare_submission, print_comparisons  # here: eai --help stays light
    from eai.challenge.submission import Refused

    with tempfile.TemporaryDirectory(prefix="eai-compare-") as scratch:
        try:
            found = compare_submission(get_plugins(), submission, suite, module, keep or Path(scratch), cache, say)
        except Refused as refused:
            exit_refused(refused)
    print_comparisons(found, say)
    if failed := [c for c in found if c.not_run and "iGibson" not in c.not_run]:
        for c in failed:
            print(f"error: {c.suite}/{c.module}: {c.not_run}", file=sys.stderr)
        raise typer.Exit(1)
