"""Work over forked processes, results in order.

The workers are forked, so they inherit the loaded plugins, tasks and
answers: only an index goes to a worker and only its JSON-able result
comes back. Results do not depend on the worker count: each item is
computed from the same inherited data whichever process computes it.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

_work: Callable[[int], Any] | None = None  # the forked workers' job, set before the fork


def cores() -> int:
    """The cores this process may run on."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def spread(work: Callable[[int], Any], count: int, workers: int | None,
           progress: Callable[[int, int], None] = lambda done, total: None) -> list[Any]:
    """``[work(i) for i in range(count)]`` over ``workers`` forked processes
    (default: every core), ``progress(done, total)`` after each result. In this
    process when one worker would do it all or processes cannot be forked. An
    item whose work raises in a worker is done again here, so its error is
    raised as it would be without workers; so are the items left when a
    worker dies."""
    global _work
    workers = min(workers or cores(), count)
    results: list[Any] = []
    if workers > 1 and "fork" in multiprocessing.get_all_start_methods():
        _work = work
        try:
            with ProcessPoolExecutor(workers, multiprocessing.get_context("fork"), _ignore_interrupts) as pool:
                for i, (done, result) in enumerate(pool.map(_run, range(count), chunksize=max(1, count // (8 * workers)))):
                    results.append(result if done else work(i))
                    progress(i + 1, count)
        except BrokenProcessPool:
            pass
        finally:
            _work = None
    for i in range(len(results), count):
        results.append(work(i))
        progress(i + 1, count)
    return results


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the parent, which ends the pool


def _run(i: int) -> tuple[bool, Any]:
    try:
        return True, _work(i)  # type: ignore[misc]
    except Exception:
        return False, None
