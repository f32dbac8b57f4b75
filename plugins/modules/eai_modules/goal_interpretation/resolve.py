"""From goals as written to predictions over a task's objects and predicates.

Names of predicates and actions compare ignoring case and every character
that is not a letter or digit (``NextTo`` = ``nextto``, ``Toggled_On`` =
``toggled_on``, ``PLUGGED IN`` = ``PLUGGED_IN``). A goal with one object is a
state goal and must name a state predicate; one with two objects is a
relation goal and must name a relation predicate or one of the vocabulary's
relation aliases (VirtualHome's ``ON`` and ``CLOSE``); an action goal must
name an action. A name glued to ``not_`` (``not_OPEN``) negates the rest,
unless the vocabulary has a predicate of that name (habitat's ``not_holding``).

An object name resolves, compared by :func:`eai.base.names.name_key` (case,
quotes, spaces and hyphens aside), to:
1. the object with that id (``washing_machine.1001``, ``bathtub.n.01_1``);
2. else the objects of that class (``washing_machine``, ``bathtub.n.01``):
   the *candidates*, the task's relevant objects first, then the others in
   the task's order; with more than one the name is *ambiguous* and the
   matcher picks the candidate that matches the gold goals;
3. else the object the simulator's world reads the name as
   (:meth:`eai.simulation.simulator.World.resolve_args`: ``soap (1002)``, scene names).
A name none of these resolves, and a predicate or action the vocabulary does
not have, is a hallucination. A goal with no objects or more than two (or an
unreadable item) is malformed. Both can never match a gold goal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property

from eai.plugin_api import Literal, Task, Vocabulary, World, name_key
from eai_modules.goal_interpretation.parse import RawGoal

STATE, RELATION, ACTION = "state", "relation", "action"
KINDS = (STATE, RELATION, ACTION)
SECTION_KINDS = {"node": STATE, "edge": RELATION, "action": ACTION}


@dataclass(frozen=True)
class Prediction:
    """One predicted goal: its kind, sign, predicate (or action) and, per
    object, the candidate object ids. ``problem`` says why it can never
    match (``""`` if it can); ``hallucinated`` tells a hallucination from a
    malformed goal."""

    kind: str
    written: RawGoal
    positive: bool = True
    predicate: str = ""
    candidates: tuple[tuple[str, ...], ...] = ()
    problem: str = ""
    hallucinated: bool = False

    @property
    def ambiguous(self) -> bool:
        return any(len(c) > 1 for c in self.candidates)

    def fits(self, gold: Literal | tuple[str, ...]) -> bool:
        """Can this prediction be ``gold`` (a literal, or an action step's alternatives)?"""
        if self.problem:
            return False
        if self.kind == ACTION:
            return self.predicate in gold
        positive, atom = gold  # type: ignore[misc]
        return (positive == self.positive and atom[0] == self.predicate and len(atom) == len(self.candidates) + 1
                and all(obj in allowed for obj, allowed in zip(atom[1:], self.candidates)))


_NOT_ALNUM = re.compile(r"[^a-z0-9]")
_GLUED_NOT = re.compile(r"^not_", re.I)


def _word(name: str) -> str:
    return _NOT_ALNUM.sub("", name.lower())


_READ: dict[int, tuple[Vocabulary, dict[str, dict[str, str]]]] = {}  # per vocabulary (kept, so its id stays its own)


def _predicates(vocabulary: Vocabulary) -> dict[str, dict[str, str]]:
    """Per kind of goal, the vocabulary's names by :func:`_word`; read once per vocabulary."""
    known = _READ.get(id(vocabulary))
    if known is None or known[0] is not vocabulary:
        relations = {_word(p): p for p in vocabulary.relation_predicates}
        relations.update({_word(alias): p for alias, p in vocabulary.relation_aliases.items()})
        maps = {STATE: {_word(p): p for p in vocabulary.state_predicates}, RELATION: relations,
                ACTION: {_word(a): a for a in vocabulary.actions}}
        known = _READ[id(vocabulary)] = (vocabulary, maps)
    return known[1]


class Resolver:
    """Resolves the goals written for one task (see module doc)."""

    def __init__(self, task: Task, vocabulary: Vocabulary, world: Callable[[], World]) -> None:
        self.task = task
        self._world_factory = world
        relevant = {oid: i for i, oid in enumerate(task.relevant)}
        ordered = sorted(range(len(task.objects)), key=lambda i: (relevant.get(task.objects[i].id, len(relevant)), i))
        by_class: dict[str, list[str]] = {}
        for i in ordered:
            by_class.setdefault(task.objects[i].class_name, []).append(task.objects[i].id)
        self.by_class = {name_key(name): tuple(ids) for name, ids in by_class.items()}
        self.predicates = _predicates(vocabulary)
        self._cache: dict[str, tuple[str, ...]] = {}

    @cached_property
    def _world(self) -> World:
        return self._world_factory()

    @cached_property
    def _ids(self) -> dict[str, str]:
        return {name_key(obj.id): obj.id for obj in self.task.objects}

    def candidates(self, name: str) -> tuple[str, ...]:
        """The objects ``name`` may denote; empty when none."""
        got = self._cache.get(name)
        if got is None:
            key = name_key(name)
            if key in self.task.object_by_id:
                got = (key,)
            elif key in self.by_class:
                got = self.by_class[key]
            elif key in self._ids:
                got = (self._ids[key],)
            else:
                resolved = self._world.resolve_args([name]) if key else []
                got = (resolved[0],) if len(resolved) == 1 and resolved[0] is not None else ()
            self._cache[name] = got
        return got

    def predictions(self, goals: Iterable[RawGoal]) -> list[Prediction]:
        """The predictions of ``goals`` in answer order. Goals that cannot
        match count once when written the same; repeats of the others are
        kept, for the matcher to read (a repeat with an ambiguous name may
        stand for another object of the class, :func:`match.score`)."""
        seen: set[tuple] = set()
        out = []
        for goal in goals:
            p = self.resolve(goal)
            key = (p.kind, str(p.written))
            if not p.problem or key not in seen:
                seen.add(key)
                out.append(p)
        return out

    def resolve(self, goal: RawGoal) -> Prediction:
        kind = SECTION_KINDS[goal.section]
        if not goal.predicate:
            return Prediction(kind, goal, problem="unreadable goal")
        if kind != ACTION:
            if len(goal.args) not in (1, 2):
                return Prediction(kind, goal, problem=f"{len(goal.args)} objects (a goal takes one or two)")
            kind = STATE if len(goal.args) == 1 else RELATION
        predicate = self.predicates[kind].get(_word(goal.predicate))
        positive = goal.positive
        glued = _GLUED_NOT.match(goal.predicate)
        if predicate is None and glued:  # "not_open": the negation of open, unless not_open is a predicate
            predicate, positive = self.predicates[kind].get(_word(goal.predicate[glued.end():])), not positive
        if predicate is None:
            problem = f"unknown {kind} {goal.predicate!r}"
            return Prediction(kind, goal, goal.positive, problem=problem, hallucinated=True)
        candidates = tuple(self.candidates(name) for name in goal.args)
        unknown = [name for name, found in zip(goal.args, candidates) if not found]
        if unknown:
            problem = "unknown object " + ", ".join(map(repr, unknown))
            return Prediction(kind, goal, positive, predicate, candidates, problem, hallucinated=True)
        return Prediction(kind, goal, positive, predicate, candidates)
