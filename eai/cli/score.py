"""``eai score``: score model responses made elsewhere (ours or the upstream format)."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from eai.cli.output import console, print_json, say
from eai.modules import MODULES
from eai.modules.subgoal_decomposition.module import MAX_NODES, MAX_SECONDS
from eai.paths import check_output_folder
from eai.plugins import get_plugins
from eai.responses import read_responses
from eai.scoring import ScoreResult, require_scored, score, write_result

DEFAULT_OUT = Path("scores")


def score_command(
    responses: Path = typer.Argument(..., help="Responses: our JSONL or the upstream JSON list of {identifier, llm_output}."),
    suite: str = typer.Option(..., "--suite", help="Task suite: a name (see: eai list suites) or a folder with suite.json."),
    module: str = typer.Option(..., "--module", help=f"Ability module: {', '.join(MODULES)}."),
    out: Path = typer.Option(DEFAULT_OUT, "--out", help="Folder for summary.json and records.jsonl."),
    strict: bool = typer.Option(False, "--strict", help="Score tasks with no response as empty answers (failures), so the figures compare with a full run; by default they are left out and counted."),
    quiet: bool = typer.Option(False, "--quiet", help="No progress bar; only the counts line."),
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
    record per scored task, in the suite's order); docs/metrics.md explains
    every field. The counts say what the rates are over: tasks answered,
    unanswered (left out unless --strict), failed model calls (never scored),
    identifiers answered twice (the last answer counts). A file that answers
    no task of the suite is an error.

    Examples:

    \b
        eai score answers.json --suite virtualhome --module action_sequencing
        eai score responses.jsonl --suite behavior --module goal_interpretation --out scores/gi --strict
        eai score answers.json --suite virtualhome --module subgoal_decomposition --max-nodes 20000
    """
    check_output_folder(out)
    answers = read_responses(responses)
    limits = {"max_nodes": max_nodes, "max_seconds": max_seconds}
    options = {key: value or None for key, value in limits.items() if value is not None}
    options |= {"sensitivity": sensitivity, "planner_seconds": planner_seconds,
                "planner_memory_mb": planner_memory_mb, "workers": workers}
    if planner:
        options["planner"] = planner
    with Progress(TextColumn("scoring {task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, disable=quiet or not console.is_terminal, transient=True) as progress:
        bar = progress.add_task(f"{suite}/{module}", total=None)
        result = score(get_plugins(), suite, module, answers, options, strict=strict,
                       progress=lambda done, total: progress.update(bar, completed=done, total=total))
    require_scored(result, str(responses))
    write_result(result, out)
    if not quiet:
        print_json({k: v for k, v in result.summary.items() if k != "unmatched_identifiers"})
    say(counts_line(result))
    if not quiet:
        say(f"wrote {out / 'summary.json'} and {out / 'records.jsonl'}")


def counts_line(result: ScoreResult) -> str:
    """What the figures are over, in one line."""
    s = result.summary
    parts = [f"scored {s['n']} of {s['tasks']} tasks of {s['suite']}/{s['module']}"]
    if s["unanswered"]:
        parts.append(f"{s['unanswered']} unanswered " + ("scored as failures (--strict)" if s["strict"]
                                                         else "left out (--strict scores them as failures)"))
    if s["model_errors"]:
        parts.append(f"{s['model_errors']} failed model call(s) not scored")
    if s["duplicated"]:
        parts.append(f"{s['duplicated']} task(s) answered more than once (the last answer counts)")
    if s["unmatched_identifiers"]:
        parts.append(f"{len(s['unmatched_identifiers'])} identifier(s) match no task (listed in summary.json)")
    return "; ".join(parts)
