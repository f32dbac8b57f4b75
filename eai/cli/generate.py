"""``eai tasks generate``: make a task suite with a generator plugin."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from eai.base.paths import check_output_folder
from eai.cli.output import console, say
from eai.host.manager import get_plugins
from eai.llm.cache import default_cache
from eai.llm.calls import RetryPolicy


def generate_command(
    generator: str = typer.Argument(..., help="The generator (see: eai list generators)."),
    scene: str = typer.Option(..., "--scene", help="Suite whose tasks' initial states are the scenes: a name, a suite folder, or SUITE/ID[,ID...] for given tasks."),
    n: int = typer.Option(..., "--n", min=1, help="How many tasks to generate."),
    seed: int = typer.Option(0, "--seed", help="Seed of the sampling: the same seed gives the same files."),
    out: Path = typer.Option(..., "--out", help="The suite folder to write; the suite takes its name."),
    filter_model: str = typer.Option(None, "--filter-model", help="Also ask this model (provider:model) whether each task is reasonable; answers are cached."),
    base_url: str = typer.Option(None, "--base-url", help="Base URL of an OpenAI-compatible server for --filter-model."),
    cache: Path = typer.Option(None, "--cache", help="Response cache of --filter-model (sqlite). Default: ~/.cache/eai/responses.sqlite."),
    retries: int = typer.Option(5, "--retries", min=1, help="Attempts per --filter-model call on rate limits, server errors and timeouts."),
    quiet: bool = typer.Option(False, "--quiet", help="No progress bar."),
) -> None:
    """Generate a task suite from a simulator's scenes (docs/generation.md).

    Candidates of each category are enumerated from the scene and kept by the
    generator's plausibility rules (and --filter-model, if given); a sample of
    N, drawn with SEED, is certified by a gold plan that a planner finds within
    a counted budget. The suite is written to OUT (suite.json, scenes, one file
    per task, provenance.json); run it with eai run --suite OUT.

    Examples:

    \b
        eai tasks generate etplan --scene virtualhome/446_2 --n 500 --seed 0 --out tasks/etplan-vh
        eai tasks generate etplan --scene virtualhome/814_1 --n 50 --seed 3 --out gen/etplan-small
        eai tasks generate rearrange --scene behavior --n 100 --out gen/rearrange
        eai tasks generate etplan --scene virtualhome --n 50 --out gen/filtered --filter-model openai:gpt-4o-mini
    """
    from eai.generation.suite import generate_suite

    check_output_folder(out)
    progress = Progress(TextColumn("generating {task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeRemainingColumn(), console=console, disable=quiet)
    bar = progress.add_task(f"{generator} tasks", total=n)

    def advance(done: int, total: int) -> None:
        progress.start()  # on the first task, so bad input shows its error line alone
        progress.update(bar, completed=done)

    try:
        made = generate_suite(get_plugins(), generator, scene, n, seed, out, filter_model,
                              None if filter_model is None else cache or default_cache(),
                              {"base_url": base_url} if base_url else {}, RetryPolicy(attempts=retries), advance)
    finally:
        if progress.live.is_started:
            progress.stop()
    dropped = [f"{made.rejected['no_plan']} candidate(s) without a plan within the planner's budget"]
    if filter_model:
        dropped.insert(0, f"{made.rejected['model_filter']} dropped by {filter_model}")
    say(f"wrote {len(made.tasks)} tasks to {out} ({', '.join(dropped)} left out); run them: eai run --suite {out}")
