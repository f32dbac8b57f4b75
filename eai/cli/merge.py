"""``eai merge``: the shards of a run (or of a scoring) put back together."""

from __future__ import annotations

from pathlib import Path

import typer

from eai import api
from eai.base.paths import check_output_folder
from eai.cli.argv import command_line
from eai.cli.output import say
from eai.exceptions import EaiError
from eai.host.manager import get_plugins
from eai.llm.cache import default_cache


def merge_command(
    ctx: typer.Context,
    folders: list[Path] = typer.Argument(..., metavar="FOLDER", help="The shard folders: of eai run/compose --shard, or of eai score --shard."),
    out: Path = typer.Option(..., "--out", help="Folder for the merged run (or scores); must not hold results yet."),
    cache: list[Path] = typer.Option([], "--cache", help="A shard's response cache to merge (repeatable)."),
    cache_out: Path = typer.Option(None, "--cache-out", help="The cache the --cache files merge into (default: the run cache, ~/.cache/eai/responses.sqlite)."),
) -> None:
    """Merge the N shards of a run into the run it is a part of.

    The folders must be shards 0/N to N-1/N of one run (the same options but
    --shard), each finished. OUT gets every unit with its records in suite
    order and its summary recomputed, run.json and a fresh report: the same
    files an unsharded run writes, byte for byte (records.jsonl, summary.json,
    run.json but for when, by which versions and command it was made). Score folders (eai score --shard) merge into summary.json and
    records.jsonl. --cache merges the shards' response caches by key.

    Examples:

    \b
        eai merge runs/part0 runs/part1 --out runs/all
        eai merge runs/part* --out runs/all --cache cache0.sqlite --cache cache1.sqlite
        eai merge scores/part0 scores/part1 --out scores/all
    """
    from eai.runner.merge import merge_caches, merge_run, merge_scores  # here: the runner imports the compose stages

    check_output_folder(out)
    if any((out / name).exists() for name in ("run.json", "summary.json")):
        raise EaiError(f"--out {out} holds results already; choose another folder")
    if out.resolve() in {f.resolve() for f in folders}:
        raise EaiError(f"--out {out} is one of the shards; choose another folder")
    for folder in folders:
        if not folder.is_dir():
            raise EaiError(f"{folder} is not a folder")
    plugins = get_plugins()
    if all((f / "run.json").is_file() for f in folders):
        merge_run(folders, out, plugins, say, command_line(ctx))
        api.run_report(out)
        say(f"merged {len(folders)} shard(s) into {out} (run.json, every unit, report.md and report.html)")
    elif not any((f / "run.json").exists() for f in folders):
        merge_scores(folders, out, plugins)
        say(f"merged {len(folders)} shard(s) into {out / 'summary.json'} and {out / 'records.jsonl'}")
    else:
        raise EaiError("the folders mix runs (with run.json) and scores (without); merge one kind at a time")
    if cache:
        target = cache_out or default_cache()
        added = merge_caches(cache, target)
        say(f"added {added} answer(s) from {len(cache)} cache(s) to {target}")
