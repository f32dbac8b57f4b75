import time
from functools import partial

import pytest
from hypothesis import given, settings, strategies as st

from eai.ltl import And, Exists, Forall, ForN, Implies, Not, Or, Prim, Then, Universe, evaluate, has_then, holds, parse
from eai.world import Action, AtomIndex, Obj, Trajectory
from tests.ltl.ltl_strategies import any_formulas, formulas

IDLE = Action("IDLE")


def trajectory(*steps):
    """``trajectory(atoms0, action1, atoms1, ...)`` over one fresh atom index."""
    index = AtomIndex()
    states = tuple(index.state(atoms) for atoms in steps[::2])
    return Trajectory(states, tuple(steps[1::2]))


# The paper's first example: sit on the chair, then hold mouse and keyboard, then face the computer.

PAPER_THEN = parse(
    "ontop(character, chair) then holds_rh(character, mouse) and holds_lh(character, keyboard) "
    "then facing(character, computer)"
)
OFFICE = Universe([Obj(name, name) for name in ["character", "chair", "mouse", "keyboard", "computer"]])
SIT = {("ontop", "character", "chair")}
HOLD = {("holds_rh", "character", "mouse"), ("holds_lh", "character", "keyboard")}
FACE = {("facing", "character", "computer")}


def test_paper_then_example_in_order():
    assert evaluate(PAPER_THEN, trajectory(SIT, IDLE, HOLD, IDLE, FACE), OFFICE)
    assert evaluate(PAPER_THEN, trajectory(set(), IDLE, SIT, IDLE, SIT | HOLD, IDLE, HOLD | FACE), OFFICE)


def test_paper_then_example_wrong_order():
    assert not evaluate(PAPER_THEN, trajectory(HOLD, IDLE, SIT, IDLE, FACE), OFFICE)
    assert not evaluate(PAPER_THEN, trajectory(SIT, IDLE, FACE, IDLE, HOLD), OFFICE)
    # Each step needs its own pair: all three at once is not "one then another".
    assert not evaluate(PAPER_THEN, trajectory(SIT | HOLD | FACE), OFFICE)
    # Holding only one of the two at the middle step is not enough.
    assert not evaluate(PAPER_THEN, trajectory(SIT, IDLE, {("holds_rh", "character", "mouse")}, IDLE, FACE), OFFICE)


# The paper's second example: watch TV, with the TV on and faced after that.

WATCH_TV = parse(
    "(exists x0. ((LOOKAT(x0) or WATCH(x0))) then (ON(television.410) and PLUGGED_IN(television.410) "
    "and FACING(character.65, television.410)))"
)
LIVING_ROOM = Universe(
    [Obj("character.65", "character"), Obj("television.410", "television"), Obj("sofa.1", "sofa")],
    action_names={"LOOKAT", "WATCH", "SWITCHON", "WALK"},
)
TV_ON = {("ON", "television.410"), ("PLUGGED_IN", "television.410"), ("FACING", "character.65", "television.410")}
TV_OFF = {("PLUGGED_IN", "television.410")}
TV = ("television.410",)


def test_paper_watch_tv_example():
    switch_on = Action("SWITCHON", TV)
    assert evaluate(WATCH_TV, trajectory(TV_OFF, switch_on, TV_ON, Action("WATCH", TV), TV_ON), LIVING_ROOM)
    assert evaluate(WATCH_TV, trajectory(TV_OFF, Action("LOOKAT", ("sofa.1",)), TV_ON), LIVING_ROOM)
    # The state goal must hold at a pair after the watching one, not at it.
    assert not evaluate(WATCH_TV, trajectory(TV_OFF, switch_on, TV_ON, Action("WATCH", TV), TV_OFF), LIVING_ROOM)
    assert not evaluate(WATCH_TV, trajectory(TV_OFF, switch_on, TV_ON, Action("WALK", TV), TV_ON), LIVING_ROOM)
    assert not evaluate(WATCH_TV, trajectory(TV_ON), LIVING_ROOM)


# Small worlds: objects a, b, c; propositions P, Q, R; action A.

ABC = Universe([Obj(name, "thing") for name in "abc"], action_names={"A"})


def p(*args):
    return Prim("P", args)


