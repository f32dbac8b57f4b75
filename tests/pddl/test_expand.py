"""Quantified conditions over one literal written out over a problem's objects
(eai.pddl.expand): the same truth in every state, on arbitrary small worlds
and on the real gold operators; what is not to be written out stays as written."""

import dataclasses

from hypothesis import given, settings, strategies as st

from eai.host.manager import get_plugins
from eai.pddl import And, Domain, Exists, Forall, Not, Operator, Or, Pred, PredicateDecl, Problem
from eai.pddl.expand import MAX_BINDINGS, expand_quantifiers
from eai.pddl.formula import Formula, Imply
from eai.pddl.parser import parse_problem
from eai_modules.transition_modeling.gold import gold_model

# object > thing > tool; object > place
TYPES = (("thing", ""), ("tool", "thing"), ("place", ""))
ABOVE = {"object": {"object"}, "thing": {"thing", "object"}, "tool": {"tool", "thing", "object"},
         "place": {"place", "object"}}
PREDICATES = (PredicateDecl("p", (("?x", "object"),)), PredicateDecl("q", (("?x", "thing"), ("?y", "place"))))
NAMES = [f"o{i}" for i in range(6)]


def written_out(condition: Formula, objects, types=TYPES, predicates=PREDICATES) -> Formula:
    domain = Domain("toy", types, predicates, (Operator("act", (), condition, And(())),))
    return expand_quantifiers(domain, Problem("toy", "toy", tuple(objects), ())).operators[0].precondition


def truth(f: Formula, members: dict[str, list[str]], state) -> bool:
    """The oracle: a quantifier tried on every object of its type (``members``)."""
    if isinstance(f, (Exists, Forall)):
        values = [truth(bind(f.body, dict(zip([v for v, _ in f.vars], combo))), members, state)
                  for combo in _combos([members.get(t or "object", []) for _, t in f.vars])]
        return any(values) if isinstance(f, Exists) else all(values)
    if isinstance(f, Not):
        return not truth(f.arg, members, state)
    if isinstance(f, (And, Or)):
        values = [truth(a, members, state) for a in f.args]
        return all(values) if isinstance(f, And) else any(values)
    if isinstance(f, Imply):
        return not truth(f.lhs, members, state) or truth(f.rhs, members, state)
    return (f.name, *f.args) in state


def _combos(choices):
    if not choices:
        return [()]
    return [(first, *rest) for first in choices[0] for rest in _combos(choices[1:])]


def bind(f: Formula, values: dict[str, str]) -> Formula:
    if isinstance(f, Pred):
        return Pred(f.name, tuple(values.get(a, a) for a in f.args))
    if isinstance(f, Not):
        return Not(bind(f.arg, values))
    if isinstance(f, (And, Or)):
        return type(f)(tuple(bind(a, values) for a in f.args))
    if isinstance(f, Imply):
        return Imply(bind(f.lhs, values), bind(f.rhs, values))
    inner = {k: v for k, v in values.items() if k not in dict(f.vars)}
    return type(f)(f.vars, bind(f.body, inner))


literals = st.builds(lambda name, args, negated: Not(Pred(name, args)) if negated else Pred(name, args),
                     st.sampled_from(["p", "q"]), st.lists(st.sampled_from(["?v", *NAMES]), min_size=1, max_size=2).map(tuple),
                     st.booleans())
quantified = st.builds(lambda kind, typ, body: kind((("?v", typ),), body),
                       st.sampled_from([Exists, Forall]), st.sampled_from(["", *sorted(ABOVE)]), literals)
conditions = st.recursive(quantified, lambda inner: st.one_of(
    st.builds(Not, inner),
    st.lists(inner, min_size=1, max_size=3).map(lambda args: And(tuple(args))),
    st.lists(inner, min_size=1, max_size=3).map(lambda args: Or(tuple(args))),
    st.builds(Imply, inner, inner),
    st.builds(lambda kind, typ, body: kind((("?w", typ),), body), st.sampled_from([Exists, Forall]),
              st.sampled_from(sorted(ABOVE)), inner)), max_leaves=5)
worlds = st.lists(st.tuples(st.sampled_from(NAMES), st.sampled_from(sorted(ABOVE))), max_size=6, unique_by=lambda o: o[0])
states = st.sets(st.one_of(st.tuples(st.just("p"), st.sampled_from(NAMES)),
                           st.tuples(st.just("q"), st.sampled_from(NAMES), st.sampled_from(NAMES))))


