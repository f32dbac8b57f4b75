"""Two results on the same tasks compared rate by rate (``eai report A B``,
``eai.compare``; docs/metrics.md, "Comparing two runs").

Over the tasks both scored, each rate of A and of B (as their summaries
compute it, :mod:`eai.results.uncertainty`), the difference B - A and its 95%
interval from a **paired bootstrap** (the same resampled tasks for both, seeded),
and a test of "no difference":

- a rate of tasks (success, an error's rate): **McNemar's exact test**, the
  two-sided binomial test of the tasks only A counts against those only B
  counts (``only_a``, ``only_b``: the tasks that flipped each way), over the
  tasks both judged;
- any other rate (F1, goals met, means): the paired bootstrap's two-sided
  p-value, twice the share of resampled differences on the far side of 0.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from eai.results.scoring import INTERNAL_ERROR
from eai.results.uncertainty import (
    RESAMPLES,
    SEED,
    Record,
    by_task,
    is_proportion,
    percentile_interval,
    ratios,
    resamples,
    task_shares,
)

MCNEMAR, PAIRED_BOOTSTRAP = "mcnemar_exact", "paired_bootstrap"
Figures = Callable[[Sequence[Record]], Mapping[str, Any]]


def mcnemar_exact(only_a: int, only_b: int) -> float:
    """McNemar's exact two-sided p-value: ``P(X <= min)`` doubled, X ~ Binomial(only_a + only_b, 1/2)."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(only_a, only_b) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def compare(figures: Figures, a: Sequence[Record], b: Sequence[Record]) -> dict[str, Any]:
    """The comparison of the scored records ``a`` and ``b`` (of one module) on the tasks both scored:
    ``tasks`` (how many), ``only_in_a`` / ``only_in_b`` (how many tasks one side alone scored) and
    per rate path its ``a``, ``b``, ``difference``, ``low``, ``high``, ``se``, ``test``, ``p_value``,
    ``n``, and for a rate of tasks ``only_a`` / ``only_b``, the tasks it counts on one side only."""
    tasks_a, tasks_b = _tasks(a), _tasks(b)
    shared = [i for i in tasks_a if i in tasks_b]
    out: dict[str, Any] = {"tasks": len(shared), "only_in_a": len(tasks_a) - len(shared),
                           "only_in_b": sum(i not in tasks_a for i in tasks_b), "resamples": RESAMPLES, "seed": SEED,
                           "rates": {}}
    if not shared:
        return out
    shares_a = task_shares(figures, [tasks_a[i] for i in shared])
    shares_b = task_shares(figures, [tasks_b[i] for i in shared])
    draws = resamples(len(shared))
    for path in [p for p in shares_a if p in shares_b]:
        (rate_a, parts_a, wholes_a), (rate_b, parts_b, wholes_b) = shares_a[path], shares_b[path]
        found_a, found_b = ratios(draws, parts_a, wholes_a, rate_a.scale), ratios(draws, parts_b, wholes_b, rate_b.scale)
        if found_a is None or found_b is None:
            continue
        differences = found_b - found_a
        low, high, se = percentile_interval(differences)
        value_a, value_b = rate_a.scale * rate_a.part / rate_a.whole, rate_b.scale * rate_b.part / rate_b.whole
        entry: dict[str, Any] = {"a": round(value_a, 2), "b": round(value_b, 2), "difference": round(value_b - value_a, 2),
                 "low": round(low, 2), "high": round(high, 2), "se": round(se, 2),
                 "n": sum(wa > 0 or wb > 0 for wa, wb in zip(wholes_a, wholes_b))}
        if is_proportion(rate_a, parts_a, wholes_a) and is_proportion(rate_b, parts_b, wholes_b):
            both = [k for k, (wa, wb) in enumerate(zip(wholes_a, wholes_b)) if wa and wb]
            only_a = [shared[k] for k in both if parts_a[k] and not parts_b[k]]
            only_b = [shared[k] for k in both if parts_b[k] and not parts_a[k]]
            entry.update(test=MCNEMAR, p_value=round(mcnemar_exact(len(only_a), len(only_b)), 6),
                         only_a=only_a, only_b=only_b)
        else:
            kept = differences[differences == differences]  # the resamples where both have a whole
            far = min(float((kept <= 0).mean()), float((kept >= 0).mean()))
            entry.update(test=PAIRED_BOOTSTRAP, p_value=round(min(1.0, 2 * far), 6))
        out["rates"][path] = entry
    return out


def _tasks(records: Sequence[Record]) -> dict[str, list[Record]]:
    """The scored records of each task (its epochs together), by identifier, in order."""
    scored = [r for r in records if "model_error" not in r and r.get("error_type") != INTERNAL_ERROR]
    return {str(group[0].get("identifier")): group for group in by_task(scored)}
