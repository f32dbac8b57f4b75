"""Running models on tasks: every (suite, module or pipeline, model) unit of a run.

For each unit, prompts are sent concurrently (at most ``concurrency`` calls in
flight), answers come from the response cache when the same request was made
before, and each answer is appended to the unit's ``responses.jsonl`` as soon
as it arrives, with its calls' usage (:mod:`eai.llm.usage`). A single module is
then scored exactly as ``eai score`` scores a file: ``records.jsonl`` and
``summary.json``. A pipeline, or a module with replanning or random action
failures, runs each task as an episode (:mod:`eai.compose.episode`) and logs
its record with its answer.

The run folder is locked while a run works in it; its ``run.json`` holds the
options that decide the results, which ``--resume`` must match, and apart
from them (``transport``) how the calls were made, which ``--resume`` reuses
unless given again. A server that has been failing for a while stops the run
(EndpointDown, :mod:`eai.llm.calls`) with what was answered kept.
"""

from __future__ import annotations

import asyncio
import gc
import json
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from eai.base import jsonl

from eai.llm import usage
from eai.llm.usage import cached_line, schema_line
from eai.base.atomic import write_atomic
from eai.collaboration.turns import play_turns, setup, turn_summary
from eai.compose.episode import episode
from eai.compose.pipeline import Pipeline, parse_pipeline
from eai.llm.credentials import without_credentials
from eai.simulation.environment import EnvironmentProvider, SymbolicProvider
from eai.exceptions import EaiError
from eai.simulation.goals import read_types
from eai.runner.executors import executor as executor_named
from eai.llm.model import Answer, GenerationConfig, split_model_id, LanguageModel, Message, ModelCallError, Usage, resolve_model
from eai.modules.base import Env, Record, percent
from eai.modules.schemas import stage_schemas
from eai.modules.written_for import written_for_line
from eai.base.paths import inside
from eai.host.manager import Plugins
from eai.llm.asking import Asker
from eai.llm.cache import ResponseCache
from eai.llm.calls import CallsStopped, Endpoint, RetryPolicy
from eai.llm.cost import meter
from eai.llm.generation import for_model
from eai.runner.selection import check_selection, claims
from eai.tasks.shards import Shard
from eai.results.store import ResponseLog, locked, slug
from eai.runner.transport import TRANSPORT, transport
from eai.results.scoring import ScoreResult, guarded, score, summarize, write_result
from eai.simulation.simulator import Simulator
from eai.tasks.folders import suite_spec
from eai.world import Task

Progress = Callable[[str, int, int, int], None]  # unit label, done, total, errors
Say = Callable[[str], None]  # one line for the user: a unit done, a warning, a hint

# run.json: the options that decide a run's results, and the command-line option of each
# ("options": the modules' options, e.g. the planner budgets, each named by its own flag)
RUN_OPTIONS = {"suites": "--suite", "modules": "--module", "models": "--model", "limit": "--limit", "tasks": "--tasks",
               "temperature": "--temperature", "max_tokens": "--max-tokens", "base_url": "--base-url",
               "replan": "--replan", "action_failure_p": "--action-failure-p", "seed": "--seed",
               "environment": "--environment", "engine": "--environment", "options": "", "shard": "--shard",
               "gen": "--gen", "response_format": "--response-format"}
NEWER = {"engine": None, "gen": {}, "response_format": "text"}  # options run.json did not always have, and their value then
SENT = "sent"  # run.json: what each model is sent (eai.llm.generation.for_model), from the options above


