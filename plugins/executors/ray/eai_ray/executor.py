"""Units as Ray tasks; one rate limiter actor per model endpoint for the whole cluster;
re-scoring as Ray Data's ``map_batches``.

Each unit of the run is one Ray task that runs :func:`eai.plugin_api.work_unit`
in a worker, so it writes the same folder a local run writes (the run folder
and the response cache must be on storage every node sees). Every model call
passes a gate held by one actor per endpoint (named, so every worker and driver
of the cluster shares it): at most ``--concurrency`` calls in flight to that
endpoint over the whole cluster. The driver shows each unit's progress as
workers report it to a progress actor. Once a unit's task is over, the
driver frees the limiter slots it still holds: those of a worker that died
during a call. A unit whose worker dies is not retried by Ray: it fails the
run with what was answered kept, and ``--resume`` asks only what is missing.
Ray is imported only when the executor runs, so the plugin loads without it.

Scoring answers (``eai score --executor ray``) is a Ray Data ``map_batches``
over the shard numbers ``0 .. 4W-1`` (:class:`eai.plugin_api.Shard`), W the
cluster's CPUs: a pool of W :class:`Scorer` workers, each loading the suite
once, takes the shards in turn, and the shards join as ``eai merge`` joins
them: the records, in task order, and summary a local scoring gives.
"""

from __future__ import annotations

import json
import logging
import uuid
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from eai import EaiError
from eai.plugin_api import Shard

if TYPE_CHECKING:  # the runner imports the compose stages: loaded when the executor works, not at start-up
    from eai.plugin_api import Plugins, Progress, Response, RunConfig, Say, ScoreProgress, ScoreResult, Unit

NAMESPACE = "eai"
POLL_SECONDS = 0.5
SHARDS_PER_WORKER = 4  # scoring shards a worker takes in turn: the faster workers take more


def ray_module() -> Any:
    try:
        import ray
    except ImportError:
        raise EaiError("the ray executor needs ray: pip install 'embodied-agent-interface[ray]'") from None
    return ray


class Limiter:
    """At most ``slots`` model calls in flight to one endpoint (a Ray actor).

    Each slot is held by a named holder (one per unit's Ray task), so the
    driver can take back every slot a unit held once its task is over, even if
    its worker died holding them (:meth:`reclaim`); a holder reclaimed is gone
    and gets no slot after that.
    """

    def __init__(self, slots: int) -> None:
        import asyncio  # here, as everything of this module Ray runs: registering the executor stays cheap

        self._free = asyncio.Semaphore(slots)
        self._held: Counter[str] = Counter()
        self._gone: set[str] = set()

    async def acquire(self, holder: str) -> None:
        await self._free.acquire()
        if holder in self._gone:  # asked before its task ended, granted after: nobody will release it
            self._free.release()
            return
        self._held[holder] += 1

    async def release(self, holder: str) -> None:
        if self._held[holder]:
            self._held[holder] -= 1
            self._free.release()

    async def reclaim(self, holder: str) -> int:
        """Free the slots ``holder`` still holds (its task is over); how many."""
        self._gone.add(holder)
        count = self._held.pop(holder, 0)
        for _ in range(count):
            self._free.release()
        return count

    def held(self) -> int:
        """The slots held now."""
        return sum(self._held.values())


class Board:
    """What the workers report (a Ray actor): each unit's latest progress, and the lines they say."""

    def __init__(self) -> None:
        self._seen: dict[str, tuple[int, int, int]] = {}
        self._lines: list[str] = []

    def report(self, label: str, done: int, total: int, errors: int) -> None:
        self._seen[label] = (done, total, errors)

    def say(self, text: str) -> None:
        self._lines.append(text)

    def news(self, lines_seen: int) -> tuple[dict[str, tuple[int, int, int]], list[str]]:
        """The progress of every unit, and the lines after the first ``lines_seen``."""
        return dict(self._seen), self._lines[lines_seen:]


class Gate:
    """``async with gate``: one slot of an endpoint's limiter actor, held by ``holder``."""

    def __init__(self, limiter: Any, holder: str) -> None:
        self.limiter, self.holder = limiter, holder

    async def __aenter__(self) -> None:
        await self.limiter.acquire.remote(self.holder)

    async def __aexit__(self, *exc: object) -> None:
        await self.limiter.release.remote(self.holder)


def work(unit: Unit, config: RunConfig, limiter: Any, holder: str, board: Any) -> str:
    """One unit, in a Ray worker, with the worker's own plugins and cache connection."""
    from eai.plugin_api import work_unit

    return str(work_unit(unit, config, lambda *args: board.report.remote(*args), lambda text: board.say.remote(text),
                         Gate(limiter, holder)))


