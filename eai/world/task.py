"""Tasks: an initial state, a goal and a gold plan over an object universe."""

from __future__ import annotations

from collections.abc import Mapping, Set as AbstractSet
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any

from eai.world.actions import Action
from eai.world.objects import Obj
from eai.world.state import Atom, Literal


@dataclass(frozen=True)
class Goal:
    """A task goal: the LTL formula and its structured parts (paper section 2.1).

    ``state`` goals are literals over unary atoms (``CLOSED(washing_machine.1001)``),
    ``relation`` goals over binary ones, and ``action`` goals an ordered list of
    steps, each a tuple of alternative action names (``("LOOKAT", "WATCH")``).
    For quantified goals the structured parts are the first grounded option.
    ``classes`` says how the benchmark reads the formula's class tests where
    it reads them wider than the class itself: ``("Knife", ("ButterKnife",))``
    makes ``Knife(x)`` hold of a ``ButterKnife`` too (ALFRED matches types by
    substring; :class:`eai.ltl.Universe`); empty: each class test exactly.
    """

    ltl: str
    state: tuple[Literal, ...] = ()
    relation: tuple[Literal, ...] = ()
    action: tuple[tuple[str, ...], ...] = ()
    classes: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class TransitionModelTask:
    """What transition modeling needs: the operators the task uses, its PDDL
    problem text and the predicate categories it exercises."""

    operators: tuple[str, ...]
    problem: str
    categories: tuple[str, ...] = ()


@dataclass(frozen=True, eq=False)
class Task:
    """One task of a suite.

    ``objects`` is the whole universe the simulator knows; ``relevant`` names
    the objects a prompt shows. ``extra`` holds simulator-specific data under
    the simulator's name (``extra["behavior"]["bddl_goal"]``). ``generation``
    is how a generated task was made (generator, category, template, seed,
    filter decision; docs/generation.md), empty for a task from a benchmark.
    ``evaluation`` holds PARTNR-style evaluation functions (propositions,
    dependencies, constraints; docs/collaboration.md), empty when the task has none.
    """

    id: str
    suite: str
    name: str
    instruction: str
    objects: tuple[Obj, ...]
    init: AbstractSet[Atom]  # a frozenset, or SharedAtoms for tasks sharing a scene
    goal: Goal
    gold_plan: tuple[Action, ...] = ()
    relevant: tuple[str, ...] = ()
    transition_model: TransitionModelTask | None = None
    extra: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    generation: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    evaluation: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def category(self) -> str:
        """The task category a generator gave it (``""`` for a benchmark's task)."""
        return str(self.generation.get("category", ""))

    @cached_property
    def object_by_id(self) -> Mapping[str, Obj]:
        return MappingProxyType({obj.id: obj for obj in self.objects})

    def __repr__(self) -> str:
        return f"Task({self.suite}/{self.id}: {self.name!r})"