@dataclass(frozen=True)
class Unit:
    suite: str
    module: str
    model: str

    @property
    def label(self) -> str:
        return f"{self.suite}/{self.module}/{self.model}"

    def folder(self, out: Path) -> Path:
        """``out/<suite>/<module>/<model slug>``, each name one path segment and the folder inside ``out``."""
        return inside(out, {"suite": self.suite, "module": self.module,
                            f"model {self.model!r}'s folder": slug(self.model)})


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
    timeout: float = 120.0
    retry: RetryPolicy = RetryPolicy()
    cache: Path | None = None
    model_options: dict[str, str] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    replan: int = 0
    action_failure_p: float = 0.0
    seed: int = 0
    environment: str | None = None  # a registered live environment episodes run in
    shard: Shard | None = None  # this machine's share of every unit's tasks (eai.tasks.shards)
    response_format: str = "text"  # or "json-schema": each module's answers asked in its schema (eai.llm.schema)
    cost_limit: float | None = None  # US dollars this process may spend on calls (eai.llm.cost)
    price_as: str | None = None  # the provider whose prices calls to a base URL are priced at (eai.llm.cost)

    @property
    def episodic(self) -> bool:
        return self.replan > 0 or self.action_failure_p > 0 or self.environment is not None

    def units(self) -> list[Unit]:
        return [Unit(s, m, model) for s in self.suites for m in self.modules for model in self.models]


def live_environment(plugins: Plugins, name: str | None, simulator: Simulator) -> EnvironmentProvider:
    """The environment episodes run in: the registered one named ``name``, or the simulator's symbolic world."""
    if name is None:
        return SymbolicProvider(simulator)
    provider = plugins.environments.get(name)
    if provider.simulator != simulator.name:
        raise EaiError(f"environment {name!r} runs {provider.simulator} tasks, not {simulator.name} tasks")
    lacking = provider.missing()
    if lacking:
        raise EaiError(f"environment {name!r} cannot run here: {lacking}")
    return provider


def select_tasks(plugins: Plugins, config: RunConfig, suite: str, pipeline: Pipeline) -> list[Task]:
    """The suite's tasks every stage covers, narrowed to ``task_ids`` (ids or
    subset names), at most ``limit``, and to the run's shard."""
    found = plugins.suites.get(suite)
    ids = found.select(list(config.task_ids)) if config.task_ids else found.ids()
    limit = len(ids) if config.limit is None else config.limit
    chosen: list[Task] = []
    start = 0
    while len(chosen) < limit and start < len(ids):  # with a limit, only the task files it needs are read
        batch = ids[start:start + max(limit - len(chosen), start)]
        start += len(batch)
        chosen += [t for t in read_types(found.load(batch), config.options)
                   if all(s.applies_to(t) for s in pipeline.stages)]
    chosen = chosen[:limit]
    return config.shard.share(chosen) if config.shard else chosen


def check(config: RunConfig, plugins: Plugins) -> None:
    """Check everything a run needs before any model is called."""
    for suite in config.suites:
        live_environment(plugins, config.environment, plugins.simulators.get(plugins.suites.get(suite).simulator))
    for module in config.modules:
        parse_pipeline(module, plugins)
    for model in config.models:
        resolve_model(plugins, model, config.model_options)
    if config.options.get("human", "scripted") != "scripted":
        resolve_model(plugins, config.options["human"], config.model_options)
    check_selection(plugins, config.suites, config.modules, config.task_ids)
    for unit in config.units():
        unit.folder(config.out)


def manifest(config: RunConfig, plugins: Plugins) -> dict[str, Any]:
    """What run.json holds: the options that decide the results (not the
    transport's: concurrency, timeout, retries, cache), suites given by folder
    as their folder, the base URL without credentials, and the modules'
    options (the planner budgets)."""
    return {"suites": [suite_spec(plugins, s) for s in config.suites], "modules": list(config.modules), "models": list(config.models),
            "limit": config.limit, "tasks": list(config.task_ids or []),
            "temperature": config.generation.temperature, "max_tokens": config.generation.max_tokens,
            "base_url": without_credentials(config.model_options.get("base_url") or "") or None,
            "replan": config.replan, "action_failure_p": config.action_failure_p, "seed": config.seed,
            "environment": config.environment, "engine": engine(plugins, config.environment),
            "options": dict(config.options),
            "shard": str(config.shard) if config.shard else None,
            "gen": config.generation.extra(), "response_format": config.response_format,
            SENT: {model: for_model(config.generation, split_model_id(model)[1]).sent() for model in config.models}}


