"""Replays in the grounding search (:mod:`eai.ltl.grounding`): later alternatives read from the first one's options.

A branch whose first alternative fixes nothing and whose others only forbid
atoms, listing nothing (``not (C(o) and B(o))`` with ``C(o)`` false by class,
in the unlisted part of ``forn``), has no options of its own beyond the first
alternative's: each other alternative's options are the first one's, in order,
less those whose branch made a forbidden atom true.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

from eai.ltl.assignment import Key
from eai.ltl.lookahead import Item, Lookahead
from eai.ltl.syntax import Not, Prim
from eai.ltl.universe import CLASS_TEST, STATE, Universe

O = TypeVar("O")  # an option of the search


class Replay:
    """The further alternatives of a branch of that shape, by the atoms each requires false."""

    def __init__(self, forbidden: list[list[Key]]) -> None:
        self.forbidden = forbidden  # per further alternative, the atoms it requires false
        self.start: int | None = None  # where the first alternative's options begin in the log

    def again(self, found: list[tuple[O, dict[Key, bool]]]) -> Iterator[tuple[O, dict[Key, bool]]]:
        """The further alternatives' options, given the first one's ``found``
        with the values that held at each (a further alternative adds only
        false values, so the true ones stay as they were)."""
        for keys in self.forbidden:
            for found_option in found:
                if not any(found_option[1].get(key) for key in keys):
                    yield found_option


def replay_of(alternatives: list[list[Item]], universe: Universe, lookahead: Lookahead) -> Replay | None:
    """A :class:`Replay` when ``alternatives`` have its shape."""
    if len(alternatives) < 2 or not all(_free(item, universe, lookahead) for item in alternatives[0]):
        return None
    forbidden = [_forbids(items, universe) for items in alternatives[1:]]
    return None if any(keys is None for keys in forbidden) else Replay(forbidden)  # type: ignore[arg-type]


def signed(item: Item) -> Item:
    """``item`` with its negations moved into its sign."""
    node, env, positive, unlisted = item
    while isinstance(node, Not):
        node, positive = node.arg, not positive
    return node, env, positive, unlisted


def _free(item: Item, universe: Universe, lookahead: Lookahead) -> bool:
    """Does ``item`` hold by a class test alone (so it fixes nothing)?"""
    node, env, positive, _ = signed(item)
    if not isinstance(node, Prim) or universe.kind(node) != CLASS_TEST:
        return False
    return lookahead.prim_truth(node, env) == positive


def _forbids(items: list[Item], universe: Universe) -> list[Key] | None:
    """The ground atoms ``items`` require false without listing them, if that is all they do."""
    keys: list[Key] = []
    for item in items:
        node, env, positive, unlisted = signed(item)
        if positive or not unlisted or not isinstance(node, Prim) or universe.kind(node) != STATE:
            return None
        denoted = universe.arguments(node, env)
        if any(len(d) != 1 for d in denoted):
            return None
        keys.append((node.name, *(d[0] for d in denoted)))
    return keys
