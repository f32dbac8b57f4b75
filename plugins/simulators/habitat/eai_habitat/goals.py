"""An episode's goal and subgoals in our terms: LTL over the task's object ids.

Goal (habitat's ``goal_preds``): predicates become propositions over our ids
(``not_holding()`` names the robot: ``not_holding(robot_0)``); AND/OR become
``and``/``or``; a quantifier over typed inputs becomes ours with a class test
(``exists x. (ball(x) and ...)``, ``forall x. (not cup(x) or ...)``), one
per input. NAND/NOR negate: without a quantifier, the expression; with one,
the quantified expression: ``Clear all the knife from the right counter`` is
``not exists x. (knife(x) and on_top(x, right_counter))``. Habitat negates
inside the quantifier ("some knife is not on it"); on the 51 episodes that
do this, one object of the category each, both readings agree.

Subgoals (``subgoals``: the predicates true after each step of LLaRP's
oracle): each becomes the conjunction of its facts about objects
(``holding``, ``on_top``, ``in``, fridge and drawer states), and consecutive
ones that say the same become one. Where the robot is (``robot_at``,
``robot_at_obj``) is left out: habitat measures it as distances (within 2 m
of a receptacle, 1.5 m of an object), so one stop makes several places true,
and the places listed do not always include the receptacle the episode's
``name_to_receptacle`` puts the object on (the physics settled it
elsewhere); so the stages that only move the robot are not subgoals here.
An object held over a receptacle (or through the fridge) is also ``on_top``
of it (``in`` it) for habitat; here it is held.
"""

from __future__ import annotations

from collections.abc import Mapping

from eai import EaiError
from eai.plugin_api import ltl
from eai_habitat.expressions import Node, Predicate, read
from eai_habitat.scene import ROBOT

ROBOT_PREDICATES = ("not_holding",)
ROBOT_PLACE = ("robot_at", "robot_at_obj")
PLACED = ("on_top", "in")


class Names:
    """LLaRP entity names -> our object ids, and LLaRP categories -> our classes."""

    def __init__(self, ids: Mapping[str, str], classes: Mapping[str, str]) -> None:
        self.ids, self.classes = ids, classes

    def object(self, name: str) -> str:
        found = self.ids.get(name)
        if found is None:
            raise EaiError(f"unknown entity {name!r}")
        return found

    def category(self, name: str) -> str:
        found = self.classes.get(name)
        if found is None:
            raise EaiError(f"unknown object category {name!r}")
        return found


def goal_formula(goal: dict, names: Names) -> ltl.Formula:
    return _formula(read(goal), names, {})


def _formula(node: Node, names: Names, bound: dict[str, str]) -> ltl.Formula:
    if isinstance(node, Predicate):
        return _prim(node, names, bound)
    inner = {**bound, **{name: name.lower() for name, _ in node.inputs}}
    parts = tuple(_formula(sub, names, inner) for sub in node.subs)
    body = parts[0] if len(parts) == 1 else (ltl.And if node.conjunctive else ltl.Or)(parts)
    if node.quantifier == "EXISTS":
        for name, kind in reversed(node.inputs):
            body = ltl.Exists(name.lower(), ltl.And((ltl.Prim(names.category(kind), (name.lower(),)), body)))
    elif node.quantifier == "FORALL":
        for name, kind in reversed(node.inputs):
            body = ltl.Forall(name.lower(), ltl.Or((ltl.Not(ltl.Prim(names.category(kind), (name.lower(),))), body)))
    return ltl.Not(body) if node.negated else body


def _prim(node: Predicate, names: Names, bound: dict[str, str]) -> ltl.Prim:
    if node.name in ROBOT_PREDICATES and not node.args:
        return ltl.Prim(node.name, (ROBOT,))
    return ltl.Prim(node.name, tuple(bound[a] if a in bound else names.object(a) for a in node.args))


def subgoal_formula(facts: tuple[str, ...], names: Names) -> ltl.Formula | None:
    """One subgoal as the conjunction of its facts about objects (None when it has none)."""
    read_facts = [fact for fact in map(read, facts) if isinstance(fact, Predicate) and fact.name not in ROBOT_PLACE]
    held = {fact.args[0] for fact in read_facts if fact.name == "holding"}
    literals = [_prim(fact, names, {}) for fact in read_facts if not (fact.name in PLACED and fact.args[0] in held)]
    if not literals:
        return None
    return literals[0] if len(literals) == 1 else ltl.And(tuple(literals))


def subgoal_formulas(subgoals: tuple[tuple[str, ...], ...], names: Names) -> list[ltl.Formula]:
    """The subgoals as formulas, each once where consecutive ones say the same."""
    formulas: list[ltl.Formula] = []
    for facts in subgoals:
        formula = subgoal_formula(facts, names)
        if formula is not None and (not formulas or formulas[-1] != formula):
            formulas.append(formula)
    return formulas