def engine(plugins: Plugins, environment: str | None) -> str | None:
    """What runs the plans of a run with ``--environment`` (the engine and its version), else None."""
    return plugins.environments.get(environment).engine() if environment else None


def read_manifest(out: Path) -> dict[str, Any]:
    """The run.json of the run in ``out``; EaiError when there is none or it is not one."""
    path = out / "run.json"
    if not path.is_file():
        raise EaiError(f"{out} holds no run to resume (no run.json)")
    try:
        spec = jsonl.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise EaiError(f"{path} is damaged ({exc}); start a new run with another --out") from None
    if isinstance(spec, dict):
        for key, value in NEWER.items():  # runs from before eai recorded them
            spec.setdefault(key, value)
    if not isinstance(spec, dict) or not set(RUN_OPTIONS) <= set(spec) <= {*RUN_OPTIONS, TRANSPORT, SENT} \
            or not isinstance(spec.get(TRANSPORT, {}), dict):
        raise EaiError(f"{path} is not a run.json of this eai version; start a new run with another --out")
    return spec


def record_manifest(config: RunConfig, plugins: Plugins, calls: dict[str, Any]) -> None:
    """Write run.json (with ``calls``, the run's transport), or check that a
    resumed run has the same options that decide the results."""
    spec = manifest(config, plugins)
    if (config.out / "run.json").exists():
        if not config.resume:
            raise EaiError(f"{config.out} holds a run already; add --resume to finish it, or choose another --out")
        previous = read_manifest(config.out)
        for option, was, now in differences(previous, json.loads(json.dumps(spec))):
            raise EaiError(f"{option} differs from the run in {config.out}: it was started with "
                           f"{json.dumps(was)}, not {json.dumps(now)} (leave {option} out to keep the run's)")
    write_atomic(config.out / "run.json", json.dumps({**spec, TRANSPORT: calls}, indent=2, sort_keys=True) + "\n")


def differences(previous: dict[str, Any], spec: dict[str, Any]) -> Iterator[tuple[str, Any, Any]]:
    """(option, value in ``previous``, value in ``spec``) for each option of run.json that differs;
    a module option is named by its flag (``max_nodes``: ``--max-nodes``)."""
    for key, option in RUN_OPTIONS.items():
        if key == "options":
            was, now = previous[key], spec[key]
            for name in sorted(set(was) | set(now)):
                if was.get(name) != now.get(name):
                    yield f"--{name.replace('_', '-')}", was.get(name), now.get(name)
        elif previous[key] != spec[key]:
            yield option, previous[key], spec[key]


@contextmanager
def frozen_heap() -> Iterator[None]:
    """Leave the objects alive now out of garbage collection until the block ends.

    The loaded tasks hold millions of atoms; every full collection walked them
    all, stalling the event loop (and so every call in flight) 200-300 ms.
    When the heap was frozen before (``eai``'s command line freezes what its
    start-up built), they stay frozen after the block: unfreezing would
    release the caller's too.
    """
    frozen_before = gc.get_freeze_count()
    gc.freeze()
    try:
        yield
    finally:
        if not frozen_before:
            gc.unfreeze()


