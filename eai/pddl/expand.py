"""Quantified conditions over one literal, written out over a problem's objects.

Over a problem's objects, ``exists (?o - t) l`` means the disjunction of
``l`` for every object of type ``t`` (subtypes included) and ``forall`` the
conjunction: writing them out changes no plan and no verdict. It changes how
fast a planner finds one. Fast Downward's translator turns a negated
``exists`` or a ``forall`` into axioms (derived predicates), which its
heuristics estimate poorly: VirtualHome's ``grab`` asks that not both hands
hold something, and greedy search with the FF heuristic wandered through
hundreds of thousands of states on ``417_2``, ``826_1`` and ``954_2`` (with
the operators their tasks need) where, written out, it expands under 2,000.

Only operators' conditions (preconditions, and the conditions of ``when``
effects) are written out, and only quantifiers that

- have one literal as their body (any other body would grow, in the
  translator's normal form, exponentially in the objects);
- are well formed as written: a declared predicate with the right number of
  arguments, each quantified variable's type within the predicate's type at
  its place (so a checker sees the same faults before and after);
- range over at least one and at most ``MAX_BINDINGS`` tuples of objects.

Everything else is left as written. Effects' own ``forall`` stays too (the
translator needs no axioms for it).
"""

from __future__ import annotations

import dataclasses
import math
from itertools import product

from eai.pddl.formula import And, Exists, Forall, Formula, Imply, Not, Or, Pred, When
from eai.pddl.model import Domain, Operator, Problem

MAX_BINDINGS = 1000


def expand_quantifiers(domain: Domain, problem: Problem) -> Domain:
    """``domain`` with its operators' literal quantifiers written out over ``problem``'s objects."""
    universe = _Universe(domain, problem)
    return dataclasses.replace(domain, operators=tuple(universe.operator(op) for op in domain.operators))


class _Universe:
    """The types, predicates and objects that decide how a quantifier is written out."""

    def __init__(self, domain: Domain, problem: Problem) -> None:
        self.parents = {name: parent or "object" for name, parent in domain.types if name != "object"}
        self.predicates = {decl.name: decl for decl in domain.predicates}
        self.objects: dict[str, list[str]] = {}
        for name, typ in problem.objects:
            for ancestor in self.ancestry(typ):
                self.objects.setdefault(ancestor, []).append(name)

    def ancestry(self, typ: str) -> list[str]:
        """``typ`` and the types above it (``""`` is ``object``)."""
        chain = [typ or "object"]
        while chain[-1] in self.parents and self.parents[chain[-1]] not in chain:
            chain.append(self.parents[chain[-1]])
        return chain

    def operator(self, op: Operator) -> Operator:
        return dataclasses.replace(op, precondition=self.condition(op.precondition), effect=self.effect(op.effect))

    def condition(self, f: Formula) -> Formula:
        if isinstance(f, (Exists, Forall)):
            written = self.written_out(f)
            return written if written is not None else type(f)(f.vars, self.condition(f.body))
        if isinstance(f, Not):
            return Not(self.condition(f.arg))
        if isinstance(f, (And, Or)):
            return type(f)(tuple(self.condition(a) for a in f.args))
        if isinstance(f, Imply):
            return Imply(self.condition(f.lhs), self.condition(f.rhs))
        return f

    def effect(self, f: Formula) -> Formula:
        if isinstance(f, And):
            return And(tuple(self.effect(a) for a in f.args))
        if isinstance(f, Forall):
            return Forall(f.vars, self.effect(f.body))
        if isinstance(f, When):
            return When(self.condition(f.cond), self.effect(f.effect))
        return f

    def written_out(self, f: Exists | Forall) -> Formula | None:
        """``f`` as a disjunction (``exists``) or conjunction (``forall``), or
        None when it is not one to write out (see the module docstring)."""
        negated = isinstance(f.body, Not)
        atom = f.body.arg if isinstance(f.body, Not) else f.body
        if not isinstance(atom, Pred) or not self.well_typed(atom, dict(f.vars)):
            return None
        choices = [self.objects.get(typ or "object", []) for _, typ in f.vars]
        if not all(choices) or math.prod(map(len, choices)) > MAX_BINDINGS:
            return None
        names = [name for name, _ in f.vars]
        parts = []
        for values in product(*choices):
            binding = dict(zip(names, values))
            bound = Pred(atom.name, tuple(binding.get(arg, arg) for arg in atom.args))
            parts.append(Not(bound) if negated else bound)
        return Or(tuple(parts)) if isinstance(f, Exists) else And(tuple(parts))

    def well_typed(self, atom: Pred, variables: dict[str, str]) -> bool:
        """A declared predicate with as many arguments, and each quantified
        variable's type within the type the predicate wants there."""
        decl = self.predicates.get(atom.name)
        if decl is None or len(decl.parameters) != len(atom.args):
            return False
        return all((wanted or "object") in self.ancestry(variables[arg])
                   for arg, (_, wanted) in zip(atom.args, decl.parameters) if arg in variables)
