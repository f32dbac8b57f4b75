"""States: sets of ground atoms, stored as bitsets over an interned atom index.

A ground atom is a tuple ``(predicate, arg1, ...)`` of strings, e.g.
``("ONTOP", "cup.1000", "table.231")``. An :class:`AtomIndex` gives every atom
of one object universe a bit position, so a :class:`State` is a Python int:
hashable, compared and copied in well under a microsecond, which is what
breadth-first search needs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Generic, NamedTuple, TypeVar

Atom = tuple[str, ...]
T = TypeVar("T")


class Literal(NamedTuple):
    """A signed atom: a goal or precondition that the atom holds (or not)."""

    positive: bool
    atom: Atom

    def __str__(self) -> str:
        return format_atom(self.atom) if self.positive else f"not {format_atom(self.atom)}"


class AtomIndex:
    """Interns atoms to bit positions. Positions are never reused or moved."""

    __slots__ = ("_bit", "_atoms")

    def __init__(self, atoms: Iterable[Atom] = ()) -> None:
        self._bit: dict[Atom, int] = {}
        self._atoms: list[Atom] = []
        for atom in atoms:
            self.bit(atom)

    def __len__(self) -> int:
        return len(self._atoms)

    def copy(self) -> AtomIndex:
        """An independent index with the same positions. Copying does not
        rehash the atoms, so it is much faster than interning them anew."""
        new = AtomIndex()
        new._bit = dict(self._bit)
        new._atoms = list(self._atoms)
        return new

    def bit(self, atom: Atom) -> int:
        """The position of ``atom``, interning it if new."""
        pos = self._bit.get(atom)
        if pos is None:
            pos = len(self._atoms)
            self._bit[atom] = pos
            self._atoms.append(atom)
        return pos

    def find(self, atom: Atom) -> int | None:
        """The position of ``atom`` or None if it was never interned."""
        return self._bit.get(atom)

    def atom(self, pos: int) -> Atom:
        return self._atoms[pos]

    def mask(self, atoms: Iterable[Atom]) -> int:
        """The bitmask of ``atoms`` (interning them), built in one pass."""
        positions = [self.bit(atom) for atom in atoms]
        if len(positions) < 64:
            bits = 0
            for pos in positions:
                bits |= 1 << pos
            return bits
        buffer = bytearray(len(self._atoms) // 8 + 1)
        for pos in positions:
            buffer[pos >> 3] |= 1 << (pos & 7)
        return int.from_bytes(buffer, "little")

    def state(self, atoms: Iterable[Atom] = ()) -> State:
        return State(self, self.mask(atoms))


class State:
    """An immutable set of ground atoms over one :class:`AtomIndex`."""

    __slots__ = ("index", "bits")

    def __init__(self, index: AtomIndex, bits: int = 0) -> None:
        self.index = index
        self.bits = bits

    def __contains__(self, atom: Atom) -> bool:
        pos = self.index.find(atom)
        return pos is not None and (self.bits >> pos) & 1 == 1

    holds = __contains__

    def add(self, *atoms: Atom) -> State:
        return State(self.index, self.bits | self.index.mask(atoms))

    def remove(self, *atoms: Atom) -> State:
        bits = self.bits
        for atom in atoms:
            pos = self.index.find(atom)
            if pos is not None:
                bits &= ~(1 << pos)
        return State(self.index, bits)

    def apply(self, add: Iterable[Atom] = (), delete: Iterable[Atom] = ()) -> State:
        """Delete then add, as a STRIPS effect does."""
        return State(self.index, self.remove(*delete).bits | self.index.mask(add))

    def __iter__(self) -> Iterator[Atom]:
        bits, atom = self.bits, self.index.atom
        while bits:
            low = bits & -bits
            yield atom(low.bit_length() - 1)
            bits ^= low

    def __len__(self) -> int:
        return self.bits.bit_count()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.bits == other.bits and self.index is other.index

    def __hash__(self) -> int:
        return hash(self.bits)

    def diff(self, other: State) -> tuple[list[Atom], list[Atom]]:
        """Atoms ``other`` adds to and removes from this state, each sorted."""
        added = State(self.index, other.bits & ~self.bits)
        removed = State(self.index, self.bits & ~other.bits)
        return sorted(added), sorted(removed)

    def __repr__(self) -> str:
        shown = sorted(self)
        more = f", ... {len(shown) - 8} more" if len(shown) > 8 else ""
        return f"State({', '.join(map(format_atom, shown[:8]))}{more})"


class Decoded(Generic[T]):
    """States decoded once by ``decode`` and kept, for the many questions a
    search asks of one state (at most ``size``; then the cache starts anew)."""

    __slots__ = ("decode", "size", "_kept")

    def __init__(self, decode: Callable[[State], T], size: int = 4096) -> None:
        self.decode, self.size = decode, size
        self._kept: dict[int, T] = {}

    def __call__(self, state: State) -> T:
        got = self._kept.get(state.bits)
        if got is None:
            if len(self._kept) >= self.size:
                self._kept.clear()
            got = self._kept[state.bits] = self.decode(state)
        return got


def format_atom(atom: Atom) -> str:
    """``("ONTOP", "cup.1000", "table.231")`` -> ``ONTOP(cup.1000, table.231)``."""
    return f"{atom[0]}({', '.join(atom[1:])})"
