import time
from itertools import islice, permutations
from unittest.mock import patch

import pytest
from hypothesis import given, settings, strategies as st

from eai.ltl import And, Exists, Forall, GoalOption, Universe, evaluate, has_then, holds, options, parse
from eai.ltl.lookahead import Lookahead
from eai.ltl.syntax import Prim
from eai.world import Action, AtomIndex, Obj, Trajectory
from tests.ltl.ltl_strategies import any_formulas, formulas

MATCHING = parse(
    "forall b. (not basket(b) or forn 1 c. (not candle(c) or inside(c, b))) and "
    "forall c. (not candle(c) or forn 1 b. (not basket(b) or inside(c, b)))"
)


def baskets_and_candles(n):
    return Universe(
        [Obj(f"basket{i}", "basket") for i in range(1, n + 1)] + [Obj(f"candle{i}", "candle") for i in range(1, n + 1)]
    )


def inside(candle, basket):
    return (True, ("inside", f"candle{candle}", f"basket{basket}"))


def test_first_matching_option_is_the_identity():
    first = next(options(MATCHING, baskets_and_candles(3)))
    assert first == GoalOption((inside(1, 1), inside(2, 2), inside(3, 3)))


def test_matching_options_are_exactly_the_permutations_in_lexicographic_order():
    got = [option.literals for option in options(MATCHING, baskets_and_candles(3))]
    assert got == [tuple(inside(c, b) for b, c in enumerate(perm, 1)) for perm in permutations((1, 2, 3))]


def test_first_option_is_found_lazily():
    # 8^8 > 16 million raw combinations in the first conjunct alone.
    start = time.perf_counter()
    first = next(options(MATCHING, baskets_and_candles(8)))
    assert time.perf_counter() - start < 30  # not hung (eager enumeration would take hours); no timing target
    assert first.literals == tuple(inside(i, i) for i in range(1, 9))
    # 2^30 combinations, and a generator that was never asked for more.
    many = Universe(Obj(f"o{i}", "thing") for i in range(30))
    start = time.perf_counter()
    first_two = list(islice(options(parse("forall x. (P(x) or Q(x))"), many), 2))
    assert time.perf_counter() - start < 30  # not hung
    assert [atom for _, atom in first_two[1].literals][-1] == ("Q", "o29")


def test_exists_alternatives_objects_outer_disjuncts_inner():
    universe = Universe([Obj("tv.1", "tv"), Obj("character.65", "character")], action_names={"LOOKAT", "WATCH"})
    goal = parse(
        "exists x0. ((LOOKAT(x0) or WATCH(x0))) then (ON(tv.1) and PLUGGED_IN(tv.1) and FACING(character.65, tv.1))"
    )
    got = list(options(goal, universe))
    assert [option.actions for option in got] == [
        (Action("LOOKAT", ("tv.1",)),),
        (Action("WATCH", ("tv.1",)),),
        (Action("LOOKAT", ("character.65",)),),
        (Action("WATCH", ("character.65",)),),
    ]
    assert {option.literals for option in got} == {
        ((True, ("ON", "tv.1")), (True, ("PLUGGED_IN", "tv.1")), (True, ("FACING", "character.65", "tv.1")))
    }


def test_virtualhome_conjunction_has_one_option_in_formula_order():
    goal = parse(
        "(CLOSED(washing_machine.1001) and ON(washing_machine.1001) and PLUGGED_IN(washing_machine.1001) and "
        "ONTOP(clothes_jacket.1003, washing_machine.1001) and ONTOP(soap.1002, washing_machine.1001))"
    )
    universe = Universe(
        [Obj("washing_machine.1001", "washing_machine"), Obj("clothes_jacket.1003", "clothes_jacket"),
         Obj("soap.1002", "soap")]
    )
    (only,) = options(goal, universe)
    assert only.actions == ()
    assert [atom for _, atom in only.literals] == [
        ("CLOSED", "washing_machine.1001"),
        ("ON", "washing_machine.1001"),
        ("PLUGGED_IN", "washing_machine.1001"),
        ("ONTOP", "clothes_jacket.1003", "washing_machine.1001"),
        ("ONTOP", "soap.1002", "washing_machine.1001"),
    ]


ROOM = Universe(
    [Obj("character.65", "character"), Obj("chair.1", "chair"), Obj("chair.2", "chair"), Obj("cup.1", "cup")],
    action_names={"GRAB", "PUTBACK", "WALK"},
)


def test_then_concatenates_actions_and_literals():
    goal = parse("GRAB(cup.1) then (ONTOP(cup.1, chair.1) and not OPEN(chair.1)) then PUTBACK(cup.1) then SIT()")
    (only,) = options(goal, ROOM)
    assert only.actions == (Action("GRAB", ("cup.1",)), Action("PUTBACK", ("cup.1",)))
    assert only.literals == ((True, ("ONTOP", "cup.1", "chair.1")), (False, ("OPEN", "chair.1")), (True, ("SIT",)))


