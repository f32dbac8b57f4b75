"""PDDL domains and problems: operators (action schemas), objects, init, goal."""

from __future__ import annotations

from dataclasses import dataclass

from eai.pddl.formula import TRUE, Formula, TypedVar, format_vars, to_sexpr


@dataclass(frozen=True)
class Operator:
    """An action schema: typed parameters, a precondition and an effect."""

    name: str
    parameters: tuple[TypedVar, ...] = ()
    precondition: Formula = TRUE
    effect: Formula = TRUE

    def to_pddl(self, indent: str = "    ") -> str:
        return (
            f"{indent}(:action {self.name}\n"
            f"{indent}    :parameters ({format_vars(self.parameters)})\n"
            f"{indent}    :precondition {to_sexpr(self.precondition)}\n"
            f"{indent}    :effect {to_sexpr(self.effect)}\n"
            f"{indent})"
        )


@dataclass(frozen=True)
class PredicateDecl:
    name: str
    parameters: tuple[TypedVar, ...] = ()


@dataclass(frozen=True)
class Domain:
    name: str
    types: tuple[tuple[str, str], ...] = ()  # (type, parent); parent "" = object
    predicates: tuple[PredicateDecl, ...] = ()
    operators: tuple[Operator, ...] = ()

    def operator(self, name: str) -> Operator | None:
        return next((op for op in self.operators if op.name == name), None)

    def to_pddl(self) -> str:
        # a root type is written "- object": PDDL reads "a b - c" as both a and b under c
        types = " ".join(f"{t} - {p or 'object'}" for t, p in self.types)
        preds = "\n".join(f"        ({' '.join(filter(None, (p.name, format_vars(p.parameters))))})" for p in self.predicates)
        ops = "\n".join(op.to_pddl() for op in self.operators)
        return (
            f"(define (domain {self.name})\n"
            f"    (:requirements :typing :negative-preconditions :disjunctive-preconditions"
            f" :conditional-effects :universal-preconditions :existential-preconditions)\n"
            f"    (:types {types})\n"
            f"    (:predicates\n{preds}\n    )\n"
            f"{ops}\n)\n"
        )


@dataclass(frozen=True)
class Problem:
    name: str
    domain: str
    objects: tuple[tuple[str, str], ...]  # (object, type); type "" = untyped
    init: tuple[tuple[str, ...], ...]  # ground atoms
    goal: Formula = TRUE

    def to_pddl(self) -> str:
        objs = "\n".join(f"        {format_vars(((o, t),))}" for o, t in self.objects)
        init = "\n".join(f"        ({' '.join(a)})" for a in self.init)
        return (
            f"(define (problem {self.name})\n"
            f"    (:domain {self.domain})\n"
            f"    (:objects\n{objs}\n    )\n"
            f"    (:init\n{init}\n    )\n"
            f"    (:goal {to_sexpr(self.goal)})\n)\n"
        )
