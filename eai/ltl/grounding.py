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
is abandoned at once rather than after enumerating its sub-branches
(:mod:`eai.ltl.lookahead`). Until the search first backs up, it goes straight
down, often to the very option the preferred state asks for; the branch points
on that path are checked only when the search comes back to them, before their
second alternative (the same check over the same literals). So the search does
at most that one path of work more than checking at every branch, and prunes
the same branches afterwards. The look-ahead never drops a branch with
options: it decides how fast options come, never which or in what order.
Where later alternatives can only repeat options of the first one
(:mod:`eai.ltl.replay`), they are read from its options instead of being
searched again; :mod:`eai.ltl.preference` orders alternatives by the preferred state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import chain, combinations, product

from eai.ltl.assignment import Assignment, Key, Mark
from eai.ltl.lookahead import Env, Item, Lookahead, Scopes, Work
from eai.ltl.preference import Preference
from eai.ltl.replay import Replay, replay_of
from eai.ltl.syntax import And, Exists, Forall, Formula, ForN, Implies, Not, Or, Prim, Then
from eai.ltl.universe import ACTION, CLASS_TEST, Universe
from eai.world.actions import Action
from eai.world.state import Atom, State


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
    """Alternatives for one item: each a list of items that must all hold.
    ``ordered``: already in the order the preferred state asks for."""

    def __init__(self, alternatives: Iterable[list[Item]], ordered: bool = False, replay: Replay | None = None) -> None:
        self.alternatives = alternatives
        self.ordered = ordered
        self.replay = replay


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
    """One depth-first search over an :class:`Assignment`."""

    def __init__(self, universe: Universe, prefer: State | None = None) -> None:
        self.universe = universe
        self.now = Assignment()
        self.scope = Scopes(universe)  # shared with the look-ahead, which must not hold the search (no cycle)
        self.lookahead = Lookahead(universe, self.now, self.scope)
        self.preference = None if prefer is None else Preference(universe, prefer, self.scope)

    def run(self, root: Formula) -> Iterator[GoalOption]:
        # per branch point: its alternatives left, the work after it, the mark before it, its replay,
        # and the work the look-ahead checks before its second alternative (None: checked, or a replay)
        branches: list[tuple[Iterator[list[Item]], Work, Mark, Replay | None, Work]] = []
        log: list[tuple[GoalOption, dict[Key, bool]]] = []  # options found while a replay's first alternative runs
        recording = 0  # how many replays' first alternatives are running
        now = self.now
        work: Work = ((root, {}, True, False), None)
        backtracked = False
        while True:
            while work is not None:
                item, work = work
                got = self._expand(item)
                if isinstance(got, list):
                    work = _push(got, work)
                    continue
                if got is None:
                    break
                preference = None if got.ordered else self.preference
                alternatives = iter(got.alternatives if preference is None else preference.order(got.alternatives))
                first = next(alternatives, None)
                if first is None:
                    break
                replay = got.replay
                # a replay's first alternative fixes nothing: the next look-ahead will do
                unchecked = None if replay else (item, work)
                if unchecked is not None and backtracked:  # else checked when the search comes back
                    if not self.lookahead.viable(unchecked):
                        break
                    unchecked = None
                branches.append((alternatives, work, now.mark(), replay, unchecked))
                if replay is not None:
                    replay.start = len(log)
                    recording += 1
                work = _push(first, work)
            else:
                option = GoalOption(tuple(now.literals), tuple(now.actions))
                if recording:
                    log.append((option, dict(now.value)))
                yield option
            backtracked = True
            while True:  # back to the last branch point with an alternative left
                if not branches:
                    return
                alternatives, rest, mark, replay, unchecked = branches[-1]
                now.undo(mark)
                if replay is not None:
                    branches.pop()
                    recording -= 1
                    found, log = log[replay.start:], log[:replay.start] if not recording else log
                    for again in replay.again(found):
                        if recording:
                            log.append(again)
                        yield again[0]
                    continue
                if unchecked is not None:
                    branches[-1] = (alternatives, rest, mark, None, None)
                    if not self.lookahead.viable(unchecked):
                        branches.pop()
                        continue
                chosen = next(alternatives, None)
                if chosen is None:
                    branches.pop()
                    continue
                work = _push(chosen, rest)
                break

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
            return _Choice([[part] for part in parts]) if positive else parts
        if isinstance(node, ForN):
            return _Choice(self._counts(node, env, positive, unlisted), ordered=True)
        if isinstance(node, (And, Or)):
            parts = [(arg, env, positive, unlisted) for arg in node.args]
        else:
            parts = [(body, inner, positive, unlisted) for body, inner in self.scope(node, env)]
        if isinstance(node, (And, Forall)) == positive:
            return parts
        alternatives = [[part] for part in parts]
        if unlisted:  # the preferred state cannot order alternatives that list nothing
            return _Choice(alternatives, ordered=True, replay=replay_of(alternatives, self.universe, self.lookahead) if isinstance(node, And) else None)
        return _Choice(alternatives)

    def _prim(self, prim: Prim, env: Env, positive: bool, unlisted: bool) -> list[Item] | _Choice | None:
        universe = self.universe
        kind = universe.kind(prim)
        if kind == CLASS_TEST:
            truth = universe.passes(prim, universe.arguments(prim, env))
            return [] if truth == positive else None
        args = universe.ground(prim, env)
        if args is None:
            ground: list[Item] = [(Prim(prim.name, a), {}, positive, unlisted)
                                  for a in product(*universe.arguments(prim, env))]
            return _Choice([g] for g in ground) if positive else ground
        if kind == ACTION:
            action = Action(prim.name, args)
            if not self.now.require(action, positive):
                return None
            if positive:
                self.now.actions.append(action)
            return []
        atom = (prim.name, *args)
        if not self.now.require(atom, positive):
            return None
        if positive or not unlisted:
            self.now.list_literal(positive, atom)
        return []

    def _counts(self, node: ForN, env: Env, positive: bool, unlisted: bool) -> Iterator[list[Item]]:
        """Alternatives for ``forn`` (positive) or ``not forn`` (negative), in preferred order.

        Each alternative picks some objects to satisfy the body: exactly N
        (the others must not), or for ``not forn`` fewer than N (the others
        must not) or N + 1. With a preferred state, the alternatives whose
        picked objects all satisfy the body there come first (so sorting the
        lazily made alternatives is never needed).
        """
        bodies = self.scope(node, env)
        everyone = range(len(bodies))
        # one item per object and sign, shared by the alternatives (so their truths are remembered across them)
        holding = [(*body, True, unlisted) for body in bodies]
        failing = [(*body, False, True) for body in bodies]
        counts = [(node.n, True)] if positive else [(k, True) for k in range(min(node.n, len(bodies) + 1))]
        counts += [] if positive else [(node.n + 1, False)]

        def alternatives(among: Sequence[int], keep: Callable[[tuple[int, ...]], bool]) -> Iterator[list[Item]]:
            for k, exclusive in counts:
                for picked in combinations(among, k) if k <= len(among) else ():
                    if keep(picked):
                        chosen = set(picked)
                        others = [failing[i] for i in everyone if i not in chosen] if exclusive else []
                        yield [holding[i] for i in picked] + others

        if self.preference is None or unlisted:  # the preferred state cannot order alternatives that list nothing
            return alternatives(everyone, lambda picked: True)
        liked = [i for i, (body, inner) in enumerate(bodies) if self.preference.fact(body, inner)]
        liking = set(liked)
        return chain(alternatives(liked, lambda picked: True),
                     alternatives(everyone, lambda picked: not liking.issuperset(picked)))
