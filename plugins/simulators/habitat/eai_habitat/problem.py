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
from typing import TypeGuard

from eai import EaiError
from eai.plugin_api import And, Exists, Forall, Formula, Not, Obj, Or, Pred, Problem, Task, ltl
from eai_habitat.scene import MOVABLE_TYPE


def goal_objects(task: Task, goal: ltl.Formula) -> list[str]:
    """The objects ``goal`` (the task's, parsed) quantifies over or names, in the task's order."""
    known = {o.class_name for o in task.objects}
    classes: set[str] = set()
    named: set[str] = set()
    for prim in propositions(goal):
        if len(prim.args) == 1 and prim.name in known:
            classes.add(prim.name)
        named.update(prim.args)
    return [o.id for o in task.objects if o.class_name in classes or o.id in named]


def problem(task: Task, goal: ltl.Formula, domain_name: str) -> Problem:
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


def propositions(formula: ltl.Formula) -> Iterator[ltl.Prim]:
    """The propositions of a goal formula, in reading order."""
    if isinstance(formula, ltl.Prim):
        yield formula
    elif isinstance(formula, ltl.Not):
        yield from propositions(formula.arg)
    elif isinstance(formula, (ltl.And, ltl.Or)):
        for arg in formula.args:
            yield from propositions(arg)
    elif isinstance(formula, (ltl.Exists, ltl.Forall)):
        yield from propositions(formula.body)


def _pddl(formula: ltl.Formula, bound: set[str]) -> Formula:
    if isinstance(formula, ltl.Prim):
        return Pred(formula.name, tuple(f"?{a}" if a in bound else a for a in formula.args))
    if isinstance(formula, ltl.Not):
        return Not(_pddl(formula.arg, bound))
    if isinstance(formula, ltl.Exists) and isinstance(formula.body, ltl.And) \
            and _test(formula.body.args[0], formula.var):
        kind, rest = formula.body.args[0].name, formula.body.args[1:]
        return Exists(((f"?{formula.var}", kind),), _pddl(_joined(ltl.And, rest), bound | {formula.var}))
    if isinstance(formula, ltl.Forall) and isinstance(formula.body, ltl.Or) \
            and isinstance(formula.body.args[0], ltl.Not) and _test(formula.body.args[0].arg, formula.var):
        kind, rest = formula.body.args[0].arg.name, formula.body.args[1:]
        return Forall(((f"?{formula.var}", kind),), _pddl(_joined(ltl.Or, rest), bound | {formula.var}))
    if isinstance(formula, (ltl.And, ltl.Or)):
        return (And if isinstance(formula, ltl.And) else Or)(tuple(_pddl(a, bound) for a in formula.args))
    raise EaiError(f"no PDDL goal for {type(formula).__name__} without a class test")


def _test(formula: ltl.Formula, var: str) -> TypeGuard[ltl.Prim]:
    return isinstance(formula, ltl.Prim) and formula.args == (var,)


def _joined(kind: type, parts: tuple[ltl.Formula, ...]) -> ltl.Formula:
    return parts[0] if len(parts) == 1 else kind(parts)