def test_state_formula_is_eventually():
    run = trajectory({("P", "a")}, Action("A", ("a",)), {("P", "b")}, Action("A", ("b",)), {("P", "c")})
    assert evaluate(p("a"), run, ABC)
    assert evaluate(p("c"), run, ABC)
    assert not evaluate(And((p("a"), p("b"))), run, ABC)
    assert evaluate(Then((p("a"), p("b"))), run, ABC)
    assert not evaluate(Then((p("b"), p("a"))), run, ABC)
    # An action proposition is true at the pair whose action it is: (s0, A(a)), (s1, A(b)), (s2, None).
    assert evaluate(And((p("a"), Prim("A", ("a",)))), run, ABC)
    assert not evaluate(And((p("b"), Prim("A", ("a",)))), run, ABC)
    assert not evaluate(Then((p("a"), Prim("A", ("a",)))), run, ABC)
    assert evaluate(Then((p("a"), Prim("A", ("b",)))), run, ABC)
    assert evaluate(Then((Not(p("b")), Prim("A", ("b",)))), run, ABC)
    assert not evaluate(Prim("A", ()), run, ABC)


def test_connectives_combine_per_pair():
    always_a = trajectory({("P", "a")}, IDLE, {("P", "a"), ("P", "b")})
    assert not evaluate(Not(p("a")), always_a, ABC)
    assert evaluate(Not(p("b")), always_a, ABC)
    assert evaluate(Or((Not(p("a")), p("c"), p("b"))), always_a, ABC)
    assert not evaluate(Or((Not(p("a")), p("c"))), always_a, ABC)
    # Both disjuncts must be seen at every pair, not just the first that holds somewhere.
    assert evaluate(And((Or((Not(p("b")), p("c"))), p("a"), Or((p("a"), p("b"))))), always_a, ABC)
    assert evaluate(And((Or((Not(p("b")), p("b"))), p("b"))), always_a, ABC)
    assert not evaluate(Implies(p("a"), p("c")), always_a, ABC)


def test_not_over_then_and_implies():
    run = trajectory({("P", "b")}, IDLE, {("P", "a")})
    assert evaluate(Not(Then((p("a"), p("b")))), run, ABC)
    assert not evaluate(Not(Then((p("b"), p("a")))), run, ABC)
    assert evaluate(Implies(Then((p("b"), p("a"))), p("a")), run, ABC)
    assert not evaluate(Implies(Then((p("b"), p("a"))), p("c")), run, ABC)


def test_nested_then_needs_non_empty_parts():
    run = trajectory({("P", "a")}, IDLE, {("P", "b")}, IDLE, {("P", "c")})
    assert evaluate(Then((p("a"), p("b"), p("c"))), run, ABC)
    assert evaluate(Then((Then((p("a"), p("b"))), p("c"))), run, ABC)
    assert not evaluate(Then((p("a"), p("b"), p("c"), p("c"))), run, ABC)
    assert not evaluate(Then((p("a"), Then((p("b"), p("b"))))), run, ABC)
    # A negated 'then' is still a part that needs its own pairs.
    two = trajectory({("P", "a")}, IDLE, {("P", "a")})
    assert not evaluate(Then((p("a"), Not(Then((p("a"), p("a")))), p("a"))), two, ABC)
    assert evaluate(Then((p("a"), Not(Then((p("a"), p("a")))))), two, ABC)


def test_quantifiers_and_forn():
    two = trajectory({("P", "a"), ("P", "b")}, IDLE, {("P", "a"), ("P", "b"), ("P", "c")})
    px = p("x")
    assert evaluate(ForN(2, "x", px), two, ABC)
    assert evaluate(ForN(3, "x", px), two, ABC)
    assert not evaluate(ForN(1, "x", px), two, ABC)
    assert evaluate(Forall("x", px), two, ABC)
    assert not evaluate(Forall("x", px), trajectory({("P", "a")}, IDLE, {("P", "b")}), ABC)
    assert evaluate(Exists("x", Then((p("x"), Not(p("x"))))), trajectory({("P", "c")}, IDLE, set()), ABC)
    # Over a temporal body, quantifiers ask each object whether the whole trajectory satisfies its body.
    p_then_q = Then((px, Prim("Q", ("x",))))
    mixed = trajectory({("P", "a"), ("Q", "b")}, IDLE, {("Q", "a"), ("P", "b"), ("Q", "c"), ("P", "c")})
    assert not evaluate(Forall("x", p_then_q), mixed, ABC)
    assert evaluate(Exists("x", p_then_q), mixed, ABC)
    assert evaluate(ForN(1, "x", p_then_q), mixed, ABC)
    ordered = trajectory({("P", o) for o in "abc"}, IDLE, {("Q", o) for o in "abc"})
    assert evaluate(Forall("x", p_then_q), ordered, ABC)
    walk = trajectory({("P", "a"), ("P", "b")}, IDLE, {("Q", "a")}, IDLE, {("Q", "b"), ("Q", "c")})
    assert evaluate(ForN(2, "x", Then((px, Prim("Q", ("x",))))), walk, ABC)
    assert evaluate(parse("forn 2. x. (P(x) then Q(x))"), walk, ABC)
    assert not evaluate(ForN(10**9, "x", px), two, ABC)
    assert not evaluate(ForN(10**9, "x", Then((px, px))), two, ABC)