def test_class_names_and_class_tests():
    goal = parse("ONTOP(character, chair)")
    assert [o.literals for o in options(goal, ROOM)] == [
        ((True, ("ONTOP", "character.65", "chair.1")),),
        ((True, ("ONTOP", "character.65", "chair.2")),),
    ]
    (negated,) = options(parse("not ONTOP(character, chair)"), ROOM)
    assert negated.literals == (
        (False, ("ONTOP", "character.65", "chair.1")),
        (False, ("ONTOP", "character.65", "chair.2")),
    )
    # Class tests never become literals; they select or reject branches.
    got = list(options(parse("exists x. (chair(x) and CLEAN(x))"), ROOM))
    assert [o.literals for o in got] == [((True, ("CLEAN", "chair.1")),), ((True, ("CLEAN", "chair.2")),)]
    assert list(options(parse("cup(chair.1)"), ROOM)) == []
    assert list(options(parse("not cup(chair.1)"), ROOM)) == [GoalOption()]


def test_forn_lists_picked_objects_only_and_enforces_the_rest():
    goal = parse("forn 2 x. (not chair(x) or CLEAN(x))")
    assert [o.literals for o in options(goal, ROOM)] == [
        ((True, ("CLEAN", "chair.1")), (True, ("CLEAN", "chair.2"))),
    ]
    cups = Universe(Obj(f"cup.{i}", "cup") for i in range(1, 4))
    got = [o.literals for o in options(parse("forn 2 x. (CLEAN(x))"), cups)]
    assert got == [
        ((True, ("CLEAN", "cup.1")), (True, ("CLEAN", "cup.2"))),
        ((True, ("CLEAN", "cup.1")), (True, ("CLEAN", "cup.3"))),
        ((True, ("CLEAN", "cup.2")), (True, ("CLEAN", "cup.3"))),
    ]
    # The objects not picked must not satisfy the body, though that is not listed.
    assert list(options(parse("forn 1 x. (CLEAN(x)) and CLEAN(cup.1) and CLEAN(cup.2)"), cups)) == []
    # not forn 1: none, or at least two.
    got = [o.literals for o in options(parse("not forn 1 x. (CLEAN(x))"), Universe(list(cups.objects)[:2]))]
    assert got == [(), ((True, ("CLEAN", "cup.1")), (True, ("CLEAN", "cup.2")))]
    # A count beyond the objects: no way to reach it, and every way to miss it.
    assert list(options(parse("forn 1000000000 x. (CLEAN(x))"), cups)) == []
    assert len(list(options(parse("not forn 1000000000 x. (CLEAN(x))"), cups))) == 2**3


def test_a_count_over_no_objects_has_the_empty_option_wherever_it_comes():
    # Over no objects, forn 0 and not forn 1 hold and their one alternative picks nothing: an empty
    # alternative, which once ended the search when nothing came after it.
    nothing = Universe([])
    for text in ["forn 0 x. (P(x))", "not forn 1 x. (P(x))", "P(a) and forn 0 x. (P(x))", "forn 0 x. (P(x)) and P(a)"]:
        goal = parse(text)
        got = list(options(goal, nothing))
        assert len(got) == 1 and holds(goal, AtomIndex().state(atom for _, atom in got[0].literals), nothing)


def test_forn_repeats_an_option_for_each_way_to_exclude_the_others():
    # A plate is excluded by its class or by CLEAN being false: two branches, the same literals.
    # The second branch's options are the first's, less those where the plate must be clean.
    # (With the class test first, forn ranges over cups only: one option per cup.)
    dishes = Universe([Obj("cup.1", "cup"), Obj("cup.2", "cup"), Obj("plate.1", "plate"), Obj("plate.2", "plate")])
    clean = [((True, ("CLEAN", f"cup.{i}")),) for i in (1, 2)]
    got = [o.literals for o in options(parse("forn 1 x. (CLEAN(x) and cup(x))"), dishes)]
    assert got == [clean[0]] * 4 + [clean[1]] * 4
    assert [o.literals for o in options(parse("forn 1 x. (cup(x) and CLEAN(x))"), dishes)] == clean
    plate = (True, ("CLEAN", "plate.2"))
    got = [o.literals for o in options(parse("forn 1 x. (CLEAN(x) and cup(x)) and CLEAN(plate.2)"), dishes)]
    assert got == [clean[0] + (plate,)] * 2 + [clean[1] + (plate,)] * 2