@settings(max_examples=300, deadline=None)
@given(conditions, worlds, states)
def test_written_out_conditions_mean_the_same_in_every_state(condition, objects, state):
    members = {t: [name for name, kind in objects if t in ABOVE[kind]] for t in ABOVE}
    assert truth(written_out(condition, objects), members, state) == truth(condition, members, state)


def test_a_well_typed_quantifier_over_a_literal_becomes_literals():
    objects = [("hammer", "tool"), ("box", "thing"), ("hall", "place")]
    assert written_out(Exists((("?v", "thing"),), Pred("p", ("?v",))), objects) == \
        Or((Pred("p", ("hammer",)), Pred("p", ("box",))))
    assert written_out(Forall((("?v", "place"),), Not(Pred("q", ("box", "?v")))), objects) == \
        And((Not(Pred("q", ("box", "hall"))),))


def test_what_is_not_to_be_written_out_stays_as_written():
    objects = [("hammer", "tool"), ("hall", "place")]
    kept = [
        Exists((("?v", "object"),), Pred("q", ("?v", "hall"))),  # q wants a thing there: a checker must still see it
        Exists((("?v", "thing"),), Pred("gizmo", ("?v",))),  # undeclared predicate
        Exists((("?v", "thing"),), Pred("p", ("?v", "hall"))),  # wrong number of arguments
        Exists((("?v", "unicorn"),), Pred("p", ("?v",))),  # undeclared type
        Forall((("?v", "place"),), And((Pred("p", ("?v",)), Pred("p", ("hall",))))),  # not one literal
        Exists((("?v", "thing"),), Pred("p", ("?v",))),  # written out below, but here no thing to range over
    ]
    for condition in kept[:-1]:
        assert written_out(condition, objects) == condition
    assert written_out(kept[-1], [("hall", "place")]) == kept[-1]


def test_at_most_max_bindings_are_written_out():
    pair = Exists((("?a", "place"), ("?b", "place")), Not(Pred("q", ("?a", "?b"))))
    places = [(f"r{i}", "place") for i in range(int(MAX_BINDINGS ** 0.5))]
    assert isinstance(written_out(pair, places, predicates=(PredicateDecl("q", (("?x", "place"), ("?y", "place"))),)), Or)
    places.append(("extra", "place"))
    assert written_out(pair, places, predicates=(PredicateDecl("q", (("?x", "place"), ("?y", "place"))),)) == pair


def test_gold_grab_keeps_its_meaning():
    """VirtualHome's grab (not both hands holding something; nothing closed
    around the object) over 417_2's objects, with either hand, both or none
    holding something: the written-out precondition holds exactly where the
    quantified one does, and no quantifier over one literal is left."""
    plugins = get_plugins()
    model = gold_model(plugins, "virtualhome")
    task = plugins.suites.get("virtualhome").load(["417_2"])[0]
    problem = parse_problem(task.transition_model.problem)
    domain = dataclasses.replace(model.domain, operators=model.operators(task))
    grab, out = domain.operator("grab"), expand_quantifiers(domain, problem).operator("grab")
    members = {"object": [name for name, _ in problem.objects],
               "character": [name for name, typ in problem.objects if typ == "character"]}
    (char,) = members["character"]
    for held in [(), (("holds_lh", char, "fork"),), (("holds_rh", char, "plate"),),
                 (("holds_lh", char, "fork"), ("holds_rh", char, "plate"))]:
        state = set(problem.init) | set(held)
        for obj in ("fork", "dish_soap"):
            values = {"?char": char, "?obj": obj}
            assert truth(bind(out.precondition, values), members, state) == truth(bind(grab.precondition, values), members, state)
    assert _literal_quantifiers(grab.precondition) and not _literal_quantifiers(out.precondition)


def _literal_quantifiers(f: Formula) -> list[Formula]:
    if isinstance(f, (Exists, Forall)):
        body = f.body.arg if isinstance(f.body, Not) else f.body
        return [f] if isinstance(body, Pred) else _literal_quantifiers(f.body)
    if isinstance(f, Not):
        return _literal_quantifiers(f.arg)
    if isinstance(f, (And, Or)):
        return [q for a in f.args for q in _literal_quantifiers(a)]
    if isinstance(f, Imply):
        return _literal_quantifiers(f.lhs) + _literal_quantifiers(f.rhs)
    return []
