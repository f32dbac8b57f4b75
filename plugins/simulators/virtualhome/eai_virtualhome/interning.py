"""Fresh atom indexes for the many worlds of one scene, built cheaply.

All VirtualHome tasks share one scene: about 6,000 atoms, of which a task
changes a few hundred. Interning 6,000 tuples per world costs milliseconds
(each tuple is hashed), so a template is interned once: a world's index is a
copy of the template's (no rehashing) plus the task's own atoms, and its
initial bits are the template's minus the atoms the task lacks. The template
is the shared scene of tasks stored as changes to it
(:class:`eai.world.SharedAtoms`), whose changes are read directly; for other
tasks it is the first task's atoms, and set differences with it reuse stored
hashes (a task sharing less than half its atoms with it replaces it). The
template's relation masks (:mod:`eai_virtualhome.graph`) are built once and
shared by its worlds, whose first atoms have the template's positions.
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from dataclasses import dataclass, field

from eai.plugin_api import Atom, AtomIndex, SharedAtoms
from eai_virtualhome.graph import RelationMasks, relation_masks


@dataclass(frozen=True)
class _Template:
    atoms: frozenset[Atom]
    index: AtomIndex
    bits: int
    masks: dict
    derived: dict = field(default_factory=dict)  # RelationMasks.among's masks of the template's atoms


_template: _Template | None = None


def _make_template(atoms: frozenset[Atom]) -> _Template:
    global _template
    index = AtomIndex(atoms)
    _template = _Template(atoms, index, (1 << len(atoms)) - 1, relation_masks(index))
    return _template


def index_of(init: Set[Atom], more: Iterable[Atom] = ()) -> tuple[AtomIndex, int, RelationMasks]:
    """A new index in which the atoms of ``init`` and ``more`` are interned, their bits, and its relation masks."""
    template = _template
    if isinstance(init, SharedAtoms):
        if template is None or template.atoms is not init.base:
            template = _make_template(init.base)
        lacking, extra = init.removed, [*init.added, *more]
    else:
        atoms = set(init)
        atoms.update(more)
        extra = atoms - template.atoms if template else atoms
        if template is None or 2 * len(extra) > len(atoms):
            template, extra = _make_template(frozenset(atoms)), set()
        lacking = template.atoms - atoms
    index = template.index.copy()
    bits = template.bits
    for atom in lacking:
        bits &= ~(1 << index.bit(atom))
    for atom in extra:
        bits |= 1 << index.bit(atom)
    return index, bits, RelationMasks(index, template.masks, len(template.index), template.derived)
