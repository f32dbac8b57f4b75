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
    raised as it would be without workers."""
    global _work
    workers = min(workers or cores(), count)
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        results = []
        for i in range(count):
            results.append(work(i))
            progress(i + 1, count)
        return results
    _work = work
    try:
        with multiprocessing.get_context("fork").Pool(workers, initializer=_ignore_interrupts) as pool:
            results = []
            for i, (done, result) in enumerate(pool.imap(_run, range(count), chunksize=max(1, count // (8 * workers)))):
                results.append(result if done else work(i))
                progress(i + 1, count)
            return results
    finally:
        _work = None


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the parent, which ends the pool


def _run(i: int) -> tuple[bool, Any]:
    try:
        return True, _work(i)  # type: ignore[misc]
    except Exception:
        return False, None
