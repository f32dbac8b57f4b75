"""Relation look-ups on bitset states without scanning every atom.

For a binary predicate, a side (1: the atom's first object, 2: its second)
and an object, :meth:`RelationMasks.mask` is the bitmask of the interned
atoms ``(pred, obj, *)`` or ``(pred, *, obj)``. A mask is built on first use
by probing the index for each object of the universe (a few dozen
microseconds) and then follows atoms interned later, so ``state.bits & mask``
answers "what is x on, what is next to x" in time proportional to the answer
and building a world costs nothing per atom.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from eai.world import Atom, AtomIndex, State


class RelationMasks:
    __slots__ = ("index", "objects", "_seen", "_masks")

    def __init__(self, index: AtomIndex, objects: Sequence[str]) -> None:
        self.index = index
        self.objects = objects
        self._seen = len(index)
        self._masks: dict[tuple[str, int, str], int] = {}

    def _follow_new_atoms(self) -> None:
        end = len(self.index)
        for pos in range(self._seen, end):
            atom = self.index.atom(pos)
            if len(atom) == 3:
                for side in (1, 2):
                    key = (atom[0], side, atom[side])
                    if key in self._masks:
                        self._masks[key] |= 1 << pos
        self._seen = end

    def mask(self, pred: str, side: int, obj: str) -> int:
        """Bits of every interned ``pred`` atom with ``obj`` at position ``side`` (1 or 2)."""
        if self._seen != len(self.index):
            self._follow_new_atoms()
        key = (pred, side, obj)
        mask = self._masks.get(key)
        if mask is None:
            find, mask = self.index.find, 0
            for other in self.objects:
                pos = find((pred, obj, other) if side == 1 else (pred, other, obj))
                if pos is not None:
                    mask |= 1 << pos
            self._masks[key] = mask
        return mask

    def matching(self, state: State, pred: str, side: int, obj: str) -> Iterator[Atom]:
        """Atoms of ``state`` with predicate ``pred`` and ``obj`` at position ``side``."""
        bits = state.bits & self.mask(pred, side, obj)
        atom = self.index.atom
        while bits:
            low = bits & -bits
            yield atom(low.bit_length() - 1)
            bits ^= low

    def targets(self, state: State, pred: str, obj: str) -> list[str]:
        """The ``y`` with ``pred(obj, y)`` in ``state``, sorted."""
        return sorted(atom[2] for atom in self.matching(state, pred, 1, obj))

    def sources(self, state: State, pred: str, obj: str) -> list[str]:
        """The ``y`` with ``pred(y, obj)`` in ``state``, sorted."""
        return sorted(atom[1] for atom in self.matching(state, pred, 2, obj))
