"""Relation look-ups on bitset states without scanning every atom.

For a binary predicate, a side (1: the atom's first object, 2: its second)
and an object, :meth:`RelationMasks.mask` is the bitmask of the interned
atoms ``(pred, obj, *)`` or ``(pred, *, obj)``, so ``state.bits & mask``
answers "what is x on, what is next to x" in time proportional to the answer.
The masks of the atoms a world's index shares with its scene's template are
built once per template (:mod:`eai_virtualhome.interning`); a world only reads
its own atoms (a few hundred), and follows atoms interned later.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from eai.plugin_api import Atom, AtomIndex, State

Key = tuple[str, int, str]


def relation_masks(index: AtomIndex, start: int = 0, masks: dict[Key, int] | None = None) -> dict[Key, int]:
    """``masks`` (a new dict if None) with the bits of the binary atoms at positions ``start`` and on."""
    masks = {} if masks is None else masks
    for pos in range(start, len(index)):
        atom = index.atom(pos)
        if len(atom) == 3:
            bit = 1 << pos
            for side in (1, 2):
                key = (atom[0], side, atom[side])
                masks[key] = masks.get(key, 0) | bit
    return masks


class RelationMasks:
    """Masks of ``index``: those of its first ``shared_length`` atoms are ``shared``."""

    __slots__ = ("index", "_shared", "_seen", "_own")

    def __init__(self, index: AtomIndex, shared: Mapping[Key, int], shared_length: int) -> None:
        self.index = index
        self._shared = shared
        self._seen = shared_length
        self._own: dict[Key, int] = {}

    def mask(self, pred: str, side: int, obj: str) -> int:
        """Bits of every interned ``pred`` atom with ``obj`` at position ``side`` (1 or 2)."""
        if self._seen != len(self.index):
            relation_masks(self.index, self._seen, self._own)
            self._seen = len(self.index)
        key = (pred, side, obj)
        return self._shared.get(key, 0) | self._own.get(key, 0)

    def matching(self, state: State, pred: str, side: int, obj: str) -> Iterator[Atom]:
        """Atoms of ``state`` with predicate ``pred`` and ``obj`` at position ``side``."""
        bits = state.bits & self.mask(pred, side, obj)
        atom = self.index.atom
        while bits:
            low = bits & -bits
            yield atom(low.bit_length() - 1)
            bits ^= low

    def others(self, state: State, pred: str, side: int, obj: str) -> list[str]:
        """The other objects of the atoms :meth:`matching` yields, sorted."""
        bits = state.bits & self.mask(pred, side, obj)
        found, atom, other = [], self.index.atom, 3 - side
        while bits:
            low = bits & -bits
            found.append(atom(low.bit_length() - 1)[other])
            bits ^= low
        found.sort()
        return found

    def targets(self, state: State, pred: str, obj: str) -> list[str]:
        """The ``y`` with ``pred(obj, y)`` in ``state``, sorted."""
        return self.others(state, pred, 1, obj)

    def sources(self, state: State, pred: str, obj: str) -> list[str]:
        """The ``y`` with ``pred(y, obj)`` in ``state``, sorted."""
        return self.others(state, pred, 2, obj)
