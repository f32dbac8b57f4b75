"""Whether a trajectory satisfies an LTL goal (paper section 2.1).

A trajectory ``s0, a1, s1, ..., an, sn`` is read as the pairs
``(s0, a1), (s1, a2), ..., (s_{n-1}, an), (sn, None)``. A *state formula*
(no ``then`` inside) is true at a pair: a state predicate iff its atom is in
the pair's state, an action proposition iff the pair's action is that action,
a class test iff the object has that class (names resolve as
:mod:`eai.ltl.universe` says). A segment of consecutive pairs satisfies

* a state formula iff some pair of it does ("eventually");
* ``F1 then F2 ... then Fk`` iff it splits into k non-empty consecutive parts
  satisfying ``F1 .. Fk`` in order;
* ``not``/``and``/``or``/``implies``/quantifiers over formulas containing
  ``then`` by combining their parts' truth on that same segment, ``forn N``
  meaning exactly N objects.

The whole trajectory is the segment evaluated. Every split is considered, so
``then`` is exact also under ``not``. On chains of state formulas (all the
VirtualHome goals) this agrees with upstream's greedy shortest-prefix matching;
upstream differs on e.g. ``(A then B) then C``, where its inner ``then``
consumes the whole trajectory.

Evaluation is dynamic programming: a state formula becomes an int bitmask over
pairs (each pair evaluated once, bitwise for all pairs together), a temporal
node a table ``t[i]`` = bitmask of the ends ``j`` such that segment ``i..j``
satisfies it. Results are memoised per node and binding of its free
quantified variables, so cost is polynomial in trajectory length.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product

from eai.ltl.syntax import And, Exists, Forall, Formula, ForN, Implies, Not, Or, Prim, Then, has_then
from eai.ltl.universe import ACTION, CLASS_TEST, Universe
from eai.world.actions import Action, Trajectory
from eai.world.state import Atom, State

Env = dict[str, str]


def evaluate(formula: Formula, trajectory: Trajectory, universe: Universe) -> bool:
    """Whether ``trajectory`` as a whole satisfies ``formula``."""
    run = _Run(formula, universe, trajectory.states, (*trajectory.actions, None))
    if run.temporal(formula):
        return run.table(formula, {})[0] >> (run.size - 1) & 1 == 1
    return run.mask(formula, {}) != 0


def holds(formula: Formula, state: State, universe: Universe, action: Action | None = None) -> bool:
    """Whether the state formula ``formula`` is true at the pair ``(state, action)``."""
    if has_then(formula):
        raise ValueError("holds() needs a state formula; this one contains 'then'")
    return _Run(formula, universe, (state,), (action,)).mask(formula, {}) == 1


def _exactly(n: int, masks: Sequence[int], full: int) -> int:
    """The positions of ``full`` set in exactly ``n`` of ``masks``."""
    if n > len(masks):
        return 0
    counts = [full] + [0] * n  # counts[c]: positions set in c masks so far
    for mask in masks:
        for c in range(n, 0, -1):
            counts[c] = (counts[c] & ~mask) | (counts[c - 1] & mask)
        counts[0] &= ~mask
        if not any(counts):
            break
    return counts[n]


class _Run:
    """One evaluation: a formula over the pairs of one trajectory."""

    def __init__(
        self, formula: Formula, universe: Universe, states: Sequence[State], actions: Sequence[Action | None]
    ) -> None:
        self.universe = universe
        self.states = states
        self.size = len(states)
        self.full = (1 << self.size) - 1
        self.starts = [self.full >> i << i for i in range(self.size)]  # ends j >= i
        self.at: dict[str, list[tuple[int, tuple[str, ...]]]] = {}
        for k, action in enumerate(actions):
            if action is not None:
                self.at.setdefault(action.name, []).append((k, action.args))
        self.bound = _quantified(formula)
        self.facts: dict[int, tuple[Formula, bool, tuple[str, ...]]] = {}
        self.scopes: dict[int, tuple[Formula, tuple[str, ...], Formula]] = {}
        self.atoms: dict[Atom, int] = {}
        self.masks: dict[tuple, int] = {}
        self.tables: dict[tuple, list[int]] = {}
        self.acted: frozenset[str] | None = None

    # Facts about nodes, cached by identity: the formula outlives the run.

    def _facts(self, node: Formula) -> tuple[Formula, bool, tuple[str, ...]]:
        """(node, contains then, free quantified variables)."""
        got = self.facts.get(id(node))
        if got is None:
            if isinstance(node, Prim):
                temporal, free = False, {a for a in node.args if a in self.bound}
            elif isinstance(node, Not):
                temporal, free = self.temporal(node.arg), set(self._facts(node.arg)[2])
            elif isinstance(node, (And, Or, Then, Implies)):
                parts = (node.lhs, node.rhs) if isinstance(node, Implies) else node.args
                temporal = isinstance(node, Then) or any(self.temporal(p) for p in parts)
                free = {v for p in parts for v in self._facts(p)[2]}
            else:
                temporal, free = self.temporal(node.body), set(self._facts(node.body)[2]) - {node.var}
            got = self.facts[id(node)] = (node, temporal, tuple(sorted(free)))
        return got

    def temporal(self, node: Formula) -> bool:
        return self._facts(node)[1]

    def _key(self, node: Formula, env: Env) -> tuple:
        return (id(node), *(env.get(v) for v in self._facts(node)[2]))

    def _scope(self, node: Forall | Exists | ForN, env: Env) -> Iterable[tuple[Formula, Env]]:
        """The quantifier's body with each binding of its variable."""
        got = self.scopes.get(id(node))
        if got is None:
            got = self.scopes[id(node)] = (node, *self.universe.scope(node.var, node.body, not isinstance(node, Forall)))
        _, domain, body = got
        return ((body, {**env, node.var: obj}) for obj in domain)

    # State formulas: bitmasks over pairs.

    def mask(self, node: Formula, env: Env) -> int:
        """Bit k set iff the state formula ``node`` is true at pair k."""
        if isinstance(node, Prim):
            return self._prim(node, env)
        key = self._key(node, env)
        got = self.masks.get(key)
        if got is None:
            got = self.masks[key] = self._compound_mask(node, env)
        return got

    def _compound_mask(self, node: Formula, env: Env) -> int:
        full = self.full
        if isinstance(node, Not):
            return full & ~self.mask(node.arg, env)
        if isinstance(node, And):
            got = full
            for arg in node.args:
                got &= self.mask(arg, env)
                if not got:
                    break
            return got
        if isinstance(node, Or):
            got = 0
            for arg in node.args:
                got |= self.mask(arg, env)
                if got == full:
                    break
            return got
        if isinstance(node, Implies):
            return (full & ~self.mask(node.lhs, env)) | self.mask(node.rhs, env)
        if isinstance(node, Forall):
            got = full
            for body, inner in self._scope(node, env):
                got &= self.mask(body, inner)
                if not got:
                    break
            return got
        if isinstance(node, Exists):
            got = 0
            acted = self._acted_on() if self._only_actions(node.body, node.var) else None
            for body, inner in self._scope(node, env):
                if acted is not None and inner[node.var] not in acted:
                    continue  # an object no action names cannot make actions true
                got |= self.mask(body, inner)
                if got == full:
                    break
            return got
        if isinstance(node, ForN):
            return _exactly(node.n, [self.mask(body, inner) for body, inner in self._scope(node, env)], full)
        raise TypeError(f"not a state formula: {node!r}")

    def _only_actions(self, node: Formula, var: str) -> bool:
        """Is ``node`` built with and/or of action propositions that all take
        ``var`` as an argument (so each is false for an object no action names)?"""
        if isinstance(node, Prim):
            return self.universe.kind(node) == ACTION and var in node.args
        return isinstance(node, (And, Or)) and all(self._only_actions(arg, var) for arg in node.args)

    def _acted_on(self) -> frozenset[str]:
        if self.acted is None:
            self.acted = frozenset(a for moves in self.at.values() for _, args in moves for a in args)
        return self.acted

    def _prim(self, prim: Prim, env: Env) -> int:
        universe = self.universe
        denoted = universe.arguments(prim, env)
        kind = universe.kind(prim)
        if kind == CLASS_TEST:
            return self.full if universe.passes(prim, denoted) else 0
        got = 0
        if kind == ACTION:
            for k, args in self.at.get(prim.name, ()):
                if len(args) == len(denoted) and all(a in d for a, d in zip(args, denoted)):
                    got |= 1 << k
            return got
        for args in product(*denoted):
            got |= self._atom((prim.name, *args))
        return got

    def _atom(self, atom: Atom) -> int:
        got = self.atoms.get(atom)
        if got is None:
            got = self.atoms[atom] = sum(1 << k for k, state in enumerate(self.states) if atom in state)
        return got

    # Temporal formulas: t[i] = bitmask of the ends j of satisfying segments i..j.

    def table(self, node: Formula, env: Env) -> list[int]:
        key = self._key(node, env)
        got = self.tables.get(key)
        if got is None:
            got = self.tables[key] = self._table(node, env)
        return got

    def _table(self, node: Formula, env: Env) -> list[int]:
        if not self.temporal(node):
            return self._eventually(self.mask(node, env))
        starts = self.starts
        if isinstance(node, Then):
            got = self.table(node.args[0], env)
            for arg in node.args[1:]:
                got = self._then(got, self.table(arg, env))
            return got
        if isinstance(node, Not):
            return [start & ~t for start, t in zip(starts, self.table(node.arg, env))]
        if isinstance(node, Implies):
            lhs, rhs = self.table(node.lhs, env), self.table(node.rhs, env)
            return [(start & ~a) | b for start, a, b in zip(starts, lhs, rhs)]
        if isinstance(node, (And, Or)):
            parts = [self.table(arg, env) for arg in node.args]
        else:
            parts = [self.table(body, inner) for body, inner in self._scope(node, env)]
        columns = list(zip(*parts)) if parts else [()] * self.size  # columns[i]: the parts' t[i]
        if isinstance(node, (And, Forall)):
            return [start & _all(ts) for start, ts in zip(starts, columns)]
        if isinstance(node, (Or, Exists)):
            return [_any(ts) for ts in columns]
        return [_exactly(node.n, ts, start) for start, ts in zip(starts, columns)]

    def _eventually(self, mask: int) -> list[int]:
        """The table of a state formula true at the pairs in ``mask``."""
        got, first = [0] * self.size, None
        for i in range(self.size - 1, -1, -1):
            if mask >> i & 1:
                first = i
            if first is not None:
                got[i] = self.starts[first]
        return got

    def _then(self, first: list[int], then: list[int]) -> list[int]:
        """The table of ``first then then``: split i..k, k+1..j for some k."""
        last = 1 << (self.size - 1)
        got = []
        for ends in first:
            ends &= ~last
            reach = 0
            while ends:
                low = ends & -ends
                reach |= then[low.bit_length()]
                ends ^= low
            got.append(reach)
        return got


def _all(masks: Iterable[int]) -> int:
    got = -1
    for mask in masks:
        got &= mask
    return got


def _any(masks: Iterable[int]) -> int:
    got = 0
    for mask in masks:
        got |= mask
    return got


def _quantified(formula: Formula) -> frozenset[str]:
    """Every variable some quantifier in ``formula`` binds."""
    if isinstance(formula, Prim):
        return frozenset()
    if isinstance(formula, Not):
        return _quantified(formula.arg)
    if isinstance(formula, (And, Or, Then)):
        return frozenset().union(*map(_quantified, formula.args))
    if isinstance(formula, Implies):
        return _quantified(formula.lhs) | _quantified(formula.rhs)
    return _quantified(formula.body) | {formula.var}
