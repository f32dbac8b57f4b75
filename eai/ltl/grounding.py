"""Lazy grounding of a goal into goal options: the simple conjunctive goals that achieve it.

An option is what the paper scores a predicted goal against: state and
relation literals (sign, ground atom) and an ordered sequence of ground
actions. :func:`options` expands the goal into disjunctive normal form with
negation pushed inward, reading names as :mod:`eai.ltl.universe` says:

* ``and``/``forall`` take one option of every part, ``or``/``exists`` one part;
* ``forn N`` picks N of its objects, each satisfying the body, and requires the
  other objects not to; ``not forn N`` is ``forn k`` for some k < N, or at least
  N + 1 objects satisfying the body. The negative literals that "not to"
  implies are enforced but not listed (nothing is to be achieved for them);
  positive ones (from a negated body, ``forn 0 x. (not P(x))``) are listed;
* a class test is decided from the universe and never becomes a literal; a
  class-name argument expands to each object of the class;
* ``then`` concatenates its operands' literals and actions, in order;
* a negated action proposition forbids that action but is not listed.

Options are conjunctions over one consistent state: a branch requiring an atom
(or an action) both true and false is dropped, counting the unlisted literals
of ``forn``. So a goal like ``P(a) then not P(a)`` has no options. Actions are
not checked against each other: ``A(x) and B(y)``, which no single step
satisfies, still yields an option listing both. ``then`` must not occur under
negation (``not``, the left of ``implies``, a ``forn`` body): that has no
conjunctive form, and :func:`options` raises ValueError.

Options come from a depth-first search in a fixed order: objects in universe
order, alternatives in formula order, earlier parts of the formula branching
first. Before each branch the search checks, in three-valued logic over the
literals fixed so far, that no pending part has become false, so a dead branch
is abandoned at once rather than after enumerating its sub-branches.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import chain, combinations, product
from typing import Union

from eai.ltl.syntax import And, Exists, Forall, ForN, Formula, Implies, Not, Or, Prim, Then
from eai.ltl.universe import ACTION, CLASS_TEST, Universe
from eai.world.actions import Action
from eai.world.state import Atom, State

Env = dict[str, str]
Item = tuple[Formula, Env, bool, bool]  # node, bindings, asserted true?, negative literals unlisted?
Work = Union[tuple[Item, "Work"], None]  # a linked list of pending items


@dataclass(frozen=True)
class GoalOption:
    """One conjunctive way to achieve a goal.

    ``literals`` are (must hold, atom) pairs in the order the goal mentions
    them, each atom once; ``actions`` are the required actions in the order the
    goal mentions them (so in ``then`` order), as often as it requires them.
    """

    literals: tuple[tuple[bool, Atom], ...] = ()
    actions: tuple[Action, ...] = ()


class _Choice:
    """Alternatives for one item: each a list of items that must all hold."""

    def __init__(self, alternatives: Iterable[list[Item]]) -> None:
        self.alternatives = iter(alternatives)


def options(formula: Formula, universe: Universe, prefer: State | None = None) -> Iterator[GoalOption]:
    """The consistent goal options of ``formula``, lazily, in a deterministic order.

    With ``prefer``, alternatives that hold in that state are tried first, so
    when ``formula`` holds in it the first option does too, and otherwise the
    first options are the ones closest to it (a greedy order, not a proof).
    """
    _check_polarity(formula, 1)
    return _Search(universe, prefer).run(formula)


def _check_polarity(formula: Formula, polarity: int) -> None:
    """Raise if ``then`` occurs under negation; polarity 0 means both signs."""
    if isinstance(formula, Then):
        if polarity != 1:
            raise ValueError("cannot ground 'then' under negation (not, the left of implies, a forn body)")
        for arg in formula.args:
            _check_polarity(arg, 1)
    elif isinstance(formula, Not):
        _check_polarity(formula.arg, -polarity)
    elif isinstance(formula, (And, Or)):
        for arg in formula.args:
            _check_polarity(arg, polarity)
    elif isinstance(formula, Implies):
        _check_polarity(formula.lhs, -polarity)
        _check_polarity(formula.rhs, polarity)
    elif isinstance(formula, (Forall, Exists)):
        _check_polarity(formula.body, polarity)
    elif isinstance(formula, ForN):
        _check_polarity(formula.body, 0)


def _push(items: list[Item], work: Work) -> Work:
    for item in reversed(items):
        work = (item, work)
    return work


class _Search:
    """One depth-first search with an undo trail."""

    def __init__(self, universe: Universe, prefer: State | None = None) -> None:
        self.universe = universe
        self.prefer = prefer
        self.value: dict[Atom | Action, bool] = {}  # what the branch requires
        self.listed: set[Atom] = set()
        self.trail: list[tuple[bool, Atom | Action]] = []  # (listed?, key) to undo
        self.literals: list[tuple[bool, Atom]] = []
        self.actions: list[Action] = []
        self.scopes: dict[int, tuple[Formula, tuple[str, ...], Formula]] = {}

    def run(self, root: Formula) -> Iterator[GoalOption]:
        branches: list[tuple[Iterator[list[Item]], Work, tuple[int, int, int]]] = []
        work: Work = ((root, {}, True, False), None)
        while True:
            while work is not None:
                item, work = work
                got = self._expand(item)
                if isinstance(got, list):
                    work = _push(got, work)
                    continue
                if got is not None and self._viable((item, work)):
                    alternatives = got.alternatives if self.prefer is None else self._preferred(got.alternatives)
                    branches.append((alternatives, work, self._mark()))
                break
            else:
                yield GoalOption(tuple(self.literals), tuple(self.actions))
            work = None
            while branches and work is None:
                alternatives, rest, mark = branches[-1]
                self._undo(mark)
                chosen = next(alternatives, None)
                if chosen is None:
                    branches.pop()
                else:
                    work = _push(chosen, rest)
            if work is None:
                return

    # The trail.

    def _mark(self) -> tuple[int, int, int]:
        return len(self.trail), len(self.literals), len(self.actions)

    def _undo(self, mark: tuple[int, int, int]) -> None:
        trail, literals, actions = mark
        while len(self.trail) > trail:
            listed, key = self.trail.pop()
            if listed:
                self.listed.discard(key)
            else:
                del self.value[key]
        del self.literals[literals:], self.actions[actions:]

    def _require(self, key: Atom | Action, truth: bool) -> bool:
        have = self.value.get(key)
        if have is None:
            self.value[key] = truth
            self.trail.append((False, key))
        return have is None or have == truth

    # Expansion: one item into the items it needs, or alternatives, or None (conflict).

    def _expand(self, item: Item) -> list[Item] | _Choice | None:
        node, env, positive, unlisted = item
        if isinstance(node, Prim):
            return self._prim(node, env, positive, unlisted)
        if isinstance(node, Not):
            return [(node.arg, env, not positive, unlisted)]
        if isinstance(node, Then):
            return [(arg, env, positive, unlisted) for arg in node.args]
        if isinstance(node, Implies):
            parts = [(node.lhs, env, not positive, unlisted), (node.rhs, env, positive, unlisted)]
            return _Choice([part] for part in parts) if positive else parts
        if isinstance(node, ForN):
            return _Choice(self._counts(node, env, positive, unlisted))
        if isinstance(node, (And, Or)):
            parts = [(arg, env, positive, unlisted) for arg in node.args]
        else:
            parts = [(body, inner, positive, unlisted) for body, inner in self._scope(node, env)]
        if isinstance(node, (And, Forall)) == positive:
            return parts
        return _Choice([part] for part in parts)

    def _prim(self, prim: Prim, env: Env, positive: bool, unlisted: bool) -> list[Item] | _Choice | None:
        universe = self.universe
        denoted = [(env[a],) if a in env else universe.denotes(a) for a in prim.args]
        kind = universe.kind(prim)
        if kind == CLASS_TEST:
            truth = any(universe.class_of.get(obj) == prim.name for obj in denoted[0])
            return [] if truth == positive else None
        if any(len(d) != 1 for d in denoted):
            ground = [(Prim(prim.name, args), {}, positive, unlisted) for args in product(*denoted)]
            return _Choice([g] for g in ground) if positive else ground
        args = tuple(d[0] for d in denoted)
        if kind == ACTION:
            action = Action(prim.name, args)
            if not self._require(action, positive):
                return None
            if positive:
                self.actions.append(action)
            return []
        atom = (prim.name, *args)
        if not self._require(atom, positive):
            return None
        if (positive or not unlisted) and atom not in self.listed:
            self.listed.add(atom)
            self.trail.append((True, atom))
            self.literals.append((positive, atom))
        return []

    def _scope(self, node: Forall | Exists | ForN, env: Env) -> list[tuple[Formula, Env]]:
        got = self.scopes.get(id(node))
        if got is None:
            got = self.scopes[id(node)] = (node, *self.universe.scope(node.var, node.body, not isinstance(node, Forall)))
        _, domain, body = got
        return [(body, {**env, node.var: obj}) for obj in domain]

    def _counts(self, node: ForN, env: Env, positive: bool, unlisted: bool) -> Iterator[list[Item]]:
        """Alternatives for ``forn`` (positive) or ``not forn`` (negative)."""
        bodies = self._scope(node, env)
        everyone = range(len(bodies))

        def picks(k: int) -> Iterator[tuple[int, ...]]:
            return combinations(everyone, k) if k <= len(bodies) else iter(())

        def exactly(k: int) -> Iterator[list[Item]]:
            for picked in picks(k):
                chosen = set(picked)
                yield [(*bodies[i], True, unlisted) for i in picked] + [
                    (*bodies[i], False, True) for i in everyone if i not in chosen
                ]

        if positive:
            return exactly(node.n)
        fewer = chain.from_iterable(exactly(k) for k in range(min(node.n, len(bodies) + 1)))
        more = ([(*bodies[i], True, unlisted) for i in picked] for picked in picks(node.n + 1))
        return chain(fewer, more)

    # Preference: alternatives true in the preferred state first.

    def _preferred(self, alternatives: Iterator[list[Item]]) -> Iterator[list[Item]]:
        listed = list(alternatives)
        return iter(sorted(listed, key=lambda items: not all(self._fact(n, e) == p for n, e, p, unlisted in items
                                                             if not unlisted)))

    def _fact(self, node: Formula, env: Env) -> bool:
        """Truth in the preferred state (actions count as true: a state cannot tell)."""
        if isinstance(node, Prim):
            universe = self.universe
            denoted = [(env[a],) if a in env else universe.denotes(a) for a in node.args]
            kind = universe.kind(node)
            if kind == CLASS_TEST:
                return any(universe.class_of.get(obj) == node.name for obj in denoted[0])
            if kind == ACTION:
                return True
            return any((node.name, *args) in self.prefer for args in product(*denoted))  # type: ignore[operator]
        if isinstance(node, Not):
            return not self._fact(node.arg, env)
        if isinstance(node, Implies):
            return not self._fact(node.lhs, env) or self._fact(node.rhs, env)
        if isinstance(node, (And, Then)):
            return all(self._fact(arg, env) for arg in node.args)
        if isinstance(node, Or):
            return any(self._fact(arg, env) for arg in node.args)
        truths = [self._fact(body, inner) for body, inner in self._scope(node, env)]
        if isinstance(node, Forall):
            return all(truths)
        if isinstance(node, Exists):
            return any(truths)
        return sum(truths) == node.n

    # Look-ahead: three-valued truth under the literals fixed so far (None: open).

    def _viable(self, work: Work) -> bool:
        """No pending item is already false."""
        while work is not None:
            (node, env, positive, _), work = work
            truth = self._truth(node, env)
            if truth is not None and truth != positive:
                return False
        return True

    def _truth(self, node: Formula, env: Env) -> bool | None:
        if isinstance(node, Prim):
            return self._prim_truth(node, env)
        if isinstance(node, Not):
            truth = self._truth(node.arg, env)
            return None if truth is None else not truth
        if isinstance(node, Implies):
            return _kleene_or((_negate(self._truth(node.lhs, env)), self._truth(node.rhs, env)))
        if isinstance(node, (And, Or, Then)):
            truths = (self._truth(arg, env) for arg in node.args)
        else:
            truths = (self._truth(body, inner) for body, inner in self._scope(node, env))
        if isinstance(node, (And, Then, Forall)):
            return _negate(_kleene_or(map(_negate, truths)))
        if isinstance(node, (Or, Exists)):
            return _kleene_or(truths)
        surely = maybe = 0
        for truth in truths:
            surely += truth is True
            maybe += truth is not False
            if surely > node.n:
                return False
        if maybe < node.n:
            return False
        return True if surely == maybe else None

    def _prim_truth(self, prim: Prim, env: Env) -> bool | None:
        universe = self.universe
        denoted = [(env[a],) if a in env else universe.denotes(a) for a in prim.args]
        kind = universe.kind(prim)
        if kind == CLASS_TEST:
            return any(universe.class_of.get(obj) == prim.name for obj in denoted[0])
        if kind == ACTION:
            return _kleene_or(self.value.get(Action(prim.name, args)) for args in product(*denoted))
        if all(len(d) == 1 for d in denoted):
            return self.value.get((prim.name, *(d[0] for d in denoted)))
        return _kleene_or(self.value.get((prim.name, *args)) for args in product(*denoted))


def _negate(truth: bool | None) -> bool | None:
    return None if truth is None else not truth


def _kleene_or(truths: Iterable[bool | None]) -> bool | None:
    got: bool | None = False
    for truth in truths:
        if truth:
            return True
        if truth is None:
            got = None
    return got
