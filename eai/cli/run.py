"""``eai run`` and ``eai compose``: models on task suites, with a report at the end."""

from __future__ import annotations

import asyncio
import os
import sys
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from eai.cli.output import console
from eai.cli.progress import say, shown
from eai.cli.report import features_of
from eai.compose.pipeline import parse_pipeline
from eai.exceptions import EaiError
from eai.llm import MAX_TOKENS, GenerationConfig
from eai.modules import MODULES
from eai.plugins import get_plugins
from eai.report.build import write_report
from eai.report.collect import collect
from eai.runner.calls import EndpointDown, RetryPolicy
from eai.runner.run import RunConfig, read_manifest, run

DEFAULT_MODEL = "baseline:auto"
REPLAN_WHEN_GIVEN = 3


def default_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "eai" / "responses.sqlite"


def optional_values(argv: list[str]) -> list[str]:
    """``--replan`` with no number means ``--replan 3``."""
    out = []
    for i, arg in enumerate(argv):
        out.append(arg)
        if arg == "--replan" and (i + 1 == len(argv) or not argv[i + 1].isdigit()):
            out.append(str(REPLAN_WHEN_GIVEN))
    return out


MODEL_HELP = f"provider:model (repeatable), e.g. openai:gpt-4o-mini. Default: {DEFAULT_MODEL}, the built-in baselines (no key, no network)."
REPLAN_HELP = f"Replanning with feedback: after a failed plan the model sees its attempt and what went wrong, up to K more times ({REPLAN_WHEN_GIVEN} when K is omitted)."
FAILURE_HELP = "Each executed action fails (no effect) with this probability; seeded, so runs repeat exactly."

# Options shared by ``eai run`` and ``eai compose``.
Suites = Annotated[list[str], typer.Option("--suite", help="Task suite (repeatable). Default: every installed suite.")]
Models = Annotated[list[str], typer.Option("--model", help=MODEL_HELP)]
Limit = Annotated[Optional[int], typer.Option("--limit", min=1, help="Only the first K tasks of each suite.")]
TaskIds = Annotated[Optional[str], typer.Option("--tasks", help="Only these task ids, comma-separated.")]
Out = Annotated[Optional[Path], typer.Option("--out", help="Run folder (default: runs/<date-time>).")]
Concurrency = Annotated[int, typer.Option("--concurrency", min=1, help="Model calls in flight at once.")]
BaseUrl = Annotated[Optional[str], typer.Option("--base-url", help="Base URL of an OpenAI-compatible server (or set OPENAI_BASE_URL).")]
Temperature = Annotated[float, typer.Option("--temperature", help="Sampling temperature (paper: 0).")]
MaxTokens = Annotated[int, typer.Option("--max-tokens", min=0, help="Longest answer, in tokens (0: the server's limit).")]
Timeout = Annotated[float, typer.Option("--timeout", help="Seconds before one call is abandoned (then retried).")]
Retries = Annotated[int, typer.Option("--retries", min=1, help="Attempts per call on rate limits, server errors and timeouts.")]
CachePath = Annotated[Optional[Path], typer.Option("--cache", help="Response cache (sqlite). Default: ~/.cache/eai/responses.sqlite.")]
NoCache = Annotated[bool, typer.Option("--no-cache", help="Neither read nor write the response cache.")]
Quiet = Annotated[bool, typer.Option("--quiet", help="No progress bars (for CI logs).")]
Replan = Annotated[int, typer.Option("--replan", min=0, metavar="[K]", help=REPLAN_HELP)]
FailureP = Annotated[float, typer.Option("--action-failure-p", help=FAILURE_HELP)]
Seed = Annotated[int, typer.Option("--seed", help="Seed of the random action failures.")]


# run.json's options, by the command-line parameter that sets each (--resume takes those not given)
RESUMED = {"suite": "suites", "module": "modules", "model": "models", "limit": "limit", "tasks": "tasks",
           "temperature": "temperature", "max_tokens": "max_tokens", "base_url": "base_url", "replan": "replan",
           "action_failure_p": "action_failure_p", "seed": "seed"}


def resumed(ctx: typer.Context) -> dict[str, Any]:
    """The command's options; with --resume, those of the run in --out that the command line does not give."""
    values = dict(ctx.params)
    if not values["resume"]:
        return values
    if values["out"] is None:
        raise EaiError("--resume needs --out, the folder of the run to finish")
    previous = read_manifest(values["out"])
    for param, key in RESUMED.items():
        source = ctx.get_parameter_source(param)  # typer's own copy of click's ParameterSource
        if param in values and source is not None and source.name == "DEFAULT":
            value = previous[key]
            values[param] = {"tasks": lambda ids: ",".join(ids) or None,
                             "max_tokens": lambda limit: limit or 0}.get(param, lambda same: same)(value)
    return values


def resume_hint(folder: Path) -> str:
    return f"what was answered is kept; to continue: eai run --resume --out {folder}"