async def all_or_none(work: Iterable[Awaitable[None]]) -> None:
    """Await ``work`` concurrently; when one raises, cancel the others and raise it."""
    tasks = [asyncio.ensure_future(w) for w in work]
    try:
        await asyncio.gather(*tasks)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def run_unit(unit: Unit, config: RunConfig, plugins: Plugins, cache: ResponseCache | None,
                   progress: Progress, say: Say, gate: AbstractAsyncContextManager[Any] | None = None) -> Path:
    """Run one unit and write its folder. ``gate`` holds each model call (default:
    at most ``concurrency`` at once in this unit; an executor may share one over a cluster)."""
    folder = unit.folder(config.out)
    log = ResponseLog(folder / "responses.jsonl")
    answered = {i for i, r in log.read().items() if not r.error}
    pipeline = parse_pipeline(unit.module, plugins)
    tasks = select_tasks(plugins, config, unit.suite, pipeline)
    turn_by_turn = bool(config.options.get("turn_by_turn"))
    if turn_by_turn:  # episodes need evaluation functions (PARTNR's)
        tasks = [t for t in tasks if t.evaluation]
        if not tasks:
            raise EaiError(f"--turn-by-turn: suite {unit.suite!r} has no selected task with evaluation functions "
                           "(e.g. --suite partnr-vh)")
    simulator = plugins.simulators.get(plugins.suites.get(unit.suite).simulator)
    live = live_environment(plugins, config.environment, simulator)
    unbuildable = {t.id: str(why) for t in tasks if (why := live.unbuildable(t)) is not None}
    if unbuildable:
        say(f"{unit.label}: {len(unbuildable)} task(s) environment {live.name!r} cannot build, not played "
            f"(summary.json: unbuildable): {', '.join(unbuildable)}")
        tasks = [t for t in tasks if t.id not in unbuildable]
    pending = [t for t in tasks if t.id not in answered]
    model = resolve_model(plugins, unit.model, config.model_options)

    options = {**config.options, "action_failure_p": config.action_failure_p, "seed": config.seed}
    env = Env(simulator, plugins, options, live)
    gate = gate or asyncio.Semaphore(max(1, config.concurrency))
    schemas = stage_schemas(config.response_format, say)

    def asker_of(served: LanguageModel) -> Asker:
        endpoint = Endpoint(served.endpoint or f"{served.provider}'s server", max(1, config.concurrency), say,
                            config.retry)
        return Asker(served, endpoint, for_model(config.generation, served.model), cache, gate,
                     meter(config.out, config.cost_limit), schemas, say, config.price_as)

    asker = asker_of(model)
    ahead = asyncio.Semaphore(2 * max(1, config.concurrency))
    counts = {"done": len(tasks) - len(pending), "errors": 0}
    progress(unit.label, counts["done"], len(tasks), 0)

    def record(task: Task, item: dict[str, Any], calls: list[dict[str, Any]]) -> None:
        log.append({"identifier": task.id, **item, "calls": calls})
        counts["done"] += 1
        counts["errors"] += bool(item.get("error"))
        progress(unit.label, counts["done"], len(tasks), counts["errors"])

    async def ask(messages: tuple[Message, ...], view: Task, stage: str, calls: list[dict[str, Any]],
                  turn: Any = None, by: Asker | None = None) -> str:
        """The model's answer (from the cache when asked before), its call added
        to ``calls``; ModelCallError when it fails. ``view`` is the task as the
        stage sees it (baselines read its goal), ``turn`` an episode turn;
        ``by``: another model than the unit's (a model human), with its endpoint."""
        text, entry = await (by or asker).ask(messages, view, stage, config.timeout, turn)
        calls.append(entry)
        return text

    async def answer(task: Task) -> None:
        # Prompts are built and the cache read ahead of the call slots, so a
        # freed slot sends the next prepared call at once; building prompts only
        # once a slot was free put them on every call's path.
        async with ahead:
            await asyncio.sleep(0)  # prepared calls go out before more prompts are built
            calls: list[dict[str, Any]] = []
            try:
                text = await ask(pipeline.final.messages(task, env), task, pipeline.final.name, calls)
                record(task, {"llm_output": text, "error": ""}, calls)
            except ModelCallError as exc:
                record(task, {"llm_output": "", "error": str(exc)}, calls)

    async def evaluate(work: Callable[[], Record]) -> Record:
        return await asyncio.get_running_loop().run_in_executor(None, guarded, work)

    async def play(task: Task) -> None:
        async with ahead:
            calls: list[dict[str, Any]] = []

            async def ask_for_task(messages: tuple[Message, ...], view: Task, stage: str) -> Answer:
                text = await ask(messages, view, stage, calls)
                return Answer(text, Usage(finish_reason=calls[-1].get("finish_reason")))

            try:
                item = await episode(task, pipeline, ask_for_task, evaluate, env, config.replan)
                record(task, {**item, "error": ""}, calls)
            except ModelCallError as exc:  # not the model's answer: not scored (eai.results.scoring.summarize)
                record(task, {"llm_output": "", "record": {"model_error": str(exc)}, "error": str(exc)}, calls)
            except CallsStopped:
                raise
            except Exception as exc:  # a bug must not lose the other tasks; --resume retries this one
                record(task, {"llm_output": "", "error": f"internal error: {type(exc).__name__}: {exc}"}, calls)

    human = config.options.get("human") or "scripted"
    human_model = None if human == "scripted" else resolve_model(plugins, human, config.model_options)
    human_by = None if human_model is None else asker_of(human_model)

    async def take_turns(task: Task) -> None:
        async with ahead:
            calls: list[dict[str, Any]] = []

            def asker(by: Asker | None) -> Callable[..., Awaitable[str]]:
                async def ask_turn(messages: tuple[Message, ...], turn: Any, agent: str) -> str:
                    return await ask(messages, task, "turn", calls, turn, by)
                return ask_turn

            try:
                fields, answers = await play_turns(task, simulator, asker(None),
                                                   None if human_by is None else asker(human_by),
                                                   bool(config.options.get("partial")))
                record(task, {"llm_output": "", "answers": answers, "record": {**fields, **_category(task)},
                              "error": fields.get("model_error", "")}, calls)
            except CallsStopped:
                raise
            except Exception as exc:  # a bug must not lose the other tasks; --resume retries this one
                record(task, {"llm_output": "", "error": f"internal error: {type(exc).__name__}: {exc}"}, calls)

    episodic = is_episodic(pipeline, config)
    log.open()
    try:
        with frozen_heap():
            await all_or_none((take_turns if turn_by_turn else play if episodic else answer)(t) for t in pending)
    finally:
        log.close()
    if turn_by_turn:
        result = turns_result(log.read_items(), tasks, unit)
    elif episodic:
        result = episode_result(log.read_items(), tasks, pipeline, unit, config)
    else:
        responses = log.read()
        ordered = [responses[t.id] for t in tasks if t.id in responses]
        result = score(plugins, unit.suite, unit.module, ordered, config.options, task_ids=[t.id for t in tasks])
    result.summary["model"] = unit.model
    if unbuildable:
        result.summary["unbuildable"] = unbuildable
    if config.options.get("agents") == 2:
        result.summary["agent_setup"] = setup(config.options)
    if config.shard:
        result.summary["shard"] = str(config.shard)  # a share of the unit's tasks, not its figures
    write_result(result, folder)
    cached = cached_line(c for r in log.read().values() for c in r.calls) if model.cacheable else ""
    say(unit_line(unit, result, folder, cached))
    return folder