def test_exists_over_an_action_that_does_not_name_its_variable():
    # found by test_evaluate_agrees_with_brute_force: an action without the
    # variable is true or false whatever the object, also for unnamed ones
    universe = Universe([Obj("a", "thing")], ["B"])
    run = trajectory(set(), Action("B"), set())
    assert evaluate(Then((Exists("x", Prim("B", ())), Not(Prim("B", ())))), run, universe)
    assert not evaluate(Exists("x", Prim("B", ("x",))), run, universe)


def test_subformulas_depend_on_every_enclosing_variable():
    # The inner 'and' is evaluated once per (x, y); reusing a result across y would miss R(a, b).
    asymmetric = parse("exists x. (exists y. (R(x, y) and not R(y, x)))")
    assert evaluate(asymmetric, trajectory({("R", "a", "b")}), ABC)
    assert not evaluate(asymmetric, trajectory({("R", "a", "b"), ("R", "b", "a")}), ABC)
    assert evaluate(parse("forall x. (exists y. (P(x) then R(x, y)))"), trajectory(
        {("P", "a"), ("P", "b"), ("P", "c")}, IDLE, {("R", "a", "c"), ("R", "b", "b"), ("R", "c", "a")}
    ), ABC)


KITCHEN = Universe(
    [
        Obj("character.65", "character"),
        Obj("basket.n.01_1", "basket.n.01"),
        Obj("basket.n.01_2", "basket.n.01"),
        Obj("candle.n.01_1", "candle.n.01"),
        Obj("chair.1", "chair"),
        Obj("chair.2", "chair"),
    ],
    action_names={"GRAB"},
)


def test_class_tests_and_typed_quantifiers():
    inside = trajectory({("inside", "candle.n.01_1", "basket.n.01_2")})
    assert evaluate(parse("basket.n.01(basket.n.01_1)"), inside, KITCHEN)
    assert not evaluate(parse("basket.n.01(chair.1)"), inside, KITCHEN)
    assert evaluate(parse("exists x0. (basket.n.01(x0) and not candle.n.01(x0))"), inside, KITCHEN)
    # "not C(v) or B" is the upstream spelling of a quantifier typed by class C.
    typed = "forn 1. x0. (not basket.n.01(x0) or inside(candle.n.01_1, x0))"
    assert evaluate(parse(typed), inside, KITCHEN)
    assert not evaluate(parse(typed.replace("forn 1.", "forn 2.")), inside, KITCHEN)
    assert not evaluate(parse("exists x0. (not basket.n.01(x0) or ontop(candle.n.01_1, x0))"), inside, KITCHEN)
    assert evaluate(parse("forall x0. (basket.n.01(x0) implies not ontop(candle.n.01_1, x0))"), inside, KITCHEN)


def test_bare_class_name_means_some_object_of_that_class():
    on_second = trajectory({("ONTOP", "character.65", "chair.2")})
    assert evaluate(parse("ONTOP(character, chair)"), on_second, KITCHEN)
    assert not evaluate(parse("ONTOP(character, basket.n.01)"), on_second, KITCHEN)
    assert evaluate(parse("not ONTOP(character, basket.n.01)"), on_second, KITCHEN)
    grab = trajectory(set(), Action("GRAB", ("chair.1",)), set())
    assert evaluate(parse("GRAB(chair)"), grab, KITCHEN)
    assert not evaluate(parse("GRAB(basket.n.01)"), grab, KITCHEN)


def test_unknown_names_are_false_not_errors():
    run = trajectory({("P", "a")})
    assert not evaluate(p("ghost"), run, ABC)
    assert evaluate(Not(p("ghost")), run, ABC)
    assert not evaluate(p("x"), run, ABC)  # an unbound variable
    assert not evaluate(Prim("A", ("ghost",)), run, ABC)
    assert not evaluate(Forall("x", Prim("Q", ("x", "y"))), run, ABC)


