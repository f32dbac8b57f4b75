"""``eai score``: score model responses made elsewhere (ours or the upstream format)."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from eai.cli.output import console, print_json
from eai.modules import MODULES
from eai.modules.subgoal_decomposition.module import MAX_NODES, MAX_SECONDS
from eai.plugins import get_plugins
from eai.responses import read_responses
from eai.scoring import score, write_result


def score_command(
    responses: Path = typer.Argument(..., help="Responses: our JSONL or the upstream JSON list of {identifier, llm_output}."),
    suite: str = typer.Option(..., "--suite", help="Task suite: virtualhome or behavior (see: eai list suites)."),
    module: str = typer.Option(..., "--module", help=f"Ability module: {', '.join(MODULES)}."),
    out: Path = typer.Option(Path("scores"), "--out", help="Directory for summary.json and records.jsonl."),
    quiet: bool = typer.Option(False, "--quiet", help="No progress bar."),
    max_nodes: int | None = typer.Option(None, "--max-nodes", min=0,
                                         help=f"Subgoal decomposition: states one search may expand (default {MAX_NODES}; 0: no limit)."),
    max_seconds: float | None = typer.Option(None, "--max-seconds", min=0,
                                             help=f"Subgoal decomposition: seconds one search may take (default {MAX_SECONDS:g}; 0: no limit)."),
    sensitivity: bool = typer.Option(False, "--sensitivity", help="Transition modeling: also re-plan with each operator alone swapped in (paper appendix F)."),
    planner: str = typer.Option(None, "--planner", help="Planner the module uses (see: eai list planners); default: bfs for subgoal decomposition, fast_downward for transition modeling."),
    planner_seconds: float = typer.Option(30.0, "--planner-seconds", min=0.1, help="Time limit per planning problem."),
    planner_memory_mb: int = typer.Option(2048, "--planner-memory-mb", min=16, help="Memory limit per planning problem."),
    workers: int = typer.Option(None, "--workers", min=1, help="Planner runs at once (default: every core)."),
) -> None:
    """Score model responses against the gold annotation.

    Writes OUT/summary.json (rates in percent) and OUT/records.jsonl (one
    record per task, in the suite's order); docs/metrics.md explains every field.
    """
    answers = read_responses(responses)
    limits = {"max_nodes": max_nodes, "max_seconds": max_seconds}
    options = {key: value or None for key, value in limits.items() if value is not None}
    options |= {"sensitivity": sensitivity, "planner_seconds": planner_seconds,
                "planner_memory_mb": planner_memory_mb, "workers": workers}
    if planner:
        options["planner"] = planner
    with Progress(TextColumn("scoring {task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, disable=quiet, transient=True) as progress:
        bar = progress.add_task(f"{suite}/{module}", total=None)
        result = score(get_plugins(), suite, module, answers, options,
                       progress=lambda done, total: progress.update(bar, completed=done, total=total))
    write_result(result, out)
    if not quiet:
        print_json({k: v for k, v in result.summary.items() if k != "unmatched_identifiers"})
        if result.summary["unmatched_identifiers"]:
            console.print(f"{len(result.summary['unmatched_identifiers'])} identifiers match no task (listed in summary.json)")
        console.print(f"wrote {out / 'summary.json'} and {out / 'records.jsonl'}", highlight=False)
