"""PDDL formulas for operator preconditions and effects.

Terms are strings: ``?x`` is a variable, anything else an object name.
Quantified variables carry an optional type (``("?o", "object")``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

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


Formula = Pred | Not | And | Or | Imply | Exists | Forall | When

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


Path = tuple[int, ...]  # where an atom occurs: the child index at each level (Imply/When: 0 and 1)


def atoms(f: Formula) -> list[Pred]:
    """The atoms of a formula, each occurrence, in reading order."""
    return [atom for _, atom, _ in located(f)]


def located(f: Formula, path: Path = ()) -> Iterator[tuple[Path, Pred, bool]]:
    """Each atom occurrence in reading order: where it is, the atom, and
    whether it stands directly under a ``not``."""
    if isinstance(f, Pred):
        yield path, f, False
    elif isinstance(f, Not) and isinstance(f.arg, Pred):
        yield path + (0,), f.arg, True
    elif isinstance(f, Not):
        yield from located(f.arg, path + (0,))
    elif isinstance(f, (And, Or)):
        for i, child in enumerate(f.args):
            yield from located(child, path + (i,))
    elif isinstance(f, (Imply, When)):
        for i, part in enumerate((f.lhs, f.rhs) if isinstance(f, Imply) else (f.cond, f.effect)):
            yield from located(part, path + (i,))
    elif isinstance(f, (Exists, Forall)):
        yield from located(f.body, path + (0,))
    else:
        raise TypeError(f"not a formula: {f!r}")