def test_holds_at_one_pair():
    index = AtomIndex()
    state = index.state([("P", "a")])
    assert holds(p("a"), state, ABC)
    assert holds(And((p("a"), Prim("A", ("b",)))), state, ABC, Action("A", ("b",)))
    assert not holds(Prim("A", ("b",)), state, ABC)
    assert holds(ForN(1, "x", p("x")), state, ABC)
    with pytest.raises(ValueError):
        holds(Then((p("a"), p("a"))), state, ABC)


def test_evaluation_is_polynomial_in_trajectory_length():
    steps = [{("P", "a")}]
    for k in range(200):
        steps += [Action("A", ("abc"[k % 3],)), {("P", "abc"[k % 3])}]
    run = trajectory(*steps)
    never = Then((p("a"), p("b"), Not(Then((p("c"), p("a")))), Exists("x", Then((p("x"), Prim("Q", ("x",)))))))
    start = time.perf_counter()
    assert not evaluate(never, run, ABC)
    assert evaluate(Then((p("a"), p("b"), p("c"), p("a"), p("b"))), run, ABC)
    assert time.perf_counter() - start < 30  # not hung: trying every split would never end; speed: benchmarks/ltl_parse.py


# Agreement with a brute-force reference that enumerates all splits.

OBJECTS = [Obj("o1", "cup"), Obj("o2", "cup"), Obj("o3", "plate")]
SMALL = Universe(OBJECTS, action_names={"A", "B"})
CLASSES = {"cup", "plate"}
TERMS = ["o1", "o2", "o3", "x", "y", "cup", "ghost"]
ATOMS = [("P", o) for o in ("o1", "o2", "o3")] + [("R", s, t) for s in ("o1", "o2", "o3") for t in ("o1", "o2")]
ACTIONS = [Action("A", (o,)) for o in ("o1", "o2", "o3")] + [Action("B")]

small_prims = st.one_of(
    st.builds(lambda t: Prim("P", (t,)), st.sampled_from(TERMS)),
    st.builds(lambda s, t: Prim("R", (s, t)), st.sampled_from(TERMS), st.sampled_from(TERMS)),
    st.builds(lambda t: Prim("A", (t,)), st.sampled_from(TERMS)),
    st.just(Prim("B")),
    st.builds(lambda c, t: Prim(c, (t,)), st.sampled_from(sorted(CLASSES)), st.sampled_from(["x", "y", "o1"])),
)


VARIABLES = st.sampled_from(["x", "y"])
CLASS_NAMES = st.sampled_from(sorted(CLASSES))
state_formulas = formulas(small_prims, VARIABLES, max_leaves=3, then=0, classes=CLASS_NAMES)


def _typed(quantifier, var, cls, body):
    return quantifier(var, Or((Not(Prim(cls, (var,))), body)))


QUANTIFIERS = st.one_of(st.sampled_from([Forall, Exists]), st.integers(0, 2).map(lambda n: partial(ForN, n)))


def _around_then(temporal):
    """Formulas with 'then' inside, nested under every connective and quantifier."""
    either = st.one_of(state_formulas, temporal)
    return st.one_of(
        st.builds(Then, st.lists(either, min_size=2, max_size=3).map(tuple)),
        st.builds(Not, temporal),
        st.builds(lambda op, t, f: op((t, f)), st.sampled_from([And, Or]), temporal, state_formulas),
        st.builds(Implies, either, either),
        st.builds(lambda q, v, body: q(v, body), QUANTIFIERS, VARIABLES, temporal),
        st.builds(_typed, QUANTIFIERS, VARIABLES, CLASS_NAMES, temporal),
    )


temporal_formulas = st.recursive(
    st.builds(Then, st.lists(state_formulas, min_size=2, max_size=3).map(tuple)), _around_then, max_leaves=4
)

trajectories = st.sampled_from([2, 3, 4, 5, 1]).flatmap(
    lambda n: st.builds(
        trajectory_from,
        st.lists(st.sets(st.sampled_from(ATOMS)), min_size=n, max_size=n),
        st.lists(st.sampled_from(ACTIONS), min_size=n - 1, max_size=n - 1),
    )
)


def trajectory_from(states, actions):
    steps = [states[0]]
    for action, atoms in zip(actions, states[1:]):
        steps += [action, atoms]
    return trajectory(*steps)