def unit_line(unit: Unit, result: ScoreResult, folder: Path, cached: str = "") -> str:
    """What a finished unit's figures are over, how many answers the cache gave
    (``cached``: :func:`eai.llm.usage.cached_line`), its answers cut by the token
    limit or refused, its schema failures, and whether most were written for another module:
    ``done virtualhome/action_sequencing/baseline:auto: n=342 of 342 tasks -> FOLDER``."""
    s = result.summary
    failed = f", {s['model_errors']} failed model call(s) not scored" if s.get("model_errors") else ""
    failed += cached + schema_line(s.get("usage", {}))
    cut, refused = s.get("usage", {}).get("truncated", 0), s.get("usage", {}).get("refused", 0)
    cut_text = (f", {cut} answer(s) cut by the token limit" if cut else "") + (
        f", {refused} answer(s) refused by the model" if refused else "")
    empty = " (nothing scored: no figures)" if not s.get("n") else ""
    share = f" (shard {s['shard']}: a share of the unit, merge the shards for its figures)" if s.get("shard") else ""
    other = f"; {written_for_line(s)}" if s.get("answers_written_for") else ""
    return f"done {unit.label}: n={s.get('n')} of {s.get('tasks')} tasks{failed}{cut_text}{empty}{share}{other} -> {folder}"


