"""The runner core: one unit of a run set up, its model asked for a driver, what
the driver plays logged, and the unit's result written.

Prompts are sent concurrently (at most ``concurrency`` calls in flight),
answers come from the response cache when the same request was made before,
and each task's item is appended to the unit's ``responses.jsonl`` as soon as
it is played, with its calls' usage (:mod:`eai.llm.usage`). What a task is
played as, and what the records and summary are, is the driver's
(:mod:`eai.runner.driver`). How the model is asked (the settings it is sent,
the cache keyed by the model as served, prices, JSON schemas) is
:class:`eai.llm.asking.Asker`'s. A server that has been failing for a while,
a parameter it refuses, or the cost limit stops the run (CallsStopped,
:mod:`eai.llm.calls`) with what was answered kept.
"""

from __future__ import annotations

import asyncio
import contextvars
import gc
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from contextlib import AbstractAsyncContextManager, contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from eai.collaboration.turns import setup
from eai.compose.pipeline import parse_pipeline
from eai.host.manager import Plugins
from eai.llm.asking import Asker
from eai.llm.cache import ResponseCache
from eai.llm.calls import CallsStopped, Endpoint
from eai.llm.cost import meter
from eai.llm.generation import for_model
from eai.llm.model import Answer, LanguageModel, Message, Usage, resolve_model
from eai.llm.usage import cached_line, schema_line
from eai.modules import MODULES
from eai.modules.base import Env, Record
from eai.modules.prompting import GIVEN_PROMPTS, NOT_APPLICABLE, PROMPTS, shots_asked, without_prompt
from eai.modules.schemas import stage_schemas
from eai.modules.written_for import written_for_line
from eai.results.scoring import ScoreResult, guarded, write_result
from eai.results.store import ResponseLog, epoch_key
from eai.runner.config import Progress, RunConfig, Say, Unit
from eai.runner.driver import Scope
from eai.runner.drivers import driver_for
from eai.runner.given_prompts import given_prompts
from eai.runner.observers import InOrder, Observers, Relay, unit_names, untimed
from eai.runner.setup import live_environment, select_tasks
from eai.world import Task

Calls = list[dict[str, Any]]  # the calls made for one task, as responses.jsonl logs them
# which of a task's epochs (--epochs) the work in this asyncio task plays: asked with and logged with
EPOCH: contextvars.ContextVar[int] = contextvars.ContextVar("epoch", default=0)


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


