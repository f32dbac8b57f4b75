"""Sets of atoms kept as changes to a shared set.

The tasks of one scene (VirtualHome's 342) share about 6,000 atoms and differ
from the shared scene by a few hundred. Each task keeping its own copy cost
about 0.35 MiB per task; a :class:`SharedAtoms` keeps only its changes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Set
from itertools import chain

from eai.world.state import Atom


class SharedAtoms(Set):
    """``base`` less ``removed``, plus ``added`` (a read-only set).

    ``base`` is shared, never copied; the changes are normalised so that
    ``removed`` lies in ``base`` and ``added`` outside it.
    """

    __slots__ = ("base", "removed", "added")

    def __init__(self, base: frozenset[Atom], removed: Iterable[Atom] = (), added: Iterable[Atom] = ()) -> None:
        added = frozenset(added)
        self.base = base
        self.removed = frozenset(atom for atom in removed if atom in base and atom not in added)
        self.added = added - base

    def __contains__(self, atom: object) -> bool:
        return atom in self.added or (atom in self.base and atom not in self.removed)

    def __iter__(self) -> Iterator[Atom]:
        return chain(self.base - self.removed if self.removed else self.base, self.added)

    def __len__(self) -> int:
        return len(self.base) - len(self.removed) + len(self.added)

    @classmethod
    def _from_iterable(cls, atoms: Iterable[Atom]) -> frozenset[Atom]:
        return frozenset(atoms)  # what set operations (``|``, ``-``, ...) return

    def __repr__(self) -> str:
        return f"SharedAtoms({len(self)} atoms: {len(self.base)} shared, -{len(self.removed)} +{len(self.added)})"


def atom_set(atoms: Set) -> set[Atom]:
    """A mutable copy of ``atoms``. Copying a :class:`SharedAtoms`' base reuses
    its stored hashes, where iterating it would hash every atom again."""
    if not isinstance(atoms, SharedAtoms):
        return set(atoms)
    copy = set(atoms.base)
    copy -= atoms.removed
    copy |= atoms.added
    return copy
