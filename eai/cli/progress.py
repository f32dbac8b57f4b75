"""A run's progress for people: bars on a terminal, plain lines elsewhere (nohup, CI logs)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from eai.cli.output import console, say

if TYPE_CHECKING:
    from eai.api import Progress as Update

EVERY = 60.0  # seconds between two lines of one unit without a terminal


class Lines:
    """A line when a unit starts, when its last task is done, and in between
    at most every ``every`` seconds of ``clock``."""

    def __init__(self, write: Callable[[str], None], every: float = EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.write, self.every, self.clock = write, every, clock
        self.last: dict[str, float] = {}

    def __call__(self, label: str, done: int, total: int, errors: int) -> None:
        now = self.clock()
        if label not in self.last or done == total or now - self.last[label] >= self.every:
            self.last[label] = now
            self.write(f"{label}: {done}/{total} task(s), {errors} failed call(s)")


@contextmanager
def shown(quiet: bool) -> Iterator[Update]:
    """Where a run's progress goes: nowhere when ``quiet``, bars on a terminal, else lines."""
    if quiet:
        yield lambda label, done, total, errors: None
    elif not console.is_terminal:
        yield Lines(say)
    else:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TextColumn("{task.fields[errors]} failed calls"), TimeRemainingColumn(), console=console) as progress:
            bars: dict[str, int] = {}

            def update(label: str, done: int, total: int, errors: int) -> None:
                if label not in bars:
                    bars[label] = progress.add_task(label, total=total, errors=0)
                progress.update(bars[label], completed=done, total=total, errors=errors)

            yield update


@contextmanager
def counted(description: str, quiet: bool) -> Iterator[Callable[[int, int], None]]:
    """A bar of tasks done out of a total, on a terminal while the work lasts;
    nothing when ``quiet`` or elsewhere (rich is imported only to draw it)."""
    if quiet or not console.is_terminal:
        yield lambda done, total: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, transient=True) as progress:
        bar = progress.add_task(description, total=None)
        yield lambda done, total: progress.update(bar, completed=done, total=total)