class UnitWork:
    """One unit being run: what a driver asks the model through and logs with."""

    def __init__(self, scope: Scope, cache: ResponseCache | None, progress: Progress, say: Say,
                 gate: AbstractAsyncContextManager[Any] | None, relay: Relay | None = None) -> None:
        config, plugins, unit = scope.config, scope.plugins, scope.unit
        self.scope, self.cache, self.progress, self.say = scope, cache, progress, say
        self.log = ResponseLog(unit.folder(config.out) / "responses.jsonl")
        self.simulator = plugins.simulators.get(plugins.suites.get(unit.suite).simulator)
        self.live = live_environment(plugins, config.environment, self.simulator)
        self.tasks: Sequence[Task] = []
        self.gate = gate or asyncio.Semaphore(max(1, config.concurrency))
        self.schemas = stage_schemas(config.response_format, say)
        self.model = resolve_model(plugins, unit.model, config.model_options)
        self.asker = self._asker_of(self.model)
        self._others: dict[str, Asker] = {}
        options = {**config.options, "action_failure_p": config.action_failure_p, "seed": config.seed}
        self.env = Env(self.simulator, plugins, options, self.live)
        # prompts are built and the cache read ahead of the call slots, so a freed slot sends the next call at once
        self.ahead = asyncio.Semaphore(2 * max(1, config.concurrency))
        self.done = self.errors = 0
        self.observers = Observers(plugins, say, relay)
        self.finished = InOrder([], lambda item: None)  # the tasks to play, told to the observers in order

    def _asker_of(self, served: LanguageModel) -> Asker:
        config = self.scope.config
        endpoint = Endpoint(served.endpoint or f"{served.provider}'s server", max(1, config.concurrency), self.say,
                            config.retry)
        return Asker(served, endpoint, for_model(config.generation, served.model), self.cache, self.gate,
                     meter(config.out, config.cost_limit), self.schemas, self.say, config.price_as)

    def other(self, spec: str) -> Asker:
        """Another model than the unit's (``provider:name``, e.g. a model human), resolved
        once per unit, with the endpoint its calls share: what :meth:`ask` takes as ``by``."""
        if spec not in self._others:
            self._others[spec] = self._asker_of(resolve_model(self.scope.plugins, spec, self.scope.config.model_options))
        return self._others[spec]

    async def ask(self, messages: tuple[Message, ...], view: Task, stage: str, calls: Calls,
                  turn: Any = None, by: Asker | None = None, tools: tuple[Any, ...] = ()) -> str:
        """The model's answer (from the cache when asked before), its call added
        to ``calls``; ModelCallError when it fails. ``view`` is the task as the
        stage sees it (baselines read its goal), ``turn`` an episode turn;
        ``by``: another model than the unit's (a model human); ``tools``: the tools it may call."""
        text, entry = await (by or self.asker).ask(messages, view, stage, self.scope.config.timeout, turn,
                                                   EPOCH.get(), tools)
        calls.append(entry)
        return text

    async def answer(self, messages: tuple[Message, ...], view: Task, stage: str, calls: Calls,
                     turn: Any = None, tools: tuple[Any, ...] = ()) -> Answer:
        """:meth:`ask`'s answer with the usage its call reported (tokens, finish reason)."""
        text = await self.ask(messages, view, stage, calls, turn, tools=tools)
        said = calls[-1]
        return Answer(text, Usage(said.get("prompt_tokens"), said.get("completion_tokens"), said.get("finish_reason")))

    def record(self, task: Task, item: dict[str, Any], calls: Calls) -> None:
        """Log ``task``'s item (of the epoch played, after the first) with its calls, and show the unit's progress."""
        epoch = EPOCH.get()
        line = {"identifier": task.id, **({"epoch": epoch} if epoch else {}), **item, "calls": calls}
        self.log.append(line)
        self.finished.finished(epoch_key(task.id, epoch), line)
        self.done += 1
        self.errors += bool(item.get("error"))
        self.progress(self.scope.unit.label, self.done, len(self.tasks) * self.scope.config.epochs, self.errors)

    async def evaluate(self, work: Callable[[], Record]) -> Record:
        """``work()`` in a worker thread, its exception an internal-error record (:func:`eai.results.scoring.guarded`)."""
        return await asyncio.get_running_loop().run_in_executor(None, guarded, work)

    async def play_guarded(self, task: Task, play: Callable[[Calls], Awaitable[None]]) -> None:
        """``play(calls)``; when it raises (but for calls stopped: a server given up on...), ``task``
        logged as an internal error, so a defect does not lose the other tasks (--resume retries it)."""
        calls: Calls = []
        try:
            await play(calls)
        except CallsStopped:
            raise
        except Exception as exc:
            self.record(task, {"llm_output": "", "error": f"internal error: {type(exc).__name__}: {exc}"}, calls)


