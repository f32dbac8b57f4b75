"""Running models on tasks: every (suite, module, model) unit of a run.

For each unit, prompts are sent concurrently (at most ``concurrency`` calls in
flight), answers come from the response cache when the same request was made
before, and each answer is appended to the unit's ``responses.jsonl`` as soon
as it arrives. When all answers are in, the unit is scored exactly as
``eai score`` scores a file: ``records.jsonl`` and ``summary.json``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from eai.exceptions import EaiError
from eai.llm import GenerationConfig, LanguageModel, ModelCallError, Request, split_model_id
from eai.modules import get_module
from eai.plugins import Plugins
from eai.runner.cache import ResponseCache, cache_key
from eai.runner.calls import RetryPolicy, call
from eai.runner.store import ResponseLog, slug
from eai.scoring import score, write_result
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

    def units(self) -> list[Unit]:
        return [Unit(s, m, model) for s in self.suites for m in self.modules for model in self.models]


def resolve_model(plugins: Plugins, spec: str, options: dict[str, str]) -> LanguageModel:
    provider, name = split_model_id(spec)
    return plugins.models.get(provider).create(name, options)


def select_tasks(plugins: Plugins, config: RunConfig, suite: str, module: str) -> list[Task]:
    """The suite's tasks the module covers, narrowed to ``task_ids``, at most ``limit``."""
    ids = plugins.suites.get(suite).ids()
    if config.task_ids:
        wanted = set(config.task_ids)
        ids = [i for i in ids if i in wanted]
    covered = [task for task in plugins.suites.get(suite).load(ids) if get_module(module).applies_to(task)]
    return covered if config.limit is None else covered[: config.limit]


def prepare(config: RunConfig, plugins: Plugins) -> None:
    """Check everything a run needs before any model is called."""
    for suite in config.suites:
        plugins.simulators.get(plugins.suites.get(suite).simulator)
    for module in config.modules:
        get_module(module)
    for model in config.models:
        resolve_model(plugins, model, config.model_options)
    manifest = config.out / "run.json"
    spec = {"suites": list(config.suites), "modules": list(config.modules), "models": list(config.models),
            "limit": config.limit, "tasks": list(config.task_ids or []), "generation": asdict(config.generation)}
    if manifest.exists():
        if not config.resume:
            raise EaiError(f"{config.out} holds a run already; add --resume to finish it, or choose another --out")
        previous = json.loads(manifest.read_text(encoding="utf-8"))
        if previous != spec:
            raise EaiError(f"{config.out} holds a different run ({manifest}); --resume needs the same options")
    config.out.mkdir(parents=True, exist_ok=True)
    manifest.write_text(json.dumps(spec, indent=2, sort_keys=True) + "\n", encoding="utf-8")


async def run_unit(unit: Unit, config: RunConfig, plugins: Plugins, cache: ResponseCache | None,
                   progress: Progress) -> Path:
    folder = unit.folder(config.out)
    log = ResponseLog(folder / "responses.jsonl")
    answered = {i for i, r in log.read().items() if not r.error}
    tasks = select_tasks(plugins, config, unit.suite, unit.module)
    pending = [t for t in tasks if t.id not in answered]
    module = get_module(unit.module)
    simulator = plugins.simulators.get(plugins.suites.get(unit.suite).simulator)
    model = resolve_model(plugins, unit.model, config.model_options)
    gate = asyncio.Semaphore(max(1, config.concurrency))
    counts = {"done": len(tasks) - len(pending), "errors": 0}
    progress(unit.label, counts["done"], len(tasks), 0)

    async def answer(task: Task) -> None:
        async with gate:
            request = Request(module.prompt(task, simulator), config.generation, task, unit.module)
            key = cache_key(model, request) if cache is not None and model.cacheable else None
            text, error = (cache.get(key[0]) if key else None), ""
            if text is None:
                try:
                    text = await call(model, request, config.retry)
                    if key:
                        cache.put(key[0], key[1], text)  # type: ignore[union-attr]
                except ModelCallError as exc:
                    text, error = "", str(exc)
                    counts["errors"] += 1
            log.append({"identifier": task.id, "llm_output": text, "error": error})
            counts["done"] += 1
            progress(unit.label, counts["done"], len(tasks), counts["errors"])

    log.open()
    try:
        await asyncio.gather(*(answer(t) for t in pending))
    finally:
        log.close()
    responses = log.read()
    ordered = [responses[t.id] for t in tasks if t.id in responses]
    result = score(plugins, unit.suite, unit.module, ordered, config.options)
    result.summary["model"] = unit.model
    write_result(result, folder)
    return folder


async def run(config: RunConfig, plugins: Plugins, progress: Progress = lambda *args: None) -> list[Path]:
    """Run every unit in turn; returns their folders."""
    prepare(config, plugins)
    cache = ResponseCache(config.cache) if config.cache else None
    try:
        return [await run_unit(unit, config, plugins, cache, progress) for unit in config.units()]
    finally:
        if cache is not None:
            cache.close()
