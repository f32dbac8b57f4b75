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


def predicate_mask(index: AtomIndex, start: int, end: int, preds: frozenset[str], excluded: str) -> int:
    """The bits of the atoms at positions ``start`` to ``end`` whose predicate is
    one of ``preds`` and that do not name ``excluded``."""
    mask = 0
    for pos in range(start, end):
        atom = index.atom(pos)
        if atom[0] in preds and excluded not in atom:
            mask |= 1 << pos
    return mask


class RelationMasks:
    """Masks of ``index``: those of its first ``shared_length`` atoms are
    ``shared``, and ``derived`` keeps what :meth:`among` finds there."""

    __slots__ = ("index", "_shared", "_shared_length", "_seen", "_own", "_derived", "_among")

    def __init__(self, index: AtomIndex, shared: Mapping[Key, int], shared_length: int,
                 derived: dict | None = None) -> None:
        self.index = index
        self._shared = shared
        self._shared_length = self._seen = shared_length
        self._own: dict[Key, int] = {}
        self._derived = {} if derived is None else derived
        self._among: dict[tuple[frozenset[str], str], tuple[int, int]] = {}  # key -> (mask, atoms seen)

    def mask(self, pred: str, side: int, obj: str) -> int:
        """Bits of every interned ``pred`` atom with ``obj`` at position ``side`` (1 or 2)."""
        if self._seen != len(self.index):
            relation_masks(self.index, self._seen, self._own)
            self._seen = len(self.index)
        key = (pred, side, obj)
        return self._shared.get(key, 0) | self._own.get(key, 0)

    def among(self, preds: frozenset[str], excluded: str) -> int:
        """Bits of every interned atom whose predicate is one of ``preds`` and that does not name ``excluded``."""
        key = (preds, excluded)
        mask, seen = self._among.get(key) or (None, self._shared_length)
        if mask is None:
            mask = self._derived.get(key)
            if mask is None:
                mask = self._derived[key] = predicate_mask(self.index, 0, self._shared_length, preds, excluded)
        if seen != len(self.index):
            mask |= predicate_mask(self.index, seen, len(self.index), preds, excluded)
            seen = len(self.index)
        self._among[key] = (mask, seen)
        return mask

    @property
    def derived(self) -> dict:
        """What is computed from the shared atoms, for every index that shares them."""
        return self._derived

    def split(self, bits: int) -> tuple[int, frozenset[Atom]]:
        """``bits`` as the bits of shared atoms and the atoms of the others, which
        have other positions in other indexes."""
        own, atoms, atom = bits >> self._shared_length, [], self.index.atom
        while own:
            low = own & -own
            atoms.append(atom(low.bit_length() - 1 + self._shared_length))
            own ^= low
        return bits & ((1 << self._shared_length) - 1), frozenset(atoms)

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
