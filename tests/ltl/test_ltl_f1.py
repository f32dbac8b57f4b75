import pytest

from eai.ltl import PRF, GoalOption, Universe, best_prf, option_elements, options, parse, set_prf
from eai.world import Action, Obj


def test_set_prf():
    assert set_prf("abc", "bcd") == PRF(2 / 3, 2 / 3, pytest.approx(2 / 3))
    assert set_prf("ab", "abcd") == PRF(1.0, 0.5, pytest.approx(2 / 3))
    assert set_prf("abcd", "ab") == PRF(0.5, 1.0, pytest.approx(2 / 3))
    assert set_prf("ab", "cd") == PRF(0.0, 0.0, 0.0)
    assert set_prf(["a", "a", "b"], ["a", "b"]) == PRF(1.0, 1.0, 1.0)


def test_empty_set_conventions():
    assert set_prf([], []) == PRF(1.0, 1.0, 1.0)
    assert set_prf([], ["a"]) == PRF(1.0, 0.0, 0.0)
    assert set_prf(["a"], []) == PRF(0.0, 1.0, 0.0)


def test_best_prf_picks_highest_f1_first_on_ties():
    gold = [{"x", "y"}, {"a", "b"}, {"a", "c"}, {"a", "b", "z"}]
    assert best_prf({"a", "b"}, gold) == (PRF(1.0, 1.0, 1.0), 1)
    score, index = best_prf({"a"}, gold)
    assert index == 1 and score == PRF(1.0, 0.5, pytest.approx(2 / 3))


def test_best_prf_stops_at_a_perfect_match():
    def gold():
        yield {"a"}
        yield {"b"}
        raise AssertionError("read past a perfect match")

    assert best_prf({"b"}, gold()) == (PRF(1.0, 1.0, 1.0), 1)


def test_best_prf_needs_gold():
    with pytest.raises(ValueError):
        best_prf({"a"}, [])


def test_option_elements_count_the_action_sequence_once():
    grab, put = Action("GRAB", ("cup.1",)), Action("PUTBACK", ("cup.1",))
    option = GoalOption(((True, ("ON", "tv.1")), (False, ("OPEN", "box.1"))), (grab, put))
    assert option_elements(option) == {(True, ("ON", "tv.1")), (False, ("OPEN", "box.1")), (grab, put)}
    assert option_elements(GoalOption()) == frozenset()
    # A wrong order of the same actions is a different element.
    reordered = GoalOption(option.literals, (put, grab))
    assert set_prf(option_elements(option), option_elements(reordered)).f1 == pytest.approx(2 / 3)


def test_scoring_a_prediction_against_lazy_gold_options():
    universe = Universe([Obj("tv.1", "tv"), Obj("sofa.1", "sofa")], action_names={"LOOKAT", "WATCH"})
    gold = parse("exists x0. (LOOKAT(x0) or WATCH(x0)) then (ON(tv.1) and FACING(character.65, tv.1))")
    predicted = GoalOption(((True, ("ON", "tv.1")),), (Action("WATCH", ("tv.1",)),))
    score, index = best_prf(option_elements(predicted), (option_elements(o) for o in options(gold, universe)))
    assert index == 1  # LOOKAT(tv.1), WATCH(tv.1), ...
    assert score == PRF(1.0, 2 / 3, pytest.approx(0.8))
