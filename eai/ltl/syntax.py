"""The abstract syntax of LTL goals (paper section 2.1) and its syntax error.

A formula is a tree of frozen dataclasses, so formulas compare and hash by
value. ``And``, ``Or`` and ``Then`` are n-ary; a well-formed formula gives them
at least two operands.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Prim:
    """A predicate or action proposition: ``ONTOP(cup.1000, table.231)``.

    Arguments are object ids, bare class names or quantified variables.
    """

    name: str
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Not:
    arg: Formula


@dataclass(frozen=True)
class And:
    args: tuple[Formula, ...]


@dataclass(frozen=True)
class Or:
    args: tuple[Formula, ...]


@dataclass(frozen=True)
class Implies:
    lhs: Formula
    rhs: Formula


@dataclass(frozen=True)
class Then:
    """``args[0] then args[1] then ...``: the operands hold one after another."""

    args: tuple[Formula, ...]


@dataclass(frozen=True)
class Forall:
    var: str
    body: Formula


@dataclass(frozen=True)
class Exists:
    var: str
    body: Formula


@dataclass(frozen=True)
class ForN:
    """Exactly ``n`` objects satisfy ``body``."""

    n: int
    var: str
    body: Formula


Formula = Prim | Not | And | Or | Implies | Then | Forall | Exists | ForN

KEYWORDS = frozenset({"then", "implies", "or", "and", "not", "forall", "exists", "forn"})


def has_then(formula: Formula) -> bool:
    """Whether ``then`` occurs in ``formula``, i.e. it is not a state formula."""
    if isinstance(formula, Then):
        return True
    if isinstance(formula, Prim):
        return False
    if isinstance(formula, Not):
        return has_then(formula.arg)
    if isinstance(formula, (And, Or)):
        return any(has_then(arg) for arg in formula.args)
    if isinstance(formula, Implies):
        return has_then(formula.lhs) or has_then(formula.rhs)
    return has_then(formula.body)


class LTLSyntaxError(ValueError):
    """Malformed LTL text. ``line`` and ``column`` are 1-based.

    The message is one line: where, what was expected and what was found,
    e.g. ``line 1, column 14: expected ')' or ',', got 'and'``.
    """

    def __init__(self, text: str, line: int, column: int, expected: tuple[str, ...], got: str) -> None:
        self.text = text
        self.line = line
        self.column = column
        self.expected = expected
        self.got = got
        super().__init__(f"line {line}, column {column}: expected {_alternatives(expected)}, got {got}")


def _alternatives(items: tuple[str, ...]) -> str:
    if len(items) <= 1:
        return "".join(items) or "nothing"
    return f"{', '.join(items[:-1])} or {items[-1]}"