class Scorer:
    """Scores shards of a suite's answers: the callable class of Ray Data's
    ``map_batches``, one instance per worker, the suite's tasks loaded once in
    ``__init__``. A batch holds shard numbers; each row's result is the shard's
    records and summary as JSON."""

    def __init__(self, suite: str) -> None:
        from eai.plugin_api import get_plugins, suite_name

        self.plugins = get_plugins()
        self.suite = suite_name(self.plugins, suite)  # a suite folder is registered in this worker too
        self.plugins.suites.get(self.suite).load()  # kept by the suite for every later batch

    def __call__(self, batch: dict[str, Any], module: str, answers: Sequence[Response], options: dict[str, Any],
                 strict: bool) -> dict[str, list[str]]:
        from eai.plugin_api import score

        parts = []
        for index, count in zip(batch["index"], batch["count"]):
            result = score(self.plugins, self.suite, module, answers, options, strict=strict,
                           shard=Shard(int(index), int(count)))
            parts.append(json.dumps({"records": result.records, "summary": result.summary}))
        return {"part": parts}


def connect(ray: Any, address: str | None) -> None:
    """Join the cluster at ``address``, or start a local one; nothing if this process is in one already."""
    if ray.is_initialized():
        return
    try:
        ray.init(address=address, namespace=NAMESPACE, log_to_driver=False, configure_logging=False)
    except (ConnectionError, ValueError, RuntimeError) as exc:
        raise EaiError(f"cannot join the Ray cluster at {address}: {exc}") from None


class RayExecutor:
    name = "ray"
    description = "units as Ray tasks over a cluster (--address; default: a local one), calls limited per endpoint"

    async def run(self, config: RunConfig, plugins: Plugins, progress: Progress, say: Say,
                  address: str | None) -> list[Path]:
        from eai.plugin_api import claimed_units, unit_endpoint

        ray = ray_module()
        connect(ray, address)
        units = claimed_units(config, plugins)
        actor = ray.remote(num_cpus=0)(Limiter)
        limiters = {endpoint: actor.options(name=f"limiter:{endpoint}", namespace=NAMESPACE, get_if_exists=True)
                    .remote(max(1, config.concurrency))
                    for endpoint in sorted({unit_endpoint(plugins, unit, config) for unit in units})}
        board = ray.remote(num_cpus=0)(Board).remote()
        task = ray.remote(num_cpus=1, max_retries=0)(work)
        holders = {}  # each unit's task -> its limiter and the name its slots are held under there
        for unit in units:
            limiter, holder = limiters[unit_endpoint(plugins, unit, config)], uuid.uuid4().hex
            holders[task.options(name=f"unit {unit.label}").remote(unit, config, limiter, holder, board)] = (limiter, holder)
        refs, waiting, said = list(holders), list(holders), 0
        shown: dict[str, Any] = {}  # per unit label, the counts last shown
        while waiting:
            over, waiting = ray.wait(waiting, num_returns=len(waiting), timeout=POLL_SECONDS, fetch_local=False)
            for ref in over:  # finished or failed (its worker may have died holding slots)
                limiter, holder = holders[ref]
                await limiter.reclaim.remote(holder)
            seen, lines = await board.news.remote(said)
            for label, counts in seen.items():
                if shown.get(label) != counts:
                    shown[label] = counts
                    progress(label, *counts)
            for line in lines:
                say(line)
            said += len(lines)
        try:
            return [Path(folder) for folder in ray.get(refs)]
        except ray.exceptions.RayError as exc:
            raise EaiError(f"a unit failed on the Ray cluster: {str(exc).strip().splitlines()[-1]}; "
                           "what was answered is kept: add --resume to finish the run") from None

    def score(self, plugins: Plugins, suite: str, module: str, answers: Sequence[Response], options: dict[str, Any],
              strict: bool, progress: ScoreProgress, address: str | None) -> ScoreResult:
        from eai.plugin_api import ScoreResult, get_module, join_scores, suite_name

        suite_name(plugins, suite), get_module(module)  # one line for an unknown one, before starting workers
        ray = ray_module()
        connect(ray, address)
        ray.data.DataContext.get_current().enable_progress_bars = False
        logging.getLogger("ray.data").setLevel(logging.ERROR)  # its plan and timing lines: eai says what it did
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        count = SHARDS_PER_WORKER * workers
        shards = ray.data.from_items([{"index": i, "count": count} for i in range(count)])
        scored = shards.map_batches(Scorer, fn_constructor_args=(suite,), batch_size=1, num_cpus=1,
                                    fn_kwargs={"module": module, "answers": answers, "options": options,
                                               "strict": strict},
                                    compute=ray.data.ActorPoolStrategy(size=workers))
        parts = [ScoreResult(**json.loads(row["part"])) for row in scored.iter_rows()]
        joined = join_scores(parts, [Path(f"shard {p.summary['shard']}") for p in parts], plugins)
        progress(joined.summary["tasks"], joined.summary["tasks"])
        return joined