def execute(
    suite: list[str], module: list[str], model: list[str], limit: int | None, tasks: str | None,
    out: Path | None, resume: bool, concurrency: int, base_url: str | None, temperature: float,
    max_tokens: int, timeout: float, retries: int, cache: Path | None, no_cache: bool, quiet: bool,
    replan: int, action_failure_p: float, seed: int,
) -> None:
    plugins = get_plugins()
    suites = suite or [name for name, s in plugins.suites if s.simulator in plugins.simulators]
    if not suites:
        raise EaiError("no task suite with its simulator is installed (see: eai doctor)")
    if not 0.0 <= action_failure_p <= 1.0:
        raise EaiError(f"--action-failure-p must be between 0 and 1, got {action_failure_p}")
    folder = out or Path("runs") / datetime.now().strftime("%Y-%m-%dT%H-%M-%S")
    config = RunConfig(
        suites=suites,
        modules=module,
        models=model or [DEFAULT_MODEL],
        out=folder,
        concurrency=concurrency,
        limit=limit,
        task_ids=[t.strip() for t in tasks.split(",") if t.strip()] if tasks else None,
        resume=resume,
        generation=GenerationConfig(temperature=temperature, max_tokens=max_tokens or None),
        timeout=timeout,
        retry=RetryPolicy(attempts=retries),
        cache=None if no_cache else (cache or default_cache()),
        model_options={"base_url": base_url} if base_url else {},
        replan=replan,
        action_failure_p=action_failure_p,
        seed=seed,
    )
    try:
        with shown(quiet) as progress:
            folders = asyncio.run(run(config, plugins, progress, say))
    except EndpointDown as exc:
        raise EaiError(f"{exc}; {resume_hint(folder)}") from None
    except KeyboardInterrupt:
        print(f"interrupted: {resume_hint(folder)}", file=sys.stderr)
        raise typer.Exit(130) from None
    units = collect([folder])
    write_report(units, features_of({u.suite for u in units}), folder, html=True)
    console.print(f"wrote {len(folders)} result folder(s) and the report (report.md, report.html) under {folder}",
                  highlight=False)


def run_command(
    ctx: typer.Context,
    suite: Suites = [],
    module: Annotated[list[str], typer.Option("--module", help=f"Ability module (repeatable): {', '.join(MODULES)}. Default: all.")] = [],
    model: Models = [],
    limit: Limit = None,
    tasks: TaskIds = None,
    out: Out = None,
    resume: Annotated[bool, typer.Option("--resume", help="Finish an interrupted run in --out with its options (run.json): tasks already answered are kept, the others are asked.")] = False,
    concurrency: Concurrency = 8,
    base_url: BaseUrl = None,
    temperature: Temperature = 0.0,
    max_tokens: MaxTokens = MAX_TOKENS,
    timeout: Timeout = 120.0,
    retries: Retries = 5,
    cache: CachePath = None,
    no_cache: NoCache = False,
    quiet: Quiet = False,
    replan: Replan = 0,
    action_failure_p: FailureP = 0.0,
    seed: Seed = 0,
) -> None:
    """Run models on task suites and score every answer.

    With no options: the built-in baselines on every suite and module. API keys
    are read from the environment only (OPENAI_API_KEY, ANTHROPIC_API_KEY...).
    Each suite/module/model gets a folder with responses.jsonl (appended as
    answers arrive, so a killed run loses nothing: rerun with --resume),
    records.jsonl and summary.json; the run folder gets report.md and report.html.
    """
    values = resumed(ctx)
    execute(**{**values, "module": list(values["module"]) or list(MODULES)})


def compose_command(
    ctx: typer.Context,
    pipeline: Annotated[str, typer.Argument(help="Stages joined by '+', e.g. goal_interpretation+action_sequencing.")],
    suite: Suites = [],
    model: Models = [],
    limit: Limit = None,
    tasks: TaskIds = None,
    out: Out = None,
    modular: Annotated[bool, typer.Option("--modular/--no-modular", help="Also run the last stage alone on the gold goals, for the modular-vs-pipeline table.")] = True,
    resume: Annotated[bool, typer.Option("--resume", help="Finish an interrupted run in --out.")] = False,
    concurrency: Concurrency = 8,
    base_url: BaseUrl = None,
    temperature: Temperature = 0.0,
    max_tokens: MaxTokens = MAX_TOKENS,
    timeout: Timeout = 120.0,
    retries: Retries = 5,
    cache: CachePath = None,
    no_cache: NoCache = False,
    quiet: Quiet = False,
    replan: Replan = 0,
    action_failure_p: FailureP = 0.0,
    seed: Seed = 0,
) -> None:
    """Run a pipeline of modules, scored against the gold annotation (paper appendix G).

    Each stage works on the goal the stages before it interpreted; the last
    stage's result is scored against the gold annotation.

    Stages that interpret a goal come first (goal_interpretation); one stage that
    acts comes last: action_sequencing (G+Q), subgoal_decomposition (G+Phi), or
    planner (a bfs search planner acts on the interpreted goal, as in LLM+P).
    Plugins add stages (docs/compose.md). By default the last stage also runs
    alone, so the report puts modular and pipeline results side by side.
    """
    plugins = get_plugins()
    chosen = parse_pipeline(pipeline, plugins)
    modules = [chosen.name]
    if modular and chosen.final.asks_model and len(chosen.stages) > 1:
        modules.append(chosen.final.name)
    values = resumed(ctx)
    del values["pipeline"], values["modular"]
    execute(**values, module=modules)

