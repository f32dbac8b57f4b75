"""Running models on tasks: every (suite, module or pipeline, model) unit of a run.

For each unit, prompts are sent concurrently (at most ``concurrency`` calls in
flight), answers come from the response cache when the same request was made
before, and each answer is appended to the unit's ``responses.jsonl`` as soon
as it arrives. A single module is then scored exactly as ``eai score`` scores
a file: ``records.jsonl`` and ``summary.json``. A pipeline, or a module with
replanning or random action failures, runs each task as an episode
(:mod:`eai.compose.episode`) and logs its record with its answer.
"""

from __future__ import annotations

import asyncio
import gc
import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from eai.compose.episode import episode
from eai.environment import EnvironmentProvider, SymbolicProvider
from eai.exceptions import EaiError
from eai.compose.pipeline import Pipeline, parse_pipeline
from eai.llm import GenerationConfig, LanguageModel, Message, ModelCallError, Request, split_model_id
from eai.modules.base import Env, Record, percent
from eai.plugins import Plugins
from eai.runner.cache import ResponseCache, cache_key
from eai.runner.calls import RetryPolicy, call
from eai.runner.selection import check_selection, claims
from eai.runner.store import ResponseLog, slug
from eai.scoring import ScoreResult, guarded, score, summarize, write_result
from eai.simulator import Simulator
from eai.world import Task

Progress = Callable[[str, int, int, int], None]  # unit label, done, total, errors


@dataclass(frozen=True)
class Unit:
    suite: str
    module: str
    model: str

    @property
    def label(self) -> str:
        return f"{self.suite}/{self.module}/{self.model}"

    def folder(self, out: Path) -> Path:
        return out / self.suite / self.module / slug(self.model)


@dataclass
class RunConfig:
    suites: Sequence[str]
    modules: Sequence[str]
    models: Sequence[str]
    out: Path
    concurrency: int = 8
    limit: int | None = None
    task_ids: Sequence[str] | None = None
    resume: bool = False
    generation: GenerationConfig = GenerationConfig()
    retry: RetryPolicy = RetryPolicy()
    cache: Path | None = None
    model_options: dict[str, str] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    replan: int = 0
    action_failure_p: float = 0.0
    seed: int = 0
    environment: str | None = None  # a registered live environment episodes run in

    @property
    def episodic(self) -> bool:
        return self.replan > 0 or self.action_failure_p > 0 or self.environment is not None

    def units(self) -> list[Unit]:
        return [Unit(s, m, model) for s in self.suites for m in self.modules for model in self.models]


def resolve_model(plugins: Plugins, spec: str, options: dict[str, str]) -> LanguageModel:
    provider, name = split_model_id(spec)
    return plugins.models.get(provider).create(name, options)


def live_environment(plugins: Plugins, name: str | None, simulator: Simulator) -> EnvironmentProvider:
    """The environment episodes run in: the registered one named ``name``, or the simulator's symbolic world."""
    if name is None:
        return SymbolicProvider(simulator)
    provider = plugins.environments.get(name)
    if provider.simulator != simulator.name:
        raise EaiError(f"environment {name!r} runs {provider.simulator} tasks, not {simulator.name} tasks")
    return provider


def select_tasks(plugins: Plugins, config: RunConfig, suite: str, pipeline: Pipeline) -> list[Task]:
    """The suite's tasks every stage covers, narrowed to ``task_ids`` (ids or
    subset names), at most ``limit``."""
    found = plugins.suites.get(suite)
    ids = found.select(list(config.task_ids)) if config.task_ids else found.ids()
    covered = [t for t in plugins.suites.get(suite).load(ids) if all(s.applies_to(t) for s in pipeline.stages)]
    return covered if config.limit is None else covered[: config.limit]


