"""PDDL: formulas, operators, domains and problems."""

from eai.pddl.formula import TRUE, And, Exists, Forall, Formula, Imply, Not, Or, Pred, When, atoms, to_sexpr
from eai.pddl.model import Domain, Operator, PredicateDecl, Problem

__all__ = [
    "TRUE", "And", "Domain", "Exists", "Forall", "Formula", "Imply", "Not", "Operator",
    "Or", "Pred", "PredicateDecl", "Problem", "When", "atoms", "to_sexpr",
]
