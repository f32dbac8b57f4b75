"""Look-ahead for the goal-option search: is a pending part of the goal already false?

Truth is three-valued (None: open) over the keys the branch has fixed so far
(:class:`eai.ltl.assignment.Assignment`). Along a branch values only get
fixed, never changed, so a part's truth can change only when a key it read as
open gets fixed. Each pending item's truth is therefore remembered with the
open keys it read and the stretch of trail holding the fixed keys it read; it
is evaluated again only when one of those open keys has been fixed since, or
that stretch has been undone.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product

from eai.ltl.assignment import Assignment, Key, Stretch
from eai.ltl.syntax import And, Exists, Forall, Formula, ForN, Implies, Not, Or, Prim, Then
from eai.ltl.universe import ACTION, CLASS_TEST, Universe
from eai.world.actions import Action

Env = dict[str, str]
Item = tuple[Formula, Env, bool, bool]  # node, bindings, asserted true?, negative literals unlisted?
Work = tuple[Item, "Work"] | None  # a linked list of pending items


class Scopes:
    """The bodies a quantifier's scope gives, with their bindings
    (:meth:`Universe.scope`), worked out once per node."""

    def __init__(self, universe: Universe) -> None:
        self.universe = universe
        self.known: dict[int, tuple[Formula, tuple[str, ...], Formula]] = {}  # by id(node): node, domain, body

    def __call__(self, node: Forall | Exists | ForN, env: Env) -> list[tuple[Formula, Env]]:
        got = self.known.get(id(node))
        if got is None:
            got = self.known[id(node)] = (node, *self.universe.scope(node.var, node.body, not isinstance(node, Forall)))
        _, domain, body = got
        return [(body, {**env, node.var: obj}) for obj in domain]


class Lookahead:
    """Truth of pending items under ``assignment``, remembered per item."""

    def __init__(self, universe: Universe, assignment: Assignment, scope: Scopes) -> None:
        self.universe = universe
        self.assignment = assignment
        self.scope = scope
        # per item (by id): the item, the stretch of trail it read, its truth, the open keys it read
        self.known: dict[int, tuple[Item, Stretch, bool | None, tuple[Key, ...]]] = {}
        self.members: dict[int, tuple[Formula, Formula, tuple[str, ...]]] = {}
        self.open: list[Key] = []  # open keys read by the evaluation under way
        self.support = -1  # the deepest trail place of a fixed key it read

    def viable(self, work: Work) -> bool:
        """No pending item is already false."""
        while work is not None:
            item, work = work
            truth = self.item_truth(item)
            if truth is not None and truth != item[2]:
                return False
        return True

    def item_truth(self, item: Item) -> bool | None:
        """The truth of ``item``'s formula (whatever its sign), from memory when still valid."""
        known = self.known.get(id(item))
        if known is not None and known[0] is item and self.assignment.kept(known[1]):
            if self.assignment.value.keys().isdisjoint(known[3]):
                return known[2]
        self.open, self.support = [], -1
        truth = self._truth(item[0], item[1])
        self.known[id(item)] = (item, self.assignment.stretch(self.support), truth, tuple(self.open))
        return truth

    def _truth(self, node: Formula, env: Env) -> bool | None:
        if isinstance(node, Prim):
            return self.prim_truth(node, env)
        if isinstance(node, Not):
            return negate(self._truth(node.arg, env))
        if isinstance(node, Implies):
            return kleene_or((negate(self._truth(node.lhs, env)), self._truth(node.rhs, env)))
        if isinstance(node, (And, Or, Then)):
            truths = (self._truth(arg, env) for arg in node.args)
        elif isinstance(node, Forall):
            truths = (self._truth(body, inner) for body, inner in self.scope(node, env))
        else:
            body, members = self._members(node)
            truths = (self._truth(body, {**env, node.var: obj}) for obj in members)
        if isinstance(node, (And, Then, Forall)):
            return negate(kleene_or(map(negate, truths)))
        if isinstance(node, (Or, Exists)):
            return kleene_or(truths)
        surely = maybe = 0
        for truth in truths:
            surely += truth is True
            maybe += truth is not False
            if surely > node.n:
                return False
        if maybe < node.n:
            return False
        return True if surely == maybe else None

    def _members(self, node: Exists | ForN) -> tuple[Formula, tuple[str, ...]]:
        """The effective body and the objects of the scope for which it is not
        false by a class test on the variable (``exists x. (C(x) and B)``): the
        others add nothing to ``exists`` or to a count."""
        got = self.members.get(id(node))
        if got is None:
            universe = self.universe
            domain, body = universe.scope(node.var, node.body, True)
            classes = [arg.name for arg in body.args if isinstance(arg, Prim) and arg.args == (node.var,)
                       and universe.kind(arg) == CLASS_TEST] if isinstance(body, And) else []
            members = tuple(obj for obj in domain if all(universe.is_a(obj, c) for c in classes))
            got = self.members[id(node)] = (node, body, members)
        return got[1], got[2]

    def prim_truth(self, prim: Prim, env: Env) -> bool | None:
        universe = self.universe
        kind = universe.kind(prim)
        if kind == CLASS_TEST:
            return universe.passes(prim, universe.arguments(prim, env))
        args = universe.ground(prim, env)
        if args is not None:
            return self._read(Action(prim.name, args) if kind == ACTION else (prim.name, *args))
        denoted = universe.arguments(prim, env)
        if kind == ACTION:
            return kleene_or(self._read(Action(prim.name, a)) for a in product(*denoted))
        return kleene_or(self._read((prim.name, *a)) for a in product(*denoted))

    def _read(self, key: Key) -> bool | None:
        truth = self.assignment.value.get(key)
        if truth is None:
            self.open.append(key)
        else:
            self.support = max(self.support, self.assignment.where[key])
        return truth


def negate(truth: bool | None) -> bool | None:
    return None if truth is None else not truth


def kleene_or(truths: Iterable[bool | None]) -> bool | None:
    got: bool | None = False
    for truth in truths:
        if truth:
            return True
        if truth is None:
            got = None
    return got