def prepare(config: RunConfig, plugins: Plugins) -> None:
    """Check everything a run needs before any model is called."""
    for suite in config.suites:
        live_environment(plugins, config.environment, plugins.simulators.get(plugins.suites.get(suite).simulator))
    for module in config.modules:
        parse_pipeline(module, plugins)
    for model in config.models:
        resolve_model(plugins, model, config.model_options)
    check_selection(plugins, config.suites, config.modules, config.task_ids)
    manifest = config.out / "run.json"
    spec = {"suites": list(config.suites), "modules": list(config.modules), "models": list(config.models),
            "limit": config.limit, "tasks": list(config.task_ids or []), "generation": asdict(config.generation),
            "replan": config.replan, "action_failure_p": config.action_failure_p, "seed": config.seed,
            "environment": config.environment}
    if manifest.exists():
        if not config.resume:
            raise EaiError(f"{config.out} holds a run already; add --resume to finish it, or choose another --out")
        previous = json.loads(manifest.read_text(encoding="utf-8"))
        if previous != spec:
            raise EaiError(f"{config.out} holds a different run ({manifest}); --resume needs the same options")
    config.out.mkdir(parents=True, exist_ok=True)
    manifest.write_text(json.dumps(spec, indent=2, sort_keys=True) + "\n", encoding="utf-8")


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Leave the objects alive now out of garbage collection until the block ends.

    The loaded tasks hold millions of atoms; every full collection walked them
    all, stalling the event loop (and so every call in flight) 200-300 ms.
    Does nothing if the caller froze the heap already.
    """
    if gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


async def run_unit(unit: Unit, config: RunConfig, plugins: Plugins, cache: ResponseCache | None,
                   progress: Progress) -> Path:
    folder = unit.folder(config.out)
    log = ResponseLog(folder / "responses.jsonl")
    answered = {i for i, r in log.read().items() if not r.error}
    pipeline = parse_pipeline(unit.module, plugins)
    tasks = select_tasks(plugins, config, unit.suite, pipeline)
    pending = [t for t in tasks if t.id not in answered]
    simulator = plugins.simulators.get(plugins.suites.get(unit.suite).simulator)
    model = resolve_model(plugins, unit.model, config.model_options)
    options = {**config.options, "action_failure_p": config.action_failure_p, "seed": config.seed}
    env = Env(simulator, plugins, options, live_environment(plugins, config.environment, simulator))
    gate = asyncio.Semaphore(max(1, config.concurrency))
    ahead = asyncio.Semaphore(2 * max(1, config.concurrency))
    counts = {"done": len(tasks) - len(pending), "errors": 0}
    progress(unit.label, counts["done"], len(tasks), 0)

    def record(task: Task, item: dict[str, Any]) -> None:
        log.append({"identifier": task.id, **item})
        counts["done"] += 1
        counts["errors"] += bool(item.get("error"))
        progress(unit.label, counts["done"], len(tasks), counts["errors"])

    async def ask(messages: tuple[Message, ...], view: Task, stage: str) -> str:
        """The model's answer (from the cache when asked before); ModelCallError when it fails.
        ``view`` is the task as the stage sees it (baselines read its goal)."""
        request = Request(messages, config.generation, view, stage)
        key = cache_key(model, request) if cache is not None and model.cacheable else None
        text = cache.get(key[0]) if key else None  # type: ignore[union-attr]
        if text is None:
            async with gate:
                text = await call(model, request, config.retry)
            if key:
                cache.put(key[0], key[1], text)  # type: ignore[union-attr]
        return text

    async def answer(task: Task) -> None:
        # Prompts are built and the cache read ahead of the call slots, so a
        # freed slot sends the next prepared call at once; building prompts only
        # once a slot was free put them on every call's path.
        async with ahead:
            await asyncio.sleep(0)  # prepared calls go out before more prompts are built
            try:
                text = await ask(pipeline.final.messages(task, env), task, pipeline.final.name)
                record(task, {"llm_output": text, "error": ""})
            except ModelCallError as exc:
                record(task, {"llm_output": "", "error": str(exc)})

    async def evaluate(work: Callable[[], Record]) -> Record:
        return await asyncio.get_running_loop().run_in_executor(None, guarded, work)

    async def play(task: Task) -> None:
        async with ahead:
            try:
                item = await episode(task, pipeline, ask, evaluate, env, config.replan)
                record(task, {**item, "error": ""})
            except ModelCallError as exc:  # not the model's answer: not scored (eai.scoring.summarize)
                record(task, {"llm_output": "", "record": {"model_error": str(exc)}, "error": str(exc)})
            except Exception as exc:  # a bug must not lose the other tasks; --resume retries this one
                record(task, {"llm_output": "", "error": f"internal error: {type(exc).__name__}: {exc}"})

    episodic = len(pipeline.stages) > 1 or config.episodic or not pipeline.final.asks_model
    log.open()
    try:
        with frozen_heap():
            await asyncio.gather(*((play if episodic else answer)(t) for t in pending))
    finally:
        log.close()
    if episodic:
        result = episode_result(log.read_items(), tasks, pipeline, unit, config)
    else:
        responses = log.read()
        ordered = [responses[t.id] for t in tasks if t.id in responses]
        result = score(plugins, unit.suite, unit.module, ordered, config.options, task_ids=[t.id for t in tasks])
    result.summary["model"] = unit.model
    write_result(result, folder)
    return folder


def episode_result(items: dict[str, dict[str, Any]], tasks: list[Task], pipeline: Pipeline, unit: Unit,
                   config: RunConfig) -> ScoreResult:
    """Records of logged episodes in task order, and their summary."""
    records = [{"identifier": t.id, **items[t.id]["record"],
                "attempts": items[t.id].get("attempts", [])} for t in tasks if "record" in items.get(t.id, {})]
    summary = {"suite": unit.suite, "module": pipeline.final.name, "pipeline": pipeline.name,
               **summarize(pipeline.final.summarize, records, tasks=len(tasks)),
               "replan": config.replan, "action_failure_p": config.action_failure_p, "seed": config.seed,
               "duplicated": 0, "unmatched_identifiers": []}
    scored = [r for r in records if "success" in r]
    if scored:
        first = [bool(r["attempts"]) and r["attempts"][0]["success"] for r in scored]
        summary["first_attempt_success_rate"] = percent(sum(first), len(scored))
        summary["mean_attempts"] = round(sum(len(r["attempts"]) for r in scored) / len(scored), 2)
    return ScoreResult(records, summary)


async def run(config: RunConfig, plugins: Plugins, progress: Progress = lambda *args: None) -> list[Path]:
    """Run every unit in turn; returns their folders."""
    prepare(config, plugins)
    cache = ResponseCache(config.cache) if config.cache else None
    try:
        return [await run_unit(unit, config, plugins, cache, progress) for unit in config.units()
                if claims(plugins, unit.suite, unit.module)]  # each suite on the modules its simulator claims
    finally:
        if cache is not None:
            cache.close()
