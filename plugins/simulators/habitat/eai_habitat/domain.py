"""The gold transition model: the habitat PDDL domain of Language Rearrangement
(YAML) converted into our PDDL model.

The source is LLaRP's ``llarp/config/task/pddl_domain_replica_cad.yaml``, the
domain EB-Habitat instantiates its 70 skills from (EB ships the same file).
The conversion (docs/habitat-simulator.md):

- Types: the YAML lists each type's children; a type listed under several
  parents gets the most specific of them (static and articulated receptacles
  are navigation receptacles, which are receptacles). The robot's type is a
  root; each object category of ``dataset.yaml`` is a subtype of
  ``movable_entity_type``, as LLaRP adds them.
- Predicates keep their names and typed arguments, except: ``not_holding``,
  written without an argument, takes the robot (habitat-lab's own domain
  declares it so, and a goal names an object); ``robot_at_closest`` and
  ``at`` are only ever set by actions and are replaced by what setting them
  does (below); ``robot_at_obj``, which habitat measures (the robot within
  reach of an object), is replaced by what it means here: the robot is at
  the receptacle the object is on (:func:`robot_at_obj`); and
  ``part_of(receptacle, articulated)`` is added: which articulated object a
  receptacle is inside (LLaRP's simulator decides ``in`` by geometry), both
  arguments typed as navigation targets, so that ``nav`` reads it of its
  place.
  Variable names are lower-cased, as PDDL reads them.
- Actions: EB-Habitat's allowed ones (``nav``, ``pick``, ``place``,
  ``open_fridge``, ``close_fridge``, ``open_cab``, ``close_cab``; not
  ``noop``). Preconditions read AND/NAND/OR/NOR and FORALL/EXISTS as habitat
  does. A robot predicate without its robot names the action's robot
  parameter, or every robot (there is one) when the action has none.
- Postconditions: habitat sets each predicate's state in its simulator;
  :data:`EFFECTS` writes what that makes true and false as STRIPS effects.
  Moving the robot to a place puts it at that place and, as habitat
  measures ``robot_at`` (within 2 m), at the place it is part of or that is
  part of it (the fridge's shelf and the fridge's push point).
  A variable the precondition binds with EXISTS (``place``'s ``place_obj``)
  is, in the effects, every object satisfying that EXISTS.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eai import EaiError
from eai.plugin_api import TRUE, And, Domain, Exists, Forall, Formula, Not, Operator, Or, Pred, PredicateDecl, When
from eai_habitat.expressions import Logical, Node, Predicate, read
from eai_habitat.scene import MOVABLE_TYPE, ROBOT_TYPE, snake

ALLOWED = ("nav", "pick", "place", "open_fridge", "close_fridge", "open_cab", "close_cab")
SET_ONLY = ("robot_at_closest", "at")
DERIVED = ("robot_at_obj",)
ROBOT_PREDICATES = ("not_holding",)
STATIC_RECEPTACLE = "static_receptacle_entity_type"
ARTICULATED = "art_receptacle_entity_type"
NAV_TARGET = "nav_receptacle"
# a receptacle inside an articulated object; typed loosely so that nav's effect can read it of its place
PART_OF = PredicateDecl("part_of", (("?recep", NAV_TARGET), ("?art", NAV_TARGET)))

Effects = Callable[[tuple[str, ...], str], list[Formula]]


def _moves_robot(args: tuple[str, ...], robot: str) -> list[Formula]:
    """At the place and at no other, but the place it is part of or that is part of it (habitat's 2 m rule)."""
    (place,) = args
    inner = Forall((("?r0", NAV_TARGET),), When(Pred("part_of", ("?r0", place)), Pred("robot_at", ("?r0",))))
    outer = Forall((("?a0", NAV_TARGET),), When(Pred("part_of", (place, "?a0")), Pred("robot_at", ("?a0",))))
    return [Forall((("?p0", "static_obj_type"),), Not(Pred("robot_at", ("?p0",)))), Pred("robot_at", (place,)), inner, outer]


def _placed(args: tuple[str, ...], robot: str) -> list[Formula]:
    obj, recep = args
    inside = When(Pred("part_of", (recep, "?a0")), Pred("in", (obj, "?a0")))
    return [Pred("on_top", (obj, recep)), Forall((("?a0", ARTICULATED),), inside)]


def _held(args: tuple[str, ...], robot: str) -> list[Formula]:
    (obj,) = args
    return [Pred("holding", (obj,)), _robot(Not, robot),
            Forall((("?r0", STATIC_RECEPTACLE),), Not(Pred("on_top", (obj, "?r0")))),
            Forall((("?a0", ARTICULATED),), Not(Pred("in", (obj, "?a0"))))]


def _released(args: tuple[str, ...], robot: str) -> list[Formula]:
    return [_robot(lambda f: f, robot), Forall((("?o0", MOVABLE_TYPE),), Not(Pred("holding", ("?o0",))))]


def _articulated(opened: str, closed: str) -> Effects:
    return lambda args, robot: [Pred(opened, args), Not(Pred(closed, args))]


def _robot(sign: Callable[[Formula], Formula], robot: str) -> Formula:
    """``(not_holding robot)``, signed; over every robot when there is no robot parameter."""
    if robot:
        return sign(Pred("not_holding", (robot,)))
    return Forall((("?b0", ROBOT_TYPE),), sign(Pred("not_holding", ("?b0",))))


EFFECTS: dict[str, Effects] = {
    "robot_at_closest": _moves_robot,  # the robot is at the place, and at no other but its part_of partner
    "at": _placed,  # on the receptacle, and in the articulated object the receptacle is part of
    "holding": _held,  # held: the hand is not empty; off every receptacle, out of everything
    "not_holding": _released,  # the hand is empty
    "opened_fridge": _articulated("opened_fridge", "closed_fridge"),
    "closed_fridge": _articulated("closed_fridge", "opened_fridge"),
    "opened_cab": _articulated("opened_cab", "closed_cab"),
    "closed_cab": _articulated("closed_cab", "opened_cab"),
}


def robot_at_obj(obj: str) -> Formula:
    """Habitat's ``robot_at_obj(obj)``: the robot is at the receptacle ``obj`` is on."""
    at = And((Pred("robot_at", ("?r1",)), Pred("on_top", (obj, "?r1"))))
    return Exists((("?r1", STATIC_RECEPTACLE),), at)


def convert(spec: dict[str, Any], categories: list[str]) -> Domain:
    """Our PDDL domain of the YAML domain ``spec``, with ``categories`` as object types."""
    types = _types(spec.get("types") or {}) + [(ROBOT_TYPE, "")] + [(snake(c), MOVABLE_TYPE) for c in categories]
    declared = [_predicate(p) for p in spec.get("predicates") or () if p["name"] not in SET_ONLY + DERIVED]
    actions = {action["name"]: action for action in spec.get("actions") or ()}
    missing = [name for name in ALLOWED if name not in actions]
    if missing:
        raise EaiError(f"the habitat domain has no action {', '.join(missing)}")
    operators = tuple(_operator(actions[name]) for name in ALLOWED)
    return Domain("replica_cad", tuple(types), (*declared, PART_OF), operators)


def _types(children: dict[str, list[str]]) -> list[tuple[str, str]]:
    parents: dict[str, list[str]] = {}
    for parent, kids in children.items():
        for kid in kids:
            parents.setdefault(kid, []).append(parent)

    def ancestors(name: str) -> set[str]:
        found = set()
        for parent in parents.get(name, []):
            found |= {parent} | ancestors(parent)
        return found

    out = []
    for name in dict.fromkeys([*children, *parents]):
        options = parents.get(name, [])
        specific = [p for p in options if all(q == p or q in ancestors(p) for q in options)]
        if options and not specific:
            raise EaiError(f"type {name} has parents that are not one chain: {', '.join(options)}")
        out.append((name, specific[0] if specific else ""))
    return out


def _predicate(spec: dict[str, Any]) -> PredicateDecl:
    args = tuple((_var(a["name"]), a["expr_type"]) for a in spec.get("args") or ())
    if spec["name"] in ROBOT_PREDICATES and not args:
        args = (("?robot", ROBOT_TYPE),)
    return PredicateDecl(spec["name"], args)


def _operator(spec: dict[str, Any]) -> Operator:
    parameters = tuple((_var(p["name"]), p["expr_type"]) for p in spec.get("parameters") or ())
    names = {p["name"] for p in spec.get("parameters") or ()}
    robot = next((name for name, kind in parameters if kind == ROBOT_TYPE), "")
    precondition = read(spec["precondition"]) if spec.get("precondition") else None
    bound = precondition.inputs if isinstance(precondition, Logical) and precondition.quantifier == "EXISTS" else ()
    scope = names | {name for name, _ in bound}
    effects: list[Formula] = []
    conditional: list[Formula] = []
    for text in spec.get("postcondition") or ():
        post = read(text)
        if not isinstance(post, Predicate) or post.name not in EFFECTS:
            raise EaiError(f"action {spec['name']}: no effect is known for postcondition {text!r}")
        args = tuple(_term(a, scope) for a in post.args)
        made = EFFECTS[post.name](args, robot)
        uses_bound = any(a in {_var(n) for n, _ in bound} for a in args)
        (conditional if uses_bound else effects).extend(made)
    if conditional:
        inner = _formula(Logical(precondition.kind, precondition.subs), scope, robot)  # type: ignore[union-attr]
        typed = tuple((_var(n), t) for n, t in bound)
        effects += [_under(typed, inner, effect) for effect in conditional]
    condition = TRUE if precondition is None else _formula(precondition, names, robot)
    return Operator(spec["name"], parameters, condition, And(tuple(effects)))


def _formula(node: Node, scope: set[str], robot: str) -> Formula:
    """A habitat expression as a PDDL condition (``scope``: variable names)."""
    if isinstance(node, Predicate):
        if node.name == "robot_at_obj":
            return robot_at_obj(_term(node.args[0], scope))
        if node.name in ROBOT_PREDICATES and not node.args:
            return _robot(lambda f: f, robot) if robot else Exists((("?b0", ROBOT_TYPE),), Pred(node.name, ("?b0",)))
        return Pred(node.name, tuple(_term(a, scope) for a in node.args))
    inner = scope | {name for name, _ in node.inputs}
    parts = tuple(_formula(sub, inner, robot) for sub in node.subs)
    body: Formula = (And if node.conjunctive else Or)(parts)
    if node.negated:
        body = Not(body)
    if node.quantifier is None:
        return body
    typed = tuple((_var(name), kind) for name, kind in node.inputs)
    return (Forall if node.quantifier == "FORALL" else Exists)(typed, body)


def _under(typed: tuple[tuple[str, str], ...], condition: Formula, effect: Formula) -> Formula:
    """``effect`` for every binding of ``typed`` where ``condition`` holds, with
    one level of ``forall``/``when`` (an effect's own is merged in)."""
    if isinstance(effect, Forall) and isinstance(effect.body, When):
        return Forall(typed + effect.vars, When(And((condition, effect.body.cond)), effect.body.effect))
    return Forall(typed, When(condition, effect))


def _var(name: str) -> str:
    return f"?{name.lower()}"


def _term(arg: str, scope: set[str]) -> str:
    return _var(arg) if arg in scope else arg
