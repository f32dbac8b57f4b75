"""Truth of ground (variable-free, quantifier-free) formulas in a state."""

from __future__ import annotations

from eai.pddl.formula import And, Formula, Imply, Not, Or, Pred
from eai.world import State


def holds(formula: Formula, state: State) -> bool:
    if isinstance(formula, Pred):
        return (formula.name, *formula.args) in state
    if isinstance(formula, Not):
        return not holds(formula.arg, state)
    if isinstance(formula, And):
        return all(holds(f, state) for f in formula.args)
    if isinstance(formula, Or):
        return any(holds(f, state) for f in formula.args)
    if isinstance(formula, Imply):
        return not holds(formula.lhs, state) or holds(formula.rhs, state)
    raise TypeError(f"not a ground formula: {formula!r}")
