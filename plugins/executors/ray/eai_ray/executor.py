"""Units as Ray tasks; one rate limiter actor per model endpoint for the whole cluster.

Each unit of the run is one Ray task that runs :func:`eai.runner.run.run_unit`
in a worker, so it writes the same folder a local run writes (the run folder
and the response cache must be on storage every node sees). Every model call
passes a gate held by one actor per endpoint (named, so every worker and driver
of the cluster shares it): at most ``--concurrency`` calls in flight to that
endpoint over the whole cluster. The driver shows each unit's progress as
workers report it to a progress actor. Ray is imported only when the
executor runs, so the plugin loads without it.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from eai.exceptions import EaiError
from eai.plugins import Plugins
from eai.runner.run import Progress, RunConfig, Unit, claimed_units, resolve_model

NAMESPACE = "eai"
POLL_SECONDS = 0.5


def ray_module() -> Any:
    try:
        import ray
    except ImportError:
        raise EaiError("the ray executor needs ray: pip install 'embodied-agent-interface[ray]'") from None
    return ray


class Limiter:
    """At most ``slots`` model calls in flight to one endpoint (a Ray actor)."""

    def __init__(self, slots: int) -> None:
        self._slots = asyncio.Semaphore(slots)

    async def acquire(self) -> None:
        await self._slots.acquire()

    def release(self) -> None:
        self._slots.release()


class Board:
    """The latest progress of each unit (a Ray actor the workers report to)."""

    def __init__(self) -> None:
        self._seen: dict[str, tuple[int, int, int]] = {}

    def report(self, label: str, done: int, total: int, errors: int) -> None:
        self._seen[label] = (done, total, errors)

    def seen(self) -> dict[str, tuple[int, int, int]]:
        return dict(self._seen)


class Gate:
    """``async with gate``: one slot of an endpoint's limiter actor."""

    def __init__(self, limiter: Any) -> None:
        self.limiter = limiter

    async def __aenter__(self) -> None:
        await self.limiter.acquire.remote()

    async def __aexit__(self, *exc: object) -> None:
        await self.limiter.release.remote()


def work(unit: Unit, config: RunConfig, gate: Gate, board: Any) -> str:
    """One unit, in a Ray worker, with the worker's own plugins and cache connection."""
    from eai.plugins import get_plugins
    from eai.runner.cache import ResponseCache
    from eai.runner.run import run_unit

    cache = ResponseCache(config.cache) if config.cache else None
    try:
        return str(asyncio.run(run_unit(unit, config, get_plugins(), cache,
                                        lambda *args: board.report.remote(*args), gate)))
    finally:
        if cache is not None:
            cache.close()


class RayExecutor:
    name = "ray"
    description = "units as Ray tasks over a cluster (--address; default: a local one), calls limited per endpoint"

    async def run(self, config: RunConfig, plugins: Plugins, progress: Progress, address: str | None) -> list[Path]:
        ray = ray_module()
        if not ray.is_initialized():
            try:
                ray.init(address=address, namespace=NAMESPACE, log_to_driver=False, configure_logging=False)
            except (ConnectionError, ValueError, RuntimeError) as exc:
                raise EaiError(f"cannot join the Ray cluster at {address}: {exc}") from None
        units = claimed_units(config, plugins)
        limiter = ray.remote(num_cpus=0)(Limiter)
        gates: dict[str, Gate] = {}
        for endpoint in sorted({endpoint_of(plugins, unit, config) for unit in units}):
            gates[endpoint] = Gate(limiter.options(name=f"limiter:{endpoint}", namespace=NAMESPACE,
                                                   get_if_exists=True).remote(max(1, config.concurrency)))
        board = ray.remote(num_cpus=0)(Board).remote()
        task = ray.remote(work).options(num_cpus=1, max_retries=0)
        refs = [task.remote(unit, config, gates[endpoint_of(plugins, unit, config)], board) for unit in units]
        waiting = list(refs)
        shown: dict[str, tuple[int, int, int]] = {}
        while waiting:
            _, waiting = ray.wait(waiting, num_returns=len(waiting), timeout=POLL_SECONDS, fetch_local=False)
            for label, seen in (await board.seen.remote()).items():
                if shown.get(label) != seen:
                    shown[label] = seen
                    progress(label, *seen)
            await asyncio.sleep(0)
        try:
            return [Path(folder) for folder in ray.get(refs)]
        except ray.exceptions.RayError as exc:
            raise EaiError(f"a unit failed on the Ray cluster: {str(exc).strip().splitlines()[-1]}; "
                           "what was answered is kept: add --resume to finish the run") from None


def endpoint_of(plugins: Plugins, unit: Unit, config: RunConfig) -> str:
    model = resolve_model(plugins, unit.model, config.model_options)
    return model.endpoint or model.provider
