"""The units of a run over forked worker processes, when their work is this
machine's CPU: every model of the run computes its answers here (no server:
``cacheable`` False, the built-in baselines, ``replay:``) and no live
environment is attached. Calls to a server are left to one process, whose
``--concurrency`` bounds the calls in flight.

Each worker is forked for one unit, so it inherits the loaded plugins and
tasks, and runs the unit as a sequential run does (:func:`eai.runner.core.run_unit`):
same prompts, answers and files. What a unit reports (its progress, its lines
for the user) is passed on as it comes while every unit before it has
finished, else held until they have, so it comes in the order of a
sequential run: neither the worker count nor which unit ends first shows in
any output. The observer hooks are called here, in this order too, with what
the workers relay. A unit whose worker fails (raises, is killed) is run again in this
process, which finishes what the worker answered (the answers logged are kept,
as ``--resume`` keeps them) and raises its error as a sequential run would.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
from collections.abc import Sequence
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any, cast

from eai.base.spread import cores
from eai.host.manager import Plugins
from eai.llm.model import resolve_model
from eai.runner.config import Progress, RunConfig, Say, Unit
from eai.runner.core import run_unit
from eai.runner.observers import Observers


def unit_workers(config: RunConfig, plugins: Plugins, units: Sequence[Unit]) -> int:
    """How many units run at once: one per core this process may use, when the
    run's work is computed here and processes can be forked; else 1."""
    if len(units) < 2 or config.environment is not None or "fork" not in multiprocessing.get_all_start_methods():
        return 1
    models = [*config.models, *([config.options["human"]] if config.options.get("human", "scripted") != "scripted" else [])]
    if any(resolve_model(plugins, model, config.model_options).cacheable for model in models):
        return 1
    return min(cores(), len(units))


async def run_forked(units: Sequence[Unit], config: RunConfig, plugins: Plugins, progress: Progress, say: Say,
                     workers: int, start_order: Sequence[int] | None = None) -> list[Path]:
    """Run ``units`` over ``workers`` forked processes, each unit's lines said in
    the units' order; their folders, in that order. ``start_order``: the order
    the units are started in (default: theirs); it changes which ends first,
    never what is written or said."""
    waiting = list(start_order if start_order is not None else range(len(units)))
    running: dict[Connection, tuple[int, Any]] = {}
    messages: list[list[tuple[str, Any]]] = [[] for _ in units]  # each unit's progress, lines and observer calls
    observers = [Observers(plugins, say) for _ in units]
    ended: dict[int, Path | None] = {}  # None: the worker failed
    folders: list[Path] = []
    try:
        while len(folders) < len(units):
            while waiting and len(running) < workers:
                index = waiting.pop(0)
                here, there = multiprocessing.get_context("fork").Pipe(duplex=False)
                process = multiprocessing.get_context("fork").Process(
                    target=_work, args=(units[index], config, plugins, there))
                process.start()
                there.close()
                running[here] = (index, process)
            for ready in wait(list(running)) if running else []:
                connection = cast(Connection, ready)
                index, process = running[connection]
                if not _receive(connection, messages[index], index, ended):
                    del running[connection]
                    connection.close()
                    process.join()
            while len(folders) < len(units):  # the first unit not finished: what it sent passed on at once
                index = len(folders)
                failed = index in ended and ended[index] is None  # run again here, saying it all again
                for kind, value in [] if failed else messages[index]:
                    if kind == "notify":
                        observers[index].notify(value[0], **value[1])
                    else:
                        progress(*value) if kind == "progress" else say(value)
                messages[index].clear()
                if index not in ended:
                    break
                folders.append(ended[index] or await run_unit(units[index], config, plugins, None, progress, say))
    finally:
        for _, process in running.values():  # a worker still running when the run stops
            process.terminate()
            process.join()
    return folders


def _receive(connection: Connection, messages: list[tuple[str, Any]], index: int,
             ended: dict[int, Path | None]) -> bool:
    """Take one message of unit ``index``'s worker into ``messages`` (its folder, when it has ended,
    into ``ended``); False once it has ended."""
    try:
        kind, value = connection.recv()
    except (EOFError, OSError):  # the worker died without a word
        ended.setdefault(index, None)
        return False
    if kind in ("progress", "say", "notify"):
        messages.append((kind, value))
        return True
    ended[index] = Path(value) if kind == "done" else None
    return False


def _work(unit: Unit, config: RunConfig, plugins: Plugins, connection: Connection) -> None:
    """A worker: run ``unit`` and send its progress, its lines, its observer calls and its folder (or that it failed)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the parent, which ends the workers
    try:  # no response cache: no model of such a run stores its answers
        folder = asyncio.run(run_unit(unit, config, plugins, None, lambda *args: connection.send(("progress", args)),
                                      lambda text: connection.send(("say", text)),
                                      relay=lambda hook, data: connection.send(("notify", (hook, data)))))
        connection.send(("done", str(folder)))
    except BaseException:
        connection.send(("failed", ""))
    connection.close()
    # ended here, without flushing the parent's streams: a thread of the parent (progress bars)
    # may have held their locks at the fork; this worker wrote nothing to them
    os._exit(0)
