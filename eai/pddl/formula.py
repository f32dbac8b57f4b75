"""PDDL formulas for operator preconditions and effects.

Terms are strings: ``?x`` is a variable, anything else an object name.
Quantified variables carry an optional type (``("?o", "object")``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

TypedVar = tuple[str, str]


@dataclass(frozen=True)
class Pred:
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
class Imply:
    lhs: Formula
    rhs: Formula


@dataclass(frozen=True)
class Exists:
    vars: tuple[TypedVar, ...]
    body: Formula


@dataclass(frozen=True)
class Forall:
    vars: tuple[TypedVar, ...]
    body: Formula


@dataclass(frozen=True)
class When:
    """A conditional effect: ``effect`` happens where ``cond`` holds."""

    cond: Formula
    effect: Formula


Formula = Union[Pred, Not, And, Or, Imply, Exists, Forall, When]

TRUE = And(())


def to_sexpr(f: Formula) -> str:
    """PDDL text of a formula."""
    if isinstance(f, Pred):
        return f"({' '.join((f.name, *f.args))})"
    if isinstance(f, Not):
        return f"(not {to_sexpr(f.arg)})"
    if isinstance(f, (And, Or)):
        word = "and" if isinstance(f, And) else "or"
        return f"({' '.join((word, *map(to_sexpr, f.args)))})" if f.args else f"({word})"
    if isinstance(f, Imply):
        return f"(imply {to_sexpr(f.lhs)} {to_sexpr(f.rhs)})"
    if isinstance(f, (Exists, Forall)):
        word = "exists" if isinstance(f, Exists) else "forall"
        return f"({word} ({format_vars(f.vars)}) {to_sexpr(f.body)})"
    if isinstance(f, When):
        return f"(when {to_sexpr(f.cond)} {to_sexpr(f.effect)})"
    raise TypeError(f"not a formula: {f!r}")


def format_vars(typed: tuple[TypedVar, ...]) -> str:
    return " ".join(f"{name} - {typ}" if typ else name for name, typ in typed)


def atoms(f: Formula) -> list[Pred]:
    """The atoms of a formula, each occurrence, in reading order."""
    if isinstance(f, Pred):
        return [f]
    if isinstance(f, Not):
        return atoms(f.arg)
    if isinstance(f, (And, Or)):
        return [a for child in f.args for a in atoms(child)]
    if isinstance(f, Imply):
        return atoms(f.lhs) + atoms(f.rhs)
    if isinstance(f, (Exists, Forall)):
        return atoms(f.body)
    if isinstance(f, When):
        return atoms(f.cond) + atoms(f.effect)
    raise TypeError(f"not a formula: {f!r}")
