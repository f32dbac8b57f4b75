"""``eai score``: score model responses made elsewhere (ours or the upstream format)."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from eai.cli.budget import DEFAULT_CPU_SECONDS, DEFAULT_MEMORY_MB, MaxNodes, PlannerCpuSeconds, PlannerMemoryMb, budget_options
from eai.cli.output import console, print_json
from eai.modules import MODULES
from eai.plugins import get_plugins
from eai.responses import read_responses
from eai.scoring import score, write_result


def score_command(
    responses: Path = typer.Argument(..., help="Responses: our JSONL or the upstream JSON list of {identifier, llm_output}."),
    suite: str = typer.Option(..., "--suite", help="Task suite: virtualhome or behavior (see: eai list suites)."),
    module: str = typer.Option(..., "--module", help=f"Ability module: {', '.join(MODULES)}."),
    out: Path = typer.Option(Path("scores"), "--out", help="Directory for summary.json and records.jsonl."),
    quiet: bool = typer.Option(False, "--quiet", help="No progress bar."),
    max_nodes: MaxNodes = None,
    sensitivity: bool = typer.Option(False, "--sensitivity", help="Transition modeling: also re-plan with each operator alone swapped in (paper appendix F)."),
    planner: str = typer.Option(None, "--planner", help="Planner the module uses (see: eai list planners); default: bfs for subgoal decomposition, fast_downward for transition modeling."),
    planner_cpu_seconds: PlannerCpuSeconds = DEFAULT_CPU_SECONDS,
    planner_memory_mb: PlannerMemoryMb = DEFAULT_MEMORY_MB,
    workers: int = typer.Option(None, "--workers", min=1, help="Planner runs at once (default: every core)."),
) -> None:
    """Score model responses against the gold annotation.

    Writes OUT/summary.json (rates in percent) and OUT/records.jsonl (one
    record per task, in the suite's order); docs/metrics.md explains every field.
    """
    answers = read_responses(responses)
    options = budget_options(max_nodes, planner_cpu_seconds, planner_memory_mb)
    options |= {"sensitivity": sensitivity, "workers": workers}
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
