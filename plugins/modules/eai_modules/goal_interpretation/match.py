"""Predictions against one gold option: a maximum matching per kind of goal.

A prediction may match a gold goal it fits (:meth:`Prediction.fits`): a
literal with the same sign, predicate and objects, an ambiguous name standing
for any of its candidates; an action name any alternative of an action step.
Each gold goal is matched at most once and each prediction at most once, and
the matching is a maximum one, so ambiguous names get the objects that match
the most gold goals. Two predictions for one action step (``LOOKAT`` and
``WATCH`` for ``LOOKAT|WATCH``) match it once: the other is a wrong goal.

A prediction written more than once (the same sign, predicate and
candidates) counts once, plus once for each further gold goal a repeat
matches: ``ONTOP(plate, dishwasher)`` written three times matches two plates
and counts twice when the gold goal puts two plates there. A repeat that
matches nothing is a literal duplicate: it adds no information, and is
neither predicted nor wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from eai.plugin_api import Counts, Literal, total_counts
from eai_modules.goal_interpretation.resolve import ACTION, KINDS, RELATION, STATE, Prediction


@dataclass(frozen=True)
class Gold:
    """The gold goals of one option (``index`` None: the task's only one)."""

    index: int | None
    state: tuple[Literal, ...]
    relation: tuple[Literal, ...]
    action: tuple[tuple[str, ...], ...]

    def of(self, kind: str) -> tuple:
        return {STATE: self.state, RELATION: self.relation, ACTION: self.action}[kind]


@dataclass(frozen=True)
class Scored:
    """Counts per kind against ``gold``, per kind which prediction (index in
    that kind's list) matched which gold goal (index), and which predictions
    are unmatched repeats (not counted)."""

    gold: Gold
    counts: dict[str, Counts]
    pairs: dict[str, dict[int, int]]
    repeats: dict[str, frozenset[int]]

    @cached_property
    def overall(self) -> Counts:
        return total_counts(self.counts.values())


def score(predictions: dict[str, list[Prediction]], gold: Gold) -> Scored:
    counts, pairs, repeats = {}, {}, {}
    for kind in KINDS:
        goals = gold.of(kind)
        mine = predictions.get(kind, [])
        pairs[kind] = max_matching(_fitting(mine, goals) if kind != ACTION else
                                   [[j for j, g in enumerate(goals) if p.fits(g)] for p in mine])
        repeats[kind] = unmatched_repeats(mine, pairs[kind])
        counts[kind] = Counts(len(pairs[kind]), len(mine) - len(repeats[kind]), len(goals))
    return Scored(gold, counts, pairs, repeats)


def _fitting(predictions: Sequence[Prediction], goals: Sequence[Literal]) -> list[list[int]]:
    """Per prediction, the indices of the gold literals it fits, in order;
    only the literals of its sign, predicate and (a candidate for) first object are tried."""
    heads: dict[tuple[bool, str, str], list[int]] = {}
    for j, (positive, atom) in enumerate(goals):
        if len(atom) > 1:
            heads.setdefault((positive, *atom[:2]), []).append(j)
    return [sorted(j for first in set(p.candidates[0]) for j in heads.get((p.positive, p.predicate, first), ())
                   if p.fits(goals[j])) if p.candidates and not p.problem else [] for p in predictions]


def unmatched_repeats(predictions: Sequence[Prediction], matched: dict[int, int]) -> frozenset[int]:
    """Predictions equal to another one that matched, or to an earlier one, and matching nothing themselves
    (goals that cannot match come once each, :meth:`Resolver.predictions`)."""
    groups: dict[tuple, list[int]] = {}
    for i, p in enumerate(predictions):
        if not p.problem:
            groups.setdefault((p.positive, p.predicate, p.candidates), []).append(i)
    found: set[int] = set()
    for members in groups.values():
        unmatched = [i for i in members if i not in matched]
        found.update(unmatched if len(unmatched) < len(members) else unmatched[1:])
    return frozenset(found)


def max_matching(edges: Sequence[Sequence[int]]) -> dict[int, int]:
    """A maximum matching {item: gold} where item ``i`` may take the golds
    ``edges[i]`` (augmenting paths, items and golds tried in order, so the
    result is the same on every run)."""
    owner: dict[int, int] = {}
    for item in range(len(edges)):
        if edges[item]:
            _augment(edges, owner, item, set())
    return {item: gold for gold, item in sorted(owner.items())}


def _augment(edges: Sequence[Sequence[int]], owner: dict[int, int], item: int, seen: set[int]) -> bool:
    """Match ``item``, moving earlier items along an augmenting path if need be
    (a module function: a recursive closure would be a reference cycle)."""
    for gold in edges[item]:
        if gold not in seen:
            seen.add(gold)
            if gold not in owner or _augment(edges, owner, owner[gold], seen):
                owner[gold] = item
                return True
    return False