def ref_objects(term, env):
    if term in env:
        return [env[term]]
    if term in {o.id for o in OBJECTS}:
        return [term]
    if term in CLASSES:
        return [o.id for o in OBJECTS if o.class_name == term]
    return [term]


def ref_scope(node):
    body = node.body
    if (
        isinstance(body, Or)
        and isinstance(body.args[0], Not)
        and isinstance(body.args[0].arg, Prim)
        and body.args[0].arg.name in CLASSES
        and body.args[0].arg.args == (node.var,)
    ):
        rest = body.args[1] if len(body.args) == 2 else Or(body.args[1:])
        return [o.id for o in OBJECTS if o.class_name == body.args[0].arg.name], rest
    if (
        isinstance(body, Implies)
        and isinstance(body.lhs, Prim)
        and body.lhs.name in CLASSES
        and body.lhs.args == (node.var,)
    ):
        return [o.id for o in OBJECTS if o.class_name == body.lhs.name], body.rhs
    return [o.id for o in OBJECTS], body


def ref_at(f, state, action, env):
    """Truth of a state formula at one (state, action) pair."""
    if isinstance(f, Prim):
        choices = [ref_objects(t, env) for t in f.args]
        if f.name in CLASSES and len(f.args) == 1:
            return any(o.class_name == f.name and o.id in choices[0] for o in OBJECTS)
        if f.name in {"A", "B"}:
            return (
                action is not None
                and action.name == f.name
                and len(action.args) == len(choices)
                and all(arg in choice for arg, choice in zip(action.args, choices))
            )
        return any(atom in state for atom in _ground(f.name, choices))
    if isinstance(f, Not):
        return not ref_at(f.arg, state, action, env)
    if isinstance(f, And):
        return all(ref_at(g, state, action, env) for g in f.args)
    if isinstance(f, Or):
        return any(ref_at(g, state, action, env) for g in f.args)
    if isinstance(f, Implies):
        return not ref_at(f.lhs, state, action, env) or ref_at(f.rhs, state, action, env)
    domain, body = ref_scope(f)
    truths = [ref_at(body, state, action, {**env, f.var: o}) for o in domain]
    return all(truths) if isinstance(f, Forall) else any(truths) if isinstance(f, Exists) else sum(truths) == f.n


def _ground(name, choices):
    if not choices:
        yield (name,)
        return
    for first in choices[0]:
        for rest in _ground(name, choices[1:]):
            yield (name, first, *rest[1:])


def ref_sat(f, pairs, env):
    """Whether the segment ``pairs`` satisfies ``f``, trying every split."""
    if not has_then(f):
        return any(ref_at(f, state, action, env) for state, action in pairs)
    if isinstance(f, Then):
        return ref_chain(f.args, pairs, env)
    if isinstance(f, Not):
        return not ref_sat(f.arg, pairs, env)
    if isinstance(f, And):
        return all(ref_sat(g, pairs, env) for g in f.args)
    if isinstance(f, Or):
        return any(ref_sat(g, pairs, env) for g in f.args)
    if isinstance(f, Implies):
        return not ref_sat(f.lhs, pairs, env) or ref_sat(f.rhs, pairs, env)
    domain, body = ref_scope(f)
    truths = [ref_sat(body, pairs, {**env, f.var: o}) for o in domain]
    return all(truths) if isinstance(f, Forall) else any(truths) if isinstance(f, Exists) else sum(truths) == f.n


def ref_chain(parts, pairs, env):
    if len(parts) == 1:
        return ref_sat(parts[0], pairs, env)
    return any(
        ref_sat(parts[0], pairs[:k], env) and ref_chain(parts[1:], pairs[k:], env) for k in range(1, len(pairs))
    )


@settings(max_examples=300, deadline=None)
@given(st.one_of(state_formulas, temporal_formulas), trajectories)
def test_evaluate_agrees_with_brute_force(formula, run):
    pairs = list(zip(run.states, (*run.actions, None)))
    assert evaluate(formula, run, SMALL) == ref_sat(formula, pairs, {})


@settings(max_examples=100, deadline=None)
@given(any_formulas)
def test_arbitrary_formulas_evaluate_without_errors(formula):
    run = trajectory({("P", "a")}, Action("A", ("b",)), {("character",), ("ONTOP", "a", "b")})
    assert evaluate(formula, run, KITCHEN) in (True, False)
