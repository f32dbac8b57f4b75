"""``eai run``: models on task suites, module by module, with a report at the end."""

from __future__ import annotations

import asyncio
import os
from datetime import datetime
from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from eai.cli.output import console
from eai.cli.report import gold_lengths
from eai.exceptions import EaiError
from eai.llm import GenerationConfig
from eai.modules import MODULES
from eai.plugins import get_plugins
from eai.report.build import write_report
from eai.report.collect import collect
from eai.runner.calls import RetryPolicy
from eai.runner.run import RunConfig, run

DEFAULT_MODEL = "baseline:auto"


def default_cache() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "eai" / "responses.sqlite"


def run_command(
    suite: list[str] = typer.Option([], "--suite", help="Task suite (repeatable). Default: every installed suite."),
    module: list[str] = typer.Option([], "--module", help=f"Ability module (repeatable): {', '.join(MODULES)}. Default: all."),
    model: list[str] = typer.Option([], "--model", help=f"provider:model (repeatable), e.g. openai:gpt-4o-mini. Default: {DEFAULT_MODEL}, the built-in baselines (no key, no network)."),
    limit: int = typer.Option(None, "--limit", min=1, help="Only the first K tasks of each suite."),
    tasks: str = typer.Option(None, "--tasks", help="Only these task ids, comma-separated."),
    out: Path = typer.Option(None, "--out", help="Run folder (default: runs/<date-time>)."),
    resume: bool = typer.Option(False, "--resume", help="Finish an interrupted run in --out: tasks already answered are kept, the others are asked."),
    concurrency: int = typer.Option(8, "--concurrency", min=1, help="Model calls in flight at once."),
    base_url: str = typer.Option(None, "--base-url", help="Base URL of an OpenAI-compatible server (or set OPENAI_BASE_URL)."),
    temperature: float = typer.Option(0.0, "--temperature", help="Sampling temperature (paper: 0)."),
    max_tokens: int = typer.Option(None, "--max-tokens", help="Longest answer, in tokens."),
    timeout: float = typer.Option(120.0, "--timeout", help="Seconds before one call is abandoned (then retried)."),
    retries: int = typer.Option(5, "--retries", min=1, help="Attempts per call on rate limits, server errors and timeouts."),
    cache: Path = typer.Option(None, "--cache", help="Response cache (sqlite). Default: ~/.cache/eai/responses.sqlite."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Neither read nor write the response cache."),
    quiet: bool = typer.Option(False, "--quiet", help="No progress bars (for CI logs)."),
) -> None:
    """Run models on task suites and score every answer.

    With no options: the built-in baselines on every suite and module. API keys
    are read from the environment only (OPENAI_API_KEY, ANTHROPIC_API_KEY...).
    Each suite/module/model gets a folder with responses.jsonl (appended as
    answers arrive, so a killed run loses nothing: rerun with --resume),
    records.jsonl and summary.json.
    """
    plugins = get_plugins()
    suites = suite or [name for name, s in plugins.suites if s.simulator in plugins.simulators]
    if not suites:
        raise EaiError("no task suite with its simulator is installed (see: eai doctor)")
    folder = out or Path("runs") / datetime.now().strftime("%Y-%m-%dT%H-%M-%S")
    config = RunConfig(
        suites=suites,
        modules=module or list(MODULES),
        models=model or [DEFAULT_MODEL],
        out=folder,
        concurrency=concurrency,
        limit=limit,
        task_ids=[t.strip() for t in tasks.split(",") if t.strip()] if tasks else None,
        resume=resume,
        generation=GenerationConfig(temperature=temperature, max_tokens=max_tokens, timeout=timeout),
        retry=RetryPolicy(attempts=retries),
        cache=None if no_cache else (cache or default_cache()),
        model_options={"base_url": base_url} if base_url else {},
    )
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[errors]} errors"), TimeRemainingColumn(),
                  console=console, disable=quiet) as progress:
        bars: dict[str, int] = {}

        def update(label: str, done: int, total: int, errors: int) -> None:
            if label not in bars:
                bars[label] = progress.add_task(label, total=total, errors=0)
            progress.update(bars[label], completed=done, total=total, errors=errors)

        folders = asyncio.run(run(config, plugins, update))
    units = collect([folder])
    write_report(units, gold_lengths({u.suite for u in units}), folder, html=True)
    console.print(f"wrote {len(folders)} result folder(s) and the report (report.md, report.html) under {folder}",
                  highlight=False)
