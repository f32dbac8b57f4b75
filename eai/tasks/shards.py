"""Shards: a deterministic share of a run's tasks, so that N machines split it.

Shard ``i/N`` (``0 <= i < N``) takes, in every unit of the run, the tasks at
positions ``i, i + N, i + 2N, ...`` of the unit's tasks in suite order (after
``--tasks`` and ``--limit``): task ``k`` goes to shard ``k mod N``. Interleaving
rather than contiguous blocks gives every shard a like mix of short and long
tasks, since suites list them grouped. Every shard runs every unit, so the N
shards together hold each task of each unit exactly once; ``eai merge`` puts
them back in suite order (:mod:`eai.runner.merge`).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from eai.exceptions import EaiError

T = TypeVar("T")
SPELLING = re.compile(r"(\d+)/(\d+)")


@dataclass(frozen=True)
class Shard:
    index: int
    count: int

    def __post_init__(self) -> None:
        if self.count < 1:
            raise EaiError(f"--shard {self}: the number of shards must be at least 1")
        if not 0 <= self.index < self.count:
            raise EaiError(f"--shard {self}: the shard number must be 0 to {self.count - 1} (shards count from 0)")

    def __str__(self) -> str:
        return f"{self.index}/{self.count}"

    def share(self, items: Sequence[T]) -> list[T]:
        """The items at positions ``index``, ``index + count``, ..."""
        return list(items[self.index :: self.count])


def parse_shard(text: str | None) -> Shard | None:
    """``"1/4"`` -> ``Shard(1, 4)``; None for None; EaiError for anything else."""
    if text is None:
        return None
    match = SPELLING.fullmatch(text.strip())
    if not match:
        raise EaiError(f"--shard {text}: expected I/N, e.g. 0/4 (shard I of N, counted from 0)")
    return Shard(int(match[1]), int(match[2]))
