"""Habitat's logical expressions (PDDL domain YAML, episode goals) as a small tree.

A predicate is written ``name(arg, ...)`` (``not_holding()``, ``on_top(X,
receptacle_aabb_sink_kitchen_counter)``). A logical expression is a mapping
with ``expr_type`` (``AND``, ``NAND``, ``OR``, ``NOR``), ``sub_exprs`` and
optionally a ``quantifier`` (``FORALL``, ``EXISTS``) over typed ``inputs``.
Habitat (``PddlDomain.expand_quantifiers``) reads ``Q inputs. T(subs)`` as
the conjunction (FORALL) or disjunction (EXISTS), over every assignment of
distinct entities of the inputs' types, of ``T(subs)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from eai import EaiError

KINDS = ("AND", "NAND", "OR", "NOR")
QUANTIFIERS = ("FORALL", "EXISTS")
PREDICATE = re.compile(r"^\s*([A-Za-z_][\w]*)\s*\((.*)\)\s*$")


@dataclass(frozen=True)
class Predicate:
    name: str
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Logical:
    kind: str  # AND, NAND, OR, NOR
    subs: tuple[Node, ...]
    quantifier: str | None = None  # FORALL, EXISTS
    inputs: tuple[tuple[str, str], ...] = ()  # (name, type)

    @property
    def negated(self) -> bool:
        return self.kind in ("NAND", "NOR")

    @property
    def conjunctive(self) -> bool:
        return self.kind in ("AND", "NAND")


Node = Predicate | Logical


def predicate(text: str) -> Predicate:
    found = PREDICATE.match(text)
    if found is None:
        raise EaiError(f"not a habitat predicate: {text!r}")
    args = tuple(arg.strip() for arg in found.group(2).split(",") if arg.strip())
    return Predicate(found.group(1), args)


def read(expr: Any) -> Node:
    """The tree of a predicate string or an expression mapping."""
    if isinstance(expr, str):
        return predicate(expr)
    if not isinstance(expr, dict) or expr.get("expr_type") not in KINDS:
        raise EaiError(f"not a habitat logical expression: {expr!r}")
    quantifier = expr.get("quantifier")
    if quantifier is not None and quantifier not in QUANTIFIERS:
        raise EaiError(f"unknown quantifier {quantifier!r}")
    inputs = tuple((item["name"], item["expr_type"]) for item in expr.get("inputs") or ())
    return Logical(expr["expr_type"], tuple(read(sub) for sub in expr.get("sub_exprs") or ()), quantifier, inputs)


def predicates(node: Node) -> list[Predicate]:
    """Every predicate of ``node``, in reading order."""
    if isinstance(node, Predicate):
        return [node]
    return [p for sub in node.subs for p in predicates(sub)]
