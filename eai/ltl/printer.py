"""Canonical text of a formula, with as few parentheses as parsing back needs."""

from __future__ import annotations

import re

from eai.ltl.syntax import KEYWORDS, And, Exists, Forall, Formula, ForN, Implies, Not, Or, Prim, Then

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]*(\.[A-Za-z0-9_\-]+)*")

# Binding strength; atoms (propositions, quantifiers) bind tightest.
_THEN, _IMPLIES, _OR, _AND, _NOT, _ATOM = range(6)
_NARY = {Then: (_THEN, " then "), Or: (_OR, " or "), And: (_AND, " and ")}


def to_text(formula: Formula) -> str:
    """Text that :func:`eai.ltl.parser.parse` reads back as ``formula``.

    Forms: ``P(a, b)``, ``not P(a)``, ``forall x. (F)``, ``forn 2 x. (F)``.
    A child is parenthesised when it binds more loosely than its parent, or as
    loosely (same n-ary operator, or the left side of ``implies``).
    Raises ValueError for what no text spells: an n-ary node with fewer than
    two operands, a negative count, a name that is malformed or a keyword.
    """
    if isinstance(formula, Prim):
        return f"{_name(formula.name)}({', '.join(map(_name, formula.args))})"
    if isinstance(formula, Not):
        return f"not {_child(formula.arg, _NOT)}"
    if isinstance(formula, (And, Or, Then)):
        level, word = _NARY[type(formula)]
        if len(formula.args) < 2:
            raise ValueError(f"{type(formula).__name__} needs two or more operands, got {len(formula.args)}")
        return word.join(_child(arg, level + 1) for arg in formula.args)
    if isinstance(formula, Implies):
        return f"{_child(formula.lhs, _IMPLIES + 1)} implies {_child(formula.rhs, _IMPLIES)}"
    if isinstance(formula, Forall):
        return f"forall {_name(formula.var)}. ({to_text(formula.body)})"
    if isinstance(formula, Exists):
        return f"exists {_name(formula.var)}. ({to_text(formula.body)})"
    if isinstance(formula, ForN):
        if formula.n < 0:
            raise ValueError(f"forn needs a count of 0 or more, got {formula.n}")
        return f"forn {formula.n} {_name(formula.var)}. ({to_text(formula.body)})"
    raise TypeError(f"not a formula: {formula!r}")


def _level(formula: Formula) -> int:
    if isinstance(formula, (And, Or, Then)):
        return _NARY[type(formula)][0]
    if isinstance(formula, Implies):
        return _IMPLIES
    if isinstance(formula, Not):
        return _NOT
    return _ATOM


def _child(formula: Formula, least: int) -> str:
    """``formula``'s text, parenthesised unless it binds at ``least`` or tighter."""
    text = to_text(formula)
    return text if _level(formula) >= least else f"({text})"


def _name(name: str) -> str:
    if name in KEYWORDS or not _NAME.fullmatch(name):
        raise ValueError(f"not a usable name: {name!r}")
    return name
