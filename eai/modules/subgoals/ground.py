"""Subgoal formulas in the world's terms: canonical names, object ids, grammar errors.

A predicate or action name matches the vocabulary exactly, else ignoring
case and underscores (``ontop``, ``Next_To``, ``toggledon`` for
``toggled_on``), else among the vocabulary's state aliases for one argument
and relation aliases for two (``holds_rh(x)``, VirtualHome's ``ON(cup,
table)``); a state predicate wins over an action of the same name, as in
goals. An argument is an object id, a variable bound by a quantifier, or
what the world's ``resolve_args`` makes of it (names with or without ids,
scene names), else a class name, compared ignoring case, dots and
underscores (``jar_n_01`` for ``jar.n.01``), which means the object of that
class with the smallest id (``character`` in VirtualHome). A one-argument proposition
named after a class is a class test (quantifier guards). Anything else is a
hallucination; a known name with the wrong number of arguments is an arity
error. :func:`ground_lines` grounds a whole subgoal plan, line by line.
"""

from __future__ import annotations

import re

from eai.ltl import And, Formula, ForN, Implies, Not, Or, Prim, Then, Universe
from eai.modules.subgoals.parse import ParsedSubgoals
from eai.modules.subgoals.refine import Subgoal
from eai.simulation.simulator import Vocabulary, World
from eai.simulation.taxonomy import ErrorType


def _norm(name: str) -> str:
    return re.sub(r"[_.\s\-]", "", name).lower()


class GrammarError(Exception):
    """A subgoal names something the world does not have, or miscounts arguments."""

    def __init__(self, kind: ErrorType, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


class Grounder:
    """Reads subgoal formulas against one world and its simulator's vocabulary."""

    def __init__(self, world: World, vocabulary: Vocabulary) -> None:
        self.world = world
        self.arity = {name: spec.arity for name, spec in vocabulary.actions.items()}
        self.arity.update({name: 1 for name in vocabulary.state_predicates})
        self.arity.update({name: 2 for name in vocabulary.relation_predicates})
        self.names = {_norm(name): name for name in sorted(self.arity)}
        self.aliases = {arity: {_norm(alias): name for alias, name in aliases.items()}
                        for arity, aliases in ((1, vocabulary.state_aliases), (2, vocabulary.relation_aliases))}
        self.classes = {obj.class_name for obj in world.objects.values()}
        by_class: dict[str, str] = {}
        for obj_id in sorted(world.objects, reverse=True):
            by_class[_norm(world.objects[obj_id].class_name)] = obj_id
        self.by_class = by_class

    def ground(self, formula: Formula, bound: frozenset[str] = frozenset()) -> Formula:
        """``formula`` with canonical names and object ids; raises :class:`GrammarError`."""
        if isinstance(formula, Prim):
            return self._prim(formula, bound)
        if isinstance(formula, Not):
            return Not(self.ground(formula.arg, bound))
        if isinstance(formula, (And, Or, Then)):
            return type(formula)(tuple(self.ground(arg, bound) for arg in formula.args))
        if isinstance(formula, Implies):
            return Implies(self.ground(formula.lhs, bound), self.ground(formula.rhs, bound))
        inner = bound | {formula.var}
        if isinstance(formula, ForN):
            return ForN(formula.n, formula.var, self.ground(formula.body, inner))
        return type(formula)(formula.var, self.ground(formula.body, inner))  # forall, exists

    def _name(self, prim: Prim) -> str | None:
        """The vocabulary's name for ``prim``: an alias only when the name
        itself takes another number of arguments (VirtualHome's ``ON(tv)``
        is a state, ``ON(cup, table)`` stands for ``ONTOP``)."""
        name = prim.name if prim.name in self.arity else self.names.get(_norm(prim.name))
        alias = self.aliases.get(len(prim.args), {}).get(_norm(prim.name))
        return alias if alias and (name is None or self.arity[name] != len(prim.args)) else name

    def _prim(self, prim: Prim, bound: frozenset[str]) -> Prim:
        name = self._name(prim)
        if name is None:
            if len(prim.args) == 1 and prim.name in self.classes:
                return Prim(prim.name, tuple(self._arg(arg, bound) for arg in prim.args))
            raise GrammarError(ErrorType.HALLUCINATION, f"unknown predicate or action {prim.name!r}")
        if len(prim.args) != self.arity[name]:
            raise GrammarError(ErrorType.ARITY, f"{name} takes {self.arity[name]} argument(s), got {len(prim.args)}")
        return Prim(name, tuple(self._arg(arg, bound) for arg in prim.args))

    def _arg(self, arg: str, bound: frozenset[str]) -> str:
        if arg in bound or arg in self.world.objects:
            return arg
        resolved = self.world.resolve_args([arg])
        if len(resolved) == 1 and resolved[0] is not None:
            return resolved[0]
        found = self.by_class.get(_norm(arg))
        if found is None:
            raise GrammarError(ErrorType.HALLUCINATION, f"unknown object {arg!r}")
        return found


Error = tuple[str | None, int | None, str]


def ground_lines(parsed: ParsedSubgoals, world: World, vocabulary: Vocabulary,
                 universe: Universe) -> tuple[list[list[Subgoal]], Error | None]:
    """Each subgoal's alternatives in the world's names, or the plan's first grammar error."""
    if parsed.error:
        return [], (ErrorType.PARSING.value, None, parsed.error)
    if parsed.line_errors:
        i, error = parsed.line_errors[0]
        return [], (ErrorType.PARSING.value, i, f"{parsed.lines[i].text}: {error}")
    grounder = Grounder(world, vocabulary)
    lines = []
    for i, line in enumerate(parsed.lines):
        try:
            formula = grounder.ground(line.formula)  # type: ignore[arg-type]
        except GrammarError as err:
            return [], (err.kind.value, i, f"{line.text}: {err.detail}")
        alternatives = formula.args if isinstance(formula, Or) else (formula,)
        lines.append([Subgoal(alternative, universe) for alternative in alternatives])
    return lines, None