def test_inconsistent_branches_are_dropped():
    cups = Universe([Obj("cup.1", "cup")], action_names={"GRAB"})
    assert list(options(parse("P(cup.1) and not P(cup.1)"), cups)) == []
    assert list(options(parse("(P(cup.1) or Q(cup.1)) and not P(cup.1)"), cups)) == [
        GoalOption(((True, ("Q", "cup.1")), (False, ("P", "cup.1"))))
    ]
    assert list(options(parse("GRAB(cup.1) and not GRAB(cup.1)"), cups)) == []
    assert list(options(parse("P(cup.1) then not P(cup.1)"), cups)) == []


@pytest.mark.parametrize("text", ["not (P() then Q())", "(P() then Q()) implies R()", "forn 1 x. (P(x) then Q(x))"])
def test_negated_then_is_rejected_up_front(text):
    with pytest.raises(ValueError, match="then"):
        options(parse(text), ROOM)


def test_order_is_deterministic():
    goal = parse("forall x. (not chair(x) or CLEAN(x) or ONTOP(x, chair)) and exists y. (GRAB(y) or WALK(y))")
    assert list(options(goal, ROOM)) == list(options(goal, ROOM))


# Properties over random then-free, action-free formulas on two objects.

PAIR = Universe([Obj("o1", "cup"), Obj("o2", "plate")])
TERMS = st.sampled_from(["o1", "o2", "x", "y", "cup"])
grounding_prims = st.one_of(
    st.builds(lambda t: Prim("P", (t,)), TERMS),
    st.builds(lambda s, t: Prim("R", (s, t)), TERMS, TERMS),
    st.builds(lambda c, t: Prim(c, (t,)), st.sampled_from(["cup", "plate"]), TERMS),
)
state_formulas = formulas(
    grounding_prims, st.sampled_from(["x", "y"]), max_leaves=6, then=0, classes=st.sampled_from(["cup", "plate"])
)
closed_formulas = st.builds(
    lambda outer, inner, f: outer("x", inner("y", f)), st.sampled_from([Forall, Exists]),
    st.sampled_from([Forall, Exists]), state_formulas,
)
ATOMS = [("P", o) for o in ("o1", "o2")] + [("R", s, t) for s in ("o1", "o2") for t in ("o1", "o2")]
INDEX = AtomIndex(ATOMS)
ALL_STATES = Trajectory(
    tuple(INDEX.state(a for k, a in enumerate(ATOMS) if bits >> k & 1) for bits in range(1 << len(ATOMS))),
    (Action("IDLE"),) * ((1 << len(ATOMS)) - 1),
)


@settings(max_examples=200, deadline=None)
@given(st.one_of(state_formulas, closed_formulas))
def test_every_option_achieves_the_formula(formula):
    for option in islice(options(formula, PAIR), 30):
        atoms = {atom for _, atom in option.literals}
        assert len(atoms) == len(option.literals)
        state = AtomIndex().state(atom for positive, atom in option.literals if positive)
        assert holds(formula, state, PAIR)


@settings(max_examples=200, deadline=None)
@given(closed_formulas)
def test_a_satisfiable_formula_has_an_option(formula):
    # ALL_STATES visits every state over the atoms; a state formula holds somewhere on it iff satisfiable.
    assert (next(options(formula, PAIR), None) is not None) == evaluate(formula, ALL_STATES, PAIR)


@settings(max_examples=100, deadline=None)
@given(any_formulas.filter(lambda f: not has_then(f)))
def test_arbitrary_formulas_ground_without_errors(formula):
    for option in islice(options(formula, ROOM), 5):
        assert isinstance(option, GoalOption)


conjunctions = st.lists(closed_formulas, min_size=2, max_size=3).map(lambda parts: And(tuple(parts)))


@settings(max_examples=300, deadline=None)
@given(closed_formulas | conjunctions, st.none() | st.sets(st.sampled_from(ATOMS)))
def test_the_look_ahead_decides_neither_which_options_nor_their_order(formula, preferred):
    # The plain search (the look-ahead never prunes) is the reference; pruning, deferred or not, only saves work.
    prefer = None if preferred is None else AtomIndex().state(preferred)
    got = list(islice(options(formula, PAIR, prefer), 100))
    with patch.object(Lookahead, "viable", lambda self, work: True):
        plain = list(islice(options(formula, PAIR, prefer), 100))
    assert got == plain


@given(st.lists(st.sampled_from(["cup.1", "chair.1", "chair", "cup", "nothing", "x"]), max_size=3),
       st.dictionaries(st.sampled_from(["x", "chair", "nothing"]), st.sampled_from(["cup.1", "chair.2"])))
def test_ground_arguments_are_the_one_object_each_argument_stands_for(args, env):
    prim = Prim("P", tuple(args))
    denoted = ROOM.arguments(prim, env)
    single = all(len(objects) == 1 for objects in denoted)
    assert ROOM.ground(prim, env) == (tuple(objects[0] for objects in denoted) if single else None)
