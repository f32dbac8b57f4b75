"""Run directories (``eai-fd-*`` in the temporary directory): one per planner
run, removed when the run ends, and never left behind for long.

A run directory is locked (``flock`` on the directory itself) by the process
that made it, for as long as it uses it: the lock goes when that process
ends, however it ends. If the process is killed, its planner host removes
the directory of the run it has in hand (host.py); anything left over, a
directory whose lock is free, is removed by the next process that plans.
The lock is taken under a hidden name that is then renamed, so a directory
is never seen unlocked while it is in use.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

PREFIX = "eai-fd-"
_swept: set[str] = set()  # temporary directories swept by this process
_sweep_lock = threading.Lock()


@contextmanager
def run_dir() -> Iterator[Path]:
    """A new locked run directory, removed on leaving the block."""
    parent = tempfile.gettempdir()
    with _sweep_lock:
        if parent not in _swept:
            _swept.add(parent)
            sweep(Path(parent))
    staging = Path(tempfile.mkdtemp(prefix=f".{PREFIX}", dir=parent))
    lock = os.open(staging, os.O_RDONLY | os.O_CLOEXEC)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        work = staging.with_name(staging.name[1:])
        os.rename(staging, work)
        try:
            yield work
        finally:
            shutil.rmtree(work, ignore_errors=True)
    finally:
        os.close(lock)


def sweep(parent: Path) -> list[Path]:
    """Remove the run directories under ``parent`` that no living process holds; the ones removed."""
    removed = []
    for path in sorted(parent.glob(f"{PREFIX}*")):
        try:
            fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_DIRECTORY)
        except OSError:  # gone meanwhile, or not a directory
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # held: in use
            os.close(fd)
            continue
        try:
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
        finally:
            os.close(fd)
    return removed