def is_episodic(pipeline: Pipeline, config: RunConfig) -> bool:
    """Whether a unit runs each task as an episode (its records logged with
    the answers) rather than scoring answers as ``eai score`` does."""
    return len(pipeline.stages) > 1 or config.episodic or not pipeline.final.asks_model


def episode_result(items: dict[str, dict[str, Any]], tasks: list[Task], pipeline: Pipeline, unit: Unit,
                   config: RunConfig) -> ScoreResult:
    """Records of logged episodes in task order, and their summary."""
    records = [{"identifier": t.id, **items[t.id]["record"], "attempts": items[t.id].get("attempts", []),
                "usage": usage.recorded(items[t.id].get("calls", []))}
               for t in tasks if "record" in items.get(t.id, {})]
    summary = {"suite": unit.suite, "module": pipeline.final.name, "pipeline": pipeline.name,
               **summarize(pipeline.final.summarize, records, tasks=len(tasks)),
               "replan": config.replan, "action_failure_p": config.action_failure_p, "seed": config.seed,
               "duplicated": 0, "unmatched_identifiers": [], "usage": usage.summarize(records)}
    scored = [r for r in records if "success" in r]
    if scored:
        first = [bool(r["attempts"]) and r["attempts"][0]["success"] for r in scored]
        summary["first_attempt_success_rate"] = percent(sum(first), len(scored))
        summary["mean_attempts"] = round(sum(len(r["attempts"]) for r in scored) / len(scored), 2)
    return ScoreResult(records, summary)


def _category(task: Task) -> dict[str, str]:
    return {"category": task.category} if task.category else {}


def turns_result(items: dict[str, dict[str, Any]], tasks: list[Task], unit: Unit) -> ScoreResult:
    """Records of logged turn-by-turn episodes in task order, and their summary
    (an episode stopped by failed model calls is a model error, not scored)."""
    records = []
    for t in tasks:
        item = items.get(t.id, {})
        if "record" in item:
            records.append({"identifier": t.id, **item["record"], "usage": usage.recorded(item.get("calls", []))})
    summary = {"suite": unit.suite, "module": unit.module, "pipeline": unit.module,
               **summarize(turn_summary, records, tasks=len(tasks)),
               "duplicated": 0, "unmatched_identifiers": [], "usage": usage.summarize(records)}
    return ScoreResult(records, summary)


async def run(config: RunConfig, plugins: Plugins, progress: Progress = lambda *args: None,
              say: Say = lambda text: None, executor: str = "local", address: str | None = None) -> list[Path]:
    """Check the run, then let ``executor`` (eai.runner.executors) run its units; returns their
    folders. ``say`` gets a line per finished unit, warnings and hints."""
    chosen = executor_named(plugins, executor, address)
    check(config, plugins)
    if config.resume:
        read_manifest(config.out)  # one line when there is nothing to resume, before touching the folder
    with locked(config.out):
        record_manifest(config, plugins, transport(config, executor, address))
        return await chosen.run(config, plugins, progress, say, address)


def claimed_units(config: RunConfig, plugins: Plugins) -> list[Unit]:
    """The run's units, each suite on the modules its simulator claims."""
    return [unit for unit in config.units() if claims(plugins, unit.suite, unit.module)]


async def run_units(config: RunConfig, plugins: Plugins, progress: Progress, say: Say) -> list[Path]:
    """Run every unit in turn, in this process; returns their folders."""
    cache = ResponseCache(config.cache, say) if config.cache else None
    try:
        return [await run_unit(unit, config, plugins, cache, progress, say) for unit in claimed_units(config, plugins)]
    finally:
        if cache is not None:
            cache.close()
