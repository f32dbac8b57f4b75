"""The preferred state's order in the grounding search (:mod:`eai.ltl.grounding`): alternatives true there first."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import product

from eai.ltl.lookahead import Env, Item, Scopes
from eai.ltl.syntax import And, Exists, Forall, Formula, Implies, Not, Or, Prim, Then
from eai.ltl.universe import ACTION, CLASS_TEST, Universe
from eai.world.state import State


class Preference:
    """Truths of a goal's parts in one state, remembered per node and bindings."""

    def __init__(self, universe: Universe, prefer: State, scope: Scopes) -> None:
        self.universe = universe
        self.prefer = prefer
        self.scope = scope
        self.facts: dict[tuple[int, tuple[tuple[str, str], ...]], bool] = {}

    def order(self, alternatives: Iterable[list[Item]]) -> list[list[Item]]:
        """``alternatives``, those whose listed items all hold in the state first (a stable sort)."""
        return sorted(alternatives, key=lambda items: not all(self.fact(n, e) == p for n, e, p, unlisted in items
                                                              if not unlisted))

    def fact(self, node: Formula, env: Env) -> bool:
        """Truth in the preferred state (actions count as true: a state cannot tell)."""
        key = (id(node), tuple(env.items()))
        fact = self.facts.get(key)
        if fact is None:
            fact = self.facts[key] = self._fact_of(node, env)
        return fact

    def _fact_of(self, node: Formula, env: Env) -> bool:
        if isinstance(node, Prim):
            universe = self.universe
            kind = universe.kind(node)
            if kind == CLASS_TEST:
                return universe.passes(node, universe.arguments(node, env))
            if kind == ACTION:
                return True
            args = universe.ground(node, env)
            if args is not None:
                return (node.name, *args) in self.prefer
            atoms = ((node.name, *a) for a in product(*universe.arguments(node, env)))
            return any(atom in self.prefer for atom in atoms)
        if isinstance(node, Not):
            return not self.fact(node.arg, env)
        if isinstance(node, Implies):
            return not self.fact(node.lhs, env) or self.fact(node.rhs, env)
        if isinstance(node, (And, Then)):
            return all(self.fact(arg, env) for arg in node.args)
        if isinstance(node, Or):
            return any(self.fact(arg, env) for arg in node.args)
        truths = [self.fact(body, inner) for body, inner in self.scope(node, env)]
        if isinstance(node, Forall):
            return all(truths)
        if isinstance(node, Exists):
            return any(truths)
        return sum(truths) == node.n
