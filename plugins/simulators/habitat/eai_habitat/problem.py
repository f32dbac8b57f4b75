"""The PDDL problem of a task, for transition modeling.

Objects: the robot, the receptacles and articulated objects, and the movable
objects the goal is about (every object of a category it quantifies over,
and each it names), typed by the domain: ``place_receptacle``, ``cab_type``,
``fridge_type``, and each movable object its category. Init: the task's
initial atoms over those objects. Goal: the task's LTL goal, whose class
tests become typed quantifiers (``exists x. (ball(x) and F)`` is
``(exists (?x - ball) F)``, ``forall x. (not cup(x) or F)`` is
``(forall (?x - cup) F)``).
"""

from __future__ import annotations

from collections.abc import Iterator

from eai.exceptions import EaiError
from eai.ltl import And as LAnd, Exists as LExists, Forall as LForall, Formula as LFormula, Not as LNot
from eai.ltl import Or as LOr, Prim
from eai.pddl.formula import And, Exists, Forall, Formula, Not, Or, Pred
from eai.pddl.model import Problem
from eai.world import Obj, Task
from eai_habitat.scene import MOVABLE_TYPE


def goal_objects(task: Task, goal: LFormula) -> list[str]:
    """The objects ``goal`` (the task's, parsed) quantifies over or names, in the task's order."""
    known = {o.class_name for o in task.objects}
    classes, named = set(), set()
    for prim in propositions(goal):
        if len(prim.args) == 1 and prim.name in known:
            classes.add(prim.name)
        named.update(prim.args)
    return [o.id for o in task.objects if o.class_name in classes or o.id in named]


def problem(task: Task, goal: LFormula, domain_name: str) -> Problem:
    """The problem of ``task``, whose goal, parsed, is ``goal``."""
    movables = {oid for oid in goal_objects(task, goal) if MOVABLE_TYPE in task.object_by_id[oid].properties}
    kept = [o for o in task.objects if MOVABLE_TYPE not in o.properties or o.id in movables]
    objects = tuple((o.id, o.class_name if o.id in movables else _type(o)) for o in kept)
    names = {o.id for o in kept}
    init = tuple(sorted(atom for atom in task.init if all(arg in names for arg in atom[1:])))
    return Problem(task.id, domain_name, objects, init, _pddl(goal, set()))


def _type(obj: Obj) -> str:
    """A fixed entity's domain type: its one property."""
    (kind,) = obj.properties
    return kind


def propositions(formula: LFormula) -> Iterator[Prim]:
    """The propositions of a goal formula, in reading order."""
    if isinstance(formula, Prim):
        yield formula
    elif isinstance(formula, LNot):
        yield from propositions(formula.arg)
    elif isinstance(formula, (LAnd, LOr)):
        for arg in formula.args:
            yield from propositions(arg)
    elif isinstance(formula, (LExists, LForall)):
        yield from propositions(formula.body)


def _pddl(formula: LFormula, bound: set[str]) -> Formula:
    if isinstance(formula, Prim):
        return Pred(formula.name, tuple(f"?{a}" if a in bound else a for a in formula.args))
    if isinstance(formula, LNot):
        return Not(_pddl(formula.arg, bound))
    if isinstance(formula, LExists) and isinstance(formula.body, LAnd) and _test(formula.body.args[0], formula.var):
        kind, rest = formula.body.args[0].name, formula.body.args[1:]
        return Exists(((f"?{formula.var}", kind),), _pddl(_joined(LAnd, rest), bound | {formula.var}))
    if isinstance(formula, LForall) and isinstance(formula.body, LOr) and isinstance(formula.body.args[0], LNot) \
            and _test(formula.body.args[0].arg, formula.var):
        kind, rest = formula.body.args[0].arg.name, formula.body.args[1:]
        return Forall(((f"?{formula.var}", kind),), _pddl(_joined(LOr, rest), bound | {formula.var}))
    if isinstance(formula, (LAnd, LOr)):
        return (And if isinstance(formula, LAnd) else Or)(tuple(_pddl(a, bound) for a in formula.args))
    raise EaiError(f"no PDDL goal for {type(formula).__name__} without a class test")


def _test(formula: LFormula, var: str) -> bool:
    return isinstance(formula, Prim) and formula.args == (var,)


def _joined(kind: type, parts: tuple[LFormula, ...]) -> LFormula:
    return parts[0] if len(parts) == 1 else kind(parts)
