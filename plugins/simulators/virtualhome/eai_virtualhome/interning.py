"""Fresh atom indexes for the many worlds of one scene, built cheaply.

All VirtualHome tasks share one scene: about 6,000 atoms, of which a task
changes a few hundred. Interning 6,000 tuples per world costs milliseconds
(each tuple is hashed), so the first task's atoms become a template: a world's
index is a copy of the template's (no rehashing) plus the task's own atoms,
and its initial bits are the template's minus the atoms the task lacks. Set
differences between the task's atoms and the template reuse stored hashes.
A task that shares less than half its atoms with the template replaces it.
The template's relation masks (:mod:`eai_virtualhome.graph`) are built once
and shared by its worlds, whose first atoms have the template's positions.
"""

from __future__ import annotations

from dataclasses import dataclass

from eai.world import Atom, AtomIndex
from eai_virtualhome.graph import RelationMasks, relation_masks


@dataclass(frozen=True)
class _Template:
    atoms: frozenset[Atom]
    index: AtomIndex
    bits: int
    masks: dict


_template: _Template | None = None


def index_of(atoms: set[Atom]) -> tuple[AtomIndex, int, RelationMasks]:
    """A new index in which ``atoms`` are interned, the bits of ``atoms``, and its relation masks."""
    global _template
    template = _template
    extra = atoms - template.atoms if template else atoms
    if template is None or 2 * len(extra) > len(atoms):
        frozen = frozenset(atoms)
        index = AtomIndex(frozen)
        template = _template = _Template(frozen, index, (1 << len(frozen)) - 1, relation_masks(index))
        extra = set()
    index = template.index.copy()
    bits = template.bits
    for atom in template.atoms - atoms:
        bits &= ~(1 << index.bit(atom))
    for atom in extra:
        bits |= 1 << index.bit(atom)
    return index, bits, RelationMasks(index, template.masks, len(template.index))