async def run_unit(unit: Unit, config: RunConfig, plugins: Plugins, cache: ResponseCache | None,
                   progress: Progress, say: Say, gate: AbstractAsyncContextManager[Any] | None = None,
                   relay: Relay | None = None) -> Path:
    """Run one unit and write its folder. ``gate`` holds each model call (default:
    at most ``concurrency`` at once in this unit; an executor may share one over a cluster);
    ``relay`` takes the observers' calls to make elsewhere (a forked worker's, to its parent)."""
    folder = unit.folder(config.out)
    answered = {i for i, r in ResponseLog(folder / "responses.jsonl").read().items() if not r.error}
    scope = Scope(unit, config, plugins, parse_pipeline(unit.module, plugins))
    driver = driver_for(scope.pipeline, config)
    tasks = driver.narrow(select_tasks(plugins, config, unit.suite, scope.pipeline), scope)
    work = UnitWork(scope, cache, progress, say, gate, relay)
    unbuildable = {} if config.environment is None else {  # the symbolic world builds every task
        t.id: str(why) for t in tasks if (why := work.live.unbuildable(t)) is not None}
    if unbuildable:
        say(f"{unit.label}: {len(unbuildable)} task(s) environment {work.live.name!r} cannot build, not played "
            f"(summary.json: unbuildable): {', '.join(unbuildable)}")
        tasks = tasks.keeping(lambda i: i not in unbuildable)
    given = given_prompts(config.options, plugins.suites.get(unit.suite), unit.module,
                          lambda t: all(s.applies_to(t) for s in scope.pipeline.stages), tasks)
    if given is not None:
        tasks = tasks.keeping(lambda i: i in given.by_task)
        work.env = replace(work.env, options={**work.env.options, GIVEN_PROMPTS: given.by_task})
        if given.unscored:
            say(f"{unit.label}: {given.unscored_line()}")
    asking = [MODULES[s.name] for s in scope.pipeline.stages if s.name in MODULES]
    lacking = without_prompt(work.simulator, asking, tasks, work.env.options)
    shots = shots_asked(work.simulator, asking, work.env.options)
    if shots == NOT_APPLICABLE:
        say(f"{unit.label}: its prompts have no in-context examples: --shots does not apply (summary.json: shots)")
    if lacking:
        say(f"{unit.label}: {len(lacking)} task(s) without a {config.options[PROMPTS]!r} prompt, not asked "
            f"(summary.json: without_prompt): {', '.join(lacking)}")
        tasks = tasks.keeping(lambda i: i not in lacking)
    epochs = config.epochs
    pending = [(k, e) for k, i in enumerate(tasks.ids) for e in range(epochs) if epoch_key(i, e) not in answered]
    work.tasks, work.done = tasks, len(tasks) * epochs - len(pending)
    names = unit_names(unit)
    work.finished = InOrder([epoch_key(tasks.ids[k], e) for k, e in pending],
                            lambda item: work.observers.notify("eai_task_finished", unit=names, item=untimed(item)))
    progress(unit.label, work.done, len(tasks) * epochs, 0)

    async def play(index: int, epoch: int) -> None:
        EPOCH.set(epoch)  # this asyncio task's own context: its calls and log line are of that epoch
        async with work.ahead:
            await driver.play(tasks[index], work)  # read now: the unit holds the tasks in play, not all

    work.log.open()
    try:
        with frozen_heap():
            await all_or_none(play(k, e) for k, e in pending)
    finally:
        work.log.close()
    result = labelled(driver.result(work.log.indexed(), tasks.ids, scope), unit, config)
    if unbuildable:
        result.summary["unbuildable"] = unbuildable
    if lacking:
        result.summary["without_prompt"] = lacking
    if shots is not None:
        result.summary["shots"] = shots
    if given is not None:
        result.summary["unscored_prompts"] = given.unscored  # the file's prompts the figures are not over, and why
    if config.shard:
        result.summary["shard"] = str(config.shard)  # a share of the unit's tasks, not its figures
    written = write_result(result, folder)
    work.observers.notify("eai_unit_finished", unit=names, folder=folder, summary=written)
    cached = cached_line(c for r in work.log.read().values() for c in r.calls) if work.model.cacheable else ""
    say(unit_line(unit, result, folder, cached))
    return folder


def labelled(result: ScoreResult, unit: Unit, config: RunConfig) -> ScoreResult:
    """``result`` with its summary saying which model it is of and, with two agents, how they acted."""
    result.summary["model"] = unit.model
    if config.options.get("agents") == 2:
        result.summary["agent_setup"] = setup(config.options)
    return result


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
