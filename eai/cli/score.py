"""``eai score``: score model responses made elsewhere (ours or the upstream format)."""

from __future__ import annotations

from pathlib import Path

import typer

from eai.base.paths import check_output_folder
from eai.cli.budget import (
    DEFAULT_CPU_SECONDS,
    DEFAULT_MEMORY_MB,
    ExactTypes,
    MaxNodes,
    PlannerCpuSeconds,
    PlannerMemoryMb,
    budget_options,
)
from eai.cli.output import print_json, say
from eai.cli.progress import counted
from eai.exceptions import EaiError
from eai.host.manager import get_plugins
from eai.modules import MODULES
from eai.modules.written_for import written_for_line
from eai.results.responses import KEPT_ANSWERS, kept_answers, read_responses
from eai.results.scoring import ScoreResult, require_scored, score, write_result
from eai.runner.executors import LOCAL, executor as executor_named
from eai.tasks.shards import parse_shard

DEFAULT_OUT = Path("scores")


def score_command(
    responses: Path = typer.Argument(..., help="Responses: our JSONL or the upstream JSON list of {identifier, llm_output}."),
    suite: str = typer.Option(..., "--suite", help="Task suite: a name (see: eai list suites) or a folder with suite.json."),
    module: str = typer.Option(..., "--module", help=f"Ability module: {', '.join(MODULES)}."),
    out: Path = typer.Option(DEFAULT_OUT, "--out", help="Folder for summary.json, records.jsonl and answers.jsonl (the answers scored)."),
    strict: bool = typer.Option(False, "--strict", help="Score tasks with no response as empty answers (failures), so the figures compare with a full run (by default they are left out and counted); and exit with an error when most answers were written for another module."),
    quiet: bool = typer.Option(False, "--quiet", help="No progress bar; only the counts line."),
    max_nodes: MaxNodes = None,
    sensitivity: bool = typer.Option(False, "--sensitivity", help="Transition modeling: also re-plan with each operator alone swapped in (paper appendix F)."),
    planner: str = typer.Option(None, "--planner", help="Planner the module uses (see: eai list planners); default: bfs for subgoal decomposition, fast_downward for transition modeling."),
    planner_cpu_seconds: PlannerCpuSeconds = DEFAULT_CPU_SECONDS,
    planner_memory_mb: PlannerMemoryMb = DEFAULT_MEMORY_MB,
    workers: int = typer.Option(None, "--workers", min=1, help="Processes evaluating answers at once (default: one; transition modeling: planner runs, default: every core)."),
    executor: str = typer.Option("local", "--executor", help="Where the answers are scored (see: eai list executors): local, or e.g. ray, split over the cluster's CPUs (docs/scale.md)."),
    address: str = typer.Option(None, "--address", help="The cluster the executor joins; default: a local one."),
    shard: str = typer.Option(None, "--shard", metavar="I/N", help="Score only shard I of N (counted from 0): task k of the suite's tasks for the module goes to shard k mod N; eai merge joins the N folders (docs/scale.md)."),
    exact_types: ExactTypes = False,
) -> None:
    """Score model responses against the gold annotation.

    Writes OUT/summary.json (rates in percent), OUT/records.jsonl (one
    record per scored task, in the suite's order; docs/metrics.md explains
    every field) and OUT/answers.jsonl (the answer each record was scored on,
    which `eai view OUT` shows beside it). The counts say what the rates are over: tasks answered,
    unanswered (left out unless --strict), failed model calls (never scored),
    identifiers answered twice (the last answer counts). A file that answers
    no task of the suite is an error. When most answers are in another
    module's output format (goal interpretation answers scored as action
    sequencing), one line says so; with --strict it is an error (exit 2),
    after the results are written.

    Examples:

    \b
        eai score answers.json --suite virtualhome --module action_sequencing
        eai score responses.jsonl --suite behavior --module goal_interpretation --out scores/gi --strict
        eai score answers.json --suite virtualhome --module subgoal_decomposition --max-nodes 20000
        eai score answers.json --suite virtualhome --module action_sequencing --shard 1/4 --out scores/part1
        eai score answers.json --suite virtualhome --module action_sequencing --executor ray
        eai score answers.json --suite eb-alfred --module action_sequencing --exact-types
    """
    share = parse_shard(shard)
    scorer = executor_named(get_plugins(), executor, address)
    if share and executor != LOCAL:
        raise EaiError("--shard scores one share here; --executor splits the whole scoring: give one or the other")
    check_output_folder(out)
    answers = read_responses(responses)
    options = budget_options(max_nodes, planner_cpu_seconds, planner_memory_mb, exact_types)
    options |= {"sensitivity": sensitivity, "workers": workers}
    if planner:
        options["planner"] = planner
    with counted(f"scoring {suite}/{module}", quiet) as shown:
        if share:
            result = score(get_plugins(), suite, module, answers, options, shown, strict=strict, shard=share)
        else:
            result = scorer.score(get_plugins(), suite, module, answers, options, strict, shown, address)
    require_scored(result, str(responses))
    write_result(result, out, kept_answers(result.records, answers))
    if not quiet:
        print_json({k: v for k, v in result.summary.items() if k != "unmatched_identifiers"})
    say(counts_line(result))
    if not quiet:
        say(f"wrote {out / 'summary.json'}, {out / 'records.jsonl'} and the answers scored, {out / KEPT_ANSWERS}")
    other = written_for_line(result.summary)
    if other and strict:
        raise EaiError(f"{responses}: {other} (--strict)")
    if other:
        say(f"warning: {other}; --strict makes this an error")


def counts_line(result: ScoreResult) -> str:
    """What the figures are over, in one line."""
    s = result.summary
    share = f" (shard {s['shard']})" if s.get("shard") else ""
    parts = [f"scored {s['n']} of {s['tasks']} tasks of {s['suite']}/{s['module']}{share}"]
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
