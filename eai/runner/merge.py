"""``eai merge``: the shards of a run put back together, exactly as one run would have written it.

Each shard folder (``eai run --shard I/N``) holds every unit with its share of
the tasks (:mod:`eai.tasks.shards`). The merge checks that the folders are
the N shards of one run (same run.json but for the shard, the transport and the provenance, each shard once,
every unit finished), then writes per unit the records in suite order, the
logged answers in suite order, and the summary recomputed over the whole unit,
with the code a run uses (the summary of the unit's driver, :mod:`eai.runner.driver`);
nothing is scored again. run.json is the unsharded run's (the first shard's
transport; the merge's own provenance: format, versions, times, command line),
and the report is written afresh. Folders of
``eai score --shard`` merge the same way (records, summary and the answers
scored).

Response caches of the shards merge by key; a key holding two different
answers is an error that names it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from eai.base import jsonl
from eai.compose.pipeline import parse_pipeline
from eai.exceptions import EaiError
from eai.host.manager import Plugins
from eai.llm.cache import ResponseCache
from eai.llm.generation import given
from eai.results.formats import PROVENANCE, format_version
from eai.results.responses import KEPT_ANSWERS
from eai.results.scoring import ScoreResult, score_summary, write_result
from eai.results.store import ResponseLog
from eai.runner.config import RunConfig, Say, Unit
from eai.runner.core import labelled, unit_line
from eai.runner.driver import Scope
from eai.runner.drivers import driver_for
from eai.runner.manifest import write_manifest
from eai.runner.provenance import provenance, utc_now
from eai.runner.run import claimed_units
from eai.runner.setup import select_tasks
from eai.runner.transport import TRANSPORT
from eai.tasks.folders import suite_name
from eai.tasks.shards import Shard, parse_shard


def read_json(path: Path) -> dict[str, Any]:
    try:
        data = jsonl.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise EaiError(f"{path.parent} is not a finished shard: it has no {path.name}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise EaiError(f"cannot read {path}: {exc}") from None
    if not isinstance(data, dict):
        raise EaiError(f"{path} is not a JSON object")
    format_version(data, path)
    return data


def read_records(path: Path) -> list[dict[str, Any]]:
    if not path.is_file():
        raise EaiError(f"{path.parent} is not a finished shard: it has no {path.name}")
    return [record for _, record in jsonl.read(path)]


def check_shards(folders: Sequence[Path], specs: Sequence[dict[str, Any]], what: str) -> None:
    """One clear line unless ``specs`` (one per folder) are the shards 0..N-1 of one ``what``, each once."""
    shards: dict[Shard, Path] = {}
    for folder, spec in zip(folders, specs):
        if not spec.get("shard"):
            raise EaiError(f"{folder} is not a shard (made without --shard I/N); only shards merge")
        shard = parse_shard(spec["shard"])
        assert shard is not None
        if shard in shards:
            raise EaiError(f"{folder} and {shards[shard]} are both shard {shard}")
        shards[shard] = folder
        for key in sorted(set(spec) | set(specs[0])):
            if key not in ("shard", TRANSPORT, *PROVENANCE) and spec.get(key) != specs[0].get(key):
                raise EaiError(f"{folder} is not a shard of the same {what} as {folders[0]}: its {key} is "
                               f"{json.dumps(spec.get(key))}, not {json.dumps(specs[0].get(key))}")
    counts = {s.count for s in shards}
    if len(counts) > 1:
        raise EaiError(f"the folders split their {what} in different numbers of shards: "
                       f"{', '.join(sorted(map(str, shards)))}")
    count = counts.pop()
    missing = [str(Shard(i, count)) for i in range(count) if Shard(i, count) not in shards]
    if missing:
        raise EaiError(f"shard(s) {', '.join(missing)} missing: a merge needs all {count} shards of the {what}")


def merge_records(parts: Sequence[tuple[Path, Sequence[dict[str, Any]]]], order: dict[str, int]) -> list[dict[str, Any]]:
    """The records of every part, in ``order`` (task id -> position); each task at most once."""
    seen: dict[str, Path] = {}
    merged = []
    for folder, records in parts:
        for record in records:
            task_id = record["identifier"]
            if task_id not in order:
                raise EaiError(f"{folder}: task {task_id!r} is not one of the run's tasks")
            if seen.get(task_id, folder) != folder:  # a task's epochs are all in its shard
                raise EaiError(f"task {task_id!r} is in two shards: {seen[task_id]} and {folder}")
            seen[task_id] = folder
            merged.append(record)
    return sorted(merged, key=lambda r: (order[r["identifier"]], r.get("epoch", 0)))


def run_config(spec: dict[str, Any], out: Path, plugins: Plugins) -> RunConfig:
    """The unsharded run a run.json describes."""
    return RunConfig(suites=[suite_name(plugins, s) for s in spec["suites"]], modules=spec["modules"],
                     models=spec["models"], out=out, limit=spec["limit"], task_ids=spec["tasks"] or None,
                     generation=given(spec["temperature"], spec["max_tokens"], spec.get("gen", {})),
                     options=spec["options"], replan=spec["replan"], action_failure_p=spec["action_failure_p"],
                     seed=spec["seed"], environment=spec["environment"], response_format=spec.get("response_format", "text"),
                     epochs=spec.get("epochs", 1))


def merge_unit(unit: Unit, config: RunConfig, plugins: Plugins, folders: Sequence[Path]) -> ScoreResult:
    """One unit of the run, from its shards; writes it under ``config.out``."""
    scope = Scope(unit, config, plugins, parse_pipeline(unit.module, plugins))
    driver = driver_for(scope.pipeline, config)
    tasks = driver.narrow(select_tasks(plugins, config, unit.suite, scope.pipeline), scope)
    order = {task_id: k for k, task_id in enumerate(tasks.ids)}
    parts = [(unit.folder(f), read_records(unit.folder(f) / "records.jsonl")) for f in folders]
    for f in folders:
        read_json(unit.folder(f) / "summary.json")  # a unit is finished once its summary is written
    records = merge_records(parts, order)
    items: dict[str, dict[str, Any]] = {}
    for f in folders:
        items |= ResponseLog(unit.folder(f) / "responses.jsonl").read_items()
    log = ResponseLog(unit.folder(config.out) / "responses.jsonl")
    log.open()
    try:
        for task_id in tasks.ids:
            if task_id in items:
                log.append(items[task_id])
    finally:
        log.close()
    result = labelled(ScoreResult(records, driver.summary(records, tasks.ids, scope)), unit, config)
    write_result(result, unit.folder(config.out))
    return result


def merge_run(folders: Sequence[Path], out: Path, plugins: Plugins, say: Say = lambda text: None,
              command: Sequence[str] | None = None) -> None:
    """Merge the shard folders of one ``eai run`` or ``eai compose`` into ``out``
    (``command``: the command line that asked for it, None: this process's)."""
    started = utc_now()
    specs = [read_json(f / "run.json") for f in folders]
    check_shards(folders, specs, "run")
    spec = {**specs[0], "shard": None, **provenance(plugins, command, started)}  # with the first shard's transport
    config = run_config(spec, out, plugins)
    for unit in claimed_units(config, plugins):
        say(unit_line(unit, merge_unit(unit, config, plugins, folders), unit.folder(out)))
    write_manifest(out, {**spec, "finished": utc_now()})


def merge_scores(folders: Sequence[Path], out: Path, plugins: Plugins) -> None:
    """Merge the shard folders of one ``eai score --shard`` into ``out``."""
    summaries = [read_json(f / "summary.json") for f in folders]
    kept = ("suite", "module", "strict", "unmatched_identifiers", "shard")
    check_shards(folders, [{k: s.get(k) for k in kept} for s in summaries], "scoring")
    parts = [ScoreResult(read_records(f / "records.jsonl"), s) for f, s in zip(folders, summaries)]
    joined = join_scores(parts, folders, plugins)
    answers = None
    if all((f / KEPT_ANSWERS).is_file() for f in folders):  # not shards scored before eai kept the answers
        kept = {a["identifier"]: a for f in folders for a in read_records(f / KEPT_ANSWERS)}
        answers = [kept[r["identifier"]] for r in joined.records if r["identifier"] in kept]
    write_result(joined, out, answers)


def join_scores(parts: Sequence[ScoreResult], sources: Sequence[Path], plugins: Plugins) -> ScoreResult:
    """The scoring the shards ``parts`` (made from ``sources``) are of: records in suite order, summary recomputed."""
    first = parts[0].summary
    ids = plugins.suites.get(first["suite"]).ids()
    records = merge_records([(f, p.records) for f, p in zip(sources, parts)], {i: k for k, i in enumerate(ids)})
    return ScoreResult(records, score_summary(first["suite"], first["module"], records,
                                              tasks=sum(p.summary["tasks"] for p in parts), strict=first["strict"],
                                              duplicated=sum(p.summary["duplicated"] for p in parts),
                                              unmatched=first["unmatched_identifiers"]))


def merge_caches(sources: Sequence[Path], target: Path) -> int:
    """Add every answer of the ``sources`` caches to ``target``; the number added.
    A key with two different answers is an error naming it (``target`` keeps what it had).

    Rows stream from the caches, in constant memory: the first pass checks
    each against the same key in the earlier sources and in ``target``, the
    second adds those ``target`` lacks (written in batches, :class:`ResponseCache`)."""
    for source in sources:
        if not Path(source).is_file():
            raise EaiError(f"no response cache {source}")
    caches: list[ResponseCache] = []
    kept = ResponseCache(target)
    try:
        for source in sources:
            caches.append(ResponseCache(Path(source)))
        for j, cache in enumerate(caches):
            for key, _, answer in cache.rows():
                earlier = [(had, s) for c, s in zip(caches[:j], sources[:j]) if (had := c.get(key)) is not None]
                had, where = earlier[-1] if earlier else (kept.get(key), target)
                if had is not None and had != answer:
                    raise EaiError(f"response caches disagree on key {key}: {where} and {sources[j]} "
                                   "hold different answers to the same request")
        added = 0
        for cache in caches:
            for key, material, answer in cache.rows():
                if kept.get(key) is None:
                    kept.put(key, material, answer)
                    added += 1
        return added
    finally:
        for cache in (*caches, kept):
            cache.close()
