"""Set-matching precision, recall and F1 of a predicted goal (paper section 2.3).

Conventions for empty sets: precision = |P & G| / |P|, taken as 1.0 when
nothing is predicted; recall = |P & G| / |G|, taken as 1.0 when the gold set is
empty; F1 is their harmonic mean, 0.0 when both are 0. So predicting nothing
for a non-empty gold set scores (1.0, 0.0, 0.0), and two empty sets (1, 1, 1).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import NamedTuple

from eai.ltl.grounding import GoalOption


class PRF(NamedTuple):
    precision: float
    recall: float
    f1: float


def set_prf(predicted: Iterable[Hashable], gold: Iterable[Hashable]) -> PRF:
    """Precision, recall and F1 of ``predicted`` against ``gold`` as sets."""
    predicted, gold = set(predicted), set(gold)
    hits = len(predicted & gold)
    precision = hits / len(predicted) if predicted else 1.0
    recall = hits / len(gold) if gold else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return PRF(precision, recall, f1)


def best_prf(predicted: Iterable[Hashable], gold_options: Iterable[Iterable[Hashable]]) -> tuple[PRF, int]:
    """The score against the gold option with the highest F1 (the first on ties), and its index.

    Stops reading ``gold_options`` (which may be a lazy, long iterator) at the
    first perfect match. Raises ValueError when there are no gold options.
    """
    predicted = set(predicted)
    best: tuple[PRF, int] | None = None
    for index, gold in enumerate(gold_options):
        score = set_prf(predicted, gold)
        if best is None or score.f1 > best[0].f1:
            best = (score, index)
            if score.f1 == 1.0:
                break
    if best is None:
        raise ValueError("no gold options to score against")
    return best


def option_elements(option: GoalOption) -> frozenset:
    """What an option is scored by: each literal ``(sign, atom)``, and the whole
    action sequence (a tuple of actions) as one element when there is one."""
    elements: set = set(option.literals)
    if option.actions:
        elements.add(option.actions)
    return frozenset(elements)
