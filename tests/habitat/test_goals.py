"""LLaRP's goals and subgoals (habitat's logical expressions) in our terms."""

import pytest
from hypothesis import given, settings, strategies as st

from eai.exceptions import EaiError
from eai.ltl import to_text
from eai_habitat.expressions import Logical, Predicate, predicate, read
from eai_habitat.goals import Names, goal_formula, subgoal_formulas
from tests.habitat.conftest import load

TV = "receptacle_aabb_TvStnd1_Top1_frl_apartment_tvstand"
COUNTER = "receptacle_aabb_counter_left_kitchen_counter"
NAMES = Names({TV: "tv_stand", COUNTER: "left_counter", "fridge_push_point": "fridge_push_point",
               "057_racquetball_:0000": "ball_1", "065-g_cups_:0000": "cup_1"},
              {"ball": "ball", "cup": "cup", "knife": "knife", "toy airplane": "toy_airplane"})


def ltl(goal):
    return to_text(goal_formula(goal, NAMES))


def test_exists_over_a_category():
    goal = {"expr_type": "AND", "quantifier": "EXISTS", "inputs": [{"name": "X", "expr_type": "ball"}],
            "sub_exprs": [f"on_top(X, {TV})", "not_holding()"]}
    assert ltl(goal) == "exists x. (ball(x) and (on_top(x, tv_stand) and not_holding(robot_0)))"


def test_forall_over_a_category():
    goal = {"expr_type": "AND", "quantifier": "FORALL", "inputs": [{"name": "X", "expr_type": "cup"}],
            "sub_exprs": [f"on_top(X, {COUNTER})", "not_holding()"]}
    assert ltl(goal) == "forall x. (not cup(x) or on_top(x, left_counter) and not_holding(robot_0))"


def test_two_inputs_nest_and_a_category_name_is_snake_cased():
    goal = {"expr_type": "AND", "quantifier": "EXISTS",
            "inputs": [{"name": "X", "expr_type": "toy airplane"}, {"name": "Y", "expr_type": "cup"}],
            "sub_exprs": ["closed_fridge(fridge_push_point)", f"on_top(X, {TV})", f"on_top(Y, {TV})"]}
    assert ltl(goal) == ("exists x. (toy_airplane(x) and exists y. (cup(y) and (closed_fridge(fridge_push_point) "
                         "and on_top(x, tv_stand) and on_top(y, tv_stand))))")


def test_nand_over_exists_negates_the_quantified_expression():
    """'Clear all the knife from the TV stand': no knife on it (habitat reads
    'some knife is not on it'; the same on every episode, with one knife each)."""
    goal = {"expr_type": "AND", "sub_exprs": ["not_holding()", {
        "expr_type": "NAND", "quantifier": "EXISTS", "inputs": [{"name": "X", "expr_type": "knife"}],
        "sub_exprs": [f"on_top(X, {TV})"]}]}
    assert ltl(goal) == "not_holding(robot_0) and not exists x. (knife(x) and on_top(x, tv_stand))"


def test_unknown_names_are_errors():
    with pytest.raises(EaiError, match="unknown entity 'sofa'"):
        ltl({"expr_type": "AND", "sub_exprs": ["on_top(057_racquetball_:0000, sofa)"]})
    with pytest.raises(EaiError, match="unknown object category 'unicorn'"):
        ltl({"expr_type": "AND", "quantifier": "EXISTS", "inputs": [{"name": "X", "expr_type": "unicorn"}],
             "sub_exprs": ["not_holding()"]})
    with pytest.raises(EaiError, match="not a habitat predicate"):
        read("on_top X tv")
    with pytest.raises(EaiError, match="not a habitat logical expression"):
        read({"expr_type": "XOR", "sub_exprs": []})


def test_reading_keeps_the_tree():
    assert read({"expr_type": "NAND", "quantifier": "FORALL", "inputs": [{"name": "r", "expr_type": "cab_type"}],
                 "sub_exprs": ["in(obj, r)", "closed_cab(r)"]}) == Logical(
        "NAND", (Predicate("in", ("obj", "r")), Predicate("closed_cab", ("r",))), "FORALL", (("r", "cab_type"),))


def test_subgoals_keep_object_facts_and_leave_out_where_the_robot_is():
    """LLaRP's oracle stages (context_000): distances go, consecutive repeats merge,
    and an object held over a receptacle is held, not on it."""
    stages = (
        ("robot_at_obj(057_racquetball_:0000)", f"robot_at({COUNTER})", "robot_at(057_racquetball_:0000)"),
        ("holding(057_racquetball_:0000)", "robot_at_obj(057_racquetball_:0000)", f"robot_at({COUNTER})"),
        ("holding(057_racquetball_:0000)", f"on_top(057_racquetball_:0000,{TV})", f"robot_at({TV})"),
        (f"on_top(057_racquetball_:0000,{TV})", f"robot_at({TV})"),
    )
    assert [to_text(f) for f in subgoal_formulas(stages, NAMES)] == ["holding(ball_1)", "on_top(ball_1, tv_stand)"]


def test_the_stored_goal_option_is_the_one_the_gold_plan_reaches():
    for task in load("context_000", "multiple_rearrangements_000", "new_scenes_001"):
        literals = {str(lit) for lit in task.goal.state + task.goal.relation}
        assert "not_holding(robot_0)" in literals
    (cups,) = load("multiple_rearrangements_000")
    on_counter = {lit.atom[1] for lit in cups.goal.relation}
    assert on_counter == {o.id for o in cups.objects if o.class_name == "cup"}


NAME = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,12}", fullmatch=True)
ARG = st.from_regex(r"[A-Za-z0-9_:\-]{1,20}", fullmatch=True)


@settings(max_examples=200, deadline=None)
@given(NAME, st.lists(ARG, max_size=3), st.sampled_from([",", ", ", " ,  "]))
def test_a_predicate_reads_back_its_name_and_arguments(name, args, comma):
    assert predicate(f"{name}({comma.join(args)})") == Predicate(name, tuple(args))


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30))
def test_any_text_is_a_predicate_or_one_clear_error(text):
    try:
        predicate(text)
    except EaiError as exc:
        assert "not a habitat predicate" in str(exc)
