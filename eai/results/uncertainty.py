"""The standard error and 95% interval of every rate of a summary, worked out
in one place for every module (docs/metrics.md, "Uncertainty").

A module's ``summarize`` returns its figures as :class:`~eai.base.rates.Rate` s
(``percent``, ``mean``), each the ratio of two sums over its records. Summarizing
each task's records alone gives every task's share of both sums; a figure whose
shares add up to its sums is then:

- a proportion of tasks (each task counts 0 or 1 in the whole, and in the part
  0 or all of it: task success, format errors...): the **Wilson** score interval;
- any other ratio (micro-averaged precision, recall and F1 over atoms, goals met
  over goals, means, several epochs per task): a **percentile bootstrap over
  tasks**, ``RESAMPLES`` resamples drawn from a generator seeded with ``SEED``,
  so the same records give the same interval on any machine.

The standard error is ``sqrt(p (1 - p) / n)`` for a proportion and the
bootstrap's standard deviation otherwise; ``n`` is the number of tasks a rate is
over, and a rate over fewer than ``SMALL_N`` tasks is marked ``small_n``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from eai.base.rates import Rate

Record = dict[str, Any]
CONFIDENCE = 0.95
Z = 1.959963984540054  # the standard normal's 97.5th percentile
RESAMPLES = 1000
SEED = 0
SMALL_N = 30
WILSON, BOOTSTRAP = "wilson", "bootstrap"


def wilson(k: float, n: float, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials, as fractions."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def rates(summary: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Rate]]:
    """Every :class:`Rate` of ``summary`` with its dotted path (``goal_success.state``), in order."""
    for key, value in summary.items():
        if isinstance(value, Rate):
            yield prefix + key, value
        elif isinstance(value, Mapping):
            yield from rates(value, f"{prefix}{key}.")


def by_task(records: Sequence[Record]) -> list[list[Record]]:
    """``records`` grouped by task (``identifier``; epochs of a task together), in first-seen order."""
    groups: dict[Any, list[Record]] = {}
    for i, record in enumerate(records):
        groups.setdefault(record.get("identifier", i), []).append(record)
    return list(groups.values())


def uncertainty(rates_of: Mapping[str, Any]) -> dict[str, Any]:
    """``summary.json``'s ``uncertainty``: how the intervals were made, and ``rates_of``
    (:func:`intervals`) under ``rates``."""
    return {"confidence": CONFIDENCE, "resamples": RESAMPLES, "seed": SEED, "rates": dict(rates_of)}


def intervals(figures: Callable[[Sequence[Record]], Mapping[str, Any]], records: Sequence[Record],
              summary: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Per rate path of ``figures(records)`` (``summary`` when already computed), its
    ``se``, ``low``, ``high`` (percent, like the rate), the ``method`` and the ``n`` tasks
    it is over; a rate over nothing, or one whose tasks' shares do not add up to it, has none."""
    tasks = by_task(records)
    out: dict[str, Any] = {}
    draws = None
    for path, (rate, parts, wholes) in task_shares(figures, tasks, summary).items():
        n = sum(w > 0 for w in wholes)
        if is_proportion(rate, parts, wholes):
            method, (low, high), se = WILSON, wilson(rate.part, rate.whole), _binomial_se(rate.part, rate.whole)
            low, high, se = 100 * low, 100 * high, 100 * se
        else:
            draws = draws if draws is not None else resamples(len(tasks))
            values = ratios(draws, parts, wholes, rate.scale)
            if values is None:
                continue
            method, (low, high, se) = BOOTSTRAP, percentile_interval(values)
        out[path] = {"se": round(se, 2), "low": round(low, 2), "high": round(high, 2), "method": method, "n": n,
                     **({"small_n": True} if n < SMALL_N else {})}
    return out


def task_shares(figures: Callable[[Sequence[Record]], Mapping[str, Any]], tasks: Sequence[Sequence[Record]],
                summary: Mapping[str, Any] | None = None) -> dict[str, tuple[Rate, list[float], list[float]]]:
    """Per rate path of the figures of all ``tasks`` (``summary`` when already computed): the rate, and each
    task's share of its part and whole; a rate over nothing, or whose shares do not add up to it, is left out."""
    whole = dict(rates(summary if summary is not None else figures([r for task in tasks for r in task])))
    shares = [dict(rates(figures(task))) for task in tasks]
    found = {}
    for path, rate in whole.items():
        parts = [float(s[path].part) if path in s else 0.0 for s in shares]
        wholes = [float(s[path].whole) if path in s else 0.0 for s in shares]
        if rate.whole and _adds_up(parts, rate.part) and _adds_up(wholes, rate.whole):
            found[path] = (rate, parts, wholes)
    return found


def is_proportion(rate: Rate, parts: Sequence[float], wholes: Sequence[float]) -> bool:
    """Whether ``rate`` is a percent of tasks: each task counts 0 or 1 in its whole, and 0 or all of that in its part."""
    return rate.scale == 100.0 and all(w in (0.0, 1.0) and p in (0.0, w) for p, w in zip(parts, wholes))


def _adds_up(shares: Sequence[float], total: float) -> bool:
    return math.isclose(math.fsum(shares), total, rel_tol=1e-9, abs_tol=1e-9)


def _binomial_se(k: float, n: float) -> float:
    p = k / n
    return math.sqrt(p * (1 - p) / n)


def resamples(n: int) -> Any:
    """``RESAMPLES`` resamples of ``n`` tasks (indices, with replacement) from a generator seeded with ``SEED``."""
    import numpy as np  # only when a rate needs the bootstrap

    return np.random.default_rng(SEED).integers(0, n, size=(RESAMPLES, n))


def ratios(draws: Any, parts: Sequence[float], wholes: Sequence[float], scale: float) -> Any:
    """``scale * sum(parts) / sum(wholes)`` over each resample of ``draws`` (nan where it has no whole);
    None when none has one."""
    import numpy as np

    num, den = np.asarray(parts)[draws].sum(axis=1), np.asarray(wholes)[draws].sum(axis=1)
    if not (den > 0).any():
        return None
    return np.where(den > 0, scale * num / np.where(den > 0, den, 1), np.nan)


def percentile_interval(values: Any) -> tuple[float, float, float]:
    """The percentile interval at ``CONFIDENCE`` and the standard deviation of the resampled ``values`` (nan left out)."""
    import numpy as np

    kept = values[~np.isnan(values)]
    low, high = np.percentile(kept, [50 * (1 - CONFIDENCE), 50 * (1 + CONFIDENCE)])
    return float(low), float(high), float(kept.std(ddof=1)) if kept.size > 1 else 0.0
