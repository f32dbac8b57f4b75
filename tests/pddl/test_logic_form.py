"""Logic-form accuracy: recursive bipartite matching of predicted against gold operators."""

import dataclasses
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from eai.pddl import TRUE, And, Exists, Forall, Not, Or, Pred, When
from eai.pddl.logic_form import Counts, match_formula, normalize, score_operator, score_operators
from eai.pddl.parser import parse_action, parse_domain

DATA = Path(__file__).parent.parent / "data" / "pddl"
VIRTUALHOME = parse_domain((DATA / "virtualhome.pddl").read_text())
BEHAVIOR = parse_domain((DATA / "behavior.pddl").read_text())
CATEGORIES = {"grabbable": "object_affordance", "next_to": "spatial_relations", "obj_inside": "spatial_relations",
              "closed": "object_states", "holds_lh": "non-spatial_relations", "holds_rh": "non-spatial_relations"}


@pytest.mark.parametrize("domain", [VIRTUALHOME, BEHAVIOR], ids=["virtualhome", "behavior"])
def test_gold_against_gold_is_perfect_everywhere(domain):
    score = score_operators({op.name: op for op in domain.operators}, domain.operators)
    for op in score.operators:
        for part in (op.precondition, op.effect, op.both):
            assert (part.counts.precision, part.counts.recall, part.counts.f1) == (1.0, 1.0, 1.0)
    for counts in score.part().by_category(CATEGORIES).values():
        assert counts.f1 == 1.0
    assert score.extra == ()


def test_empty_answer_has_zero_recall():
    score = score_operators({}, VIRTUALHOME.operators)
    total = score.part().counts
    assert total == Counts(0, 0, 180)
    assert (total.precision, total.recall, total.f1) == (0.0, 0.0, 0.0)


def test_dropped_precondition_costs_recall_only():
    grab = VIRTUALHOME.operator("grab")  # 4 conjuncts, 6 atoms
    dropped = dataclasses.replace(grab, precondition=And(grab.precondition.args[1:]))
    counts = score_operator(dropped, grab).precondition.counts
    assert counts == Counts(5, 5, 6)
    assert (counts.precision, counts.recall) == (1.0, 5 / 6)
    assert score_operator(dropped, grab).effect.counts.f1 == 1.0


def test_swapped_arguments_cost_one_atom_both_ways():
    grab = VIRTUALHOME.operator("grab")
    args = list(grab.precondition.args)
    args[1] = Pred("next_to", ("?obj", "?char"))
    counts = score_operator(dataclasses.replace(grab, precondition=And(tuple(args))), grab).precondition.counts
    assert counts == Counts(5, 6, 6)
    assert counts.precision == counts.recall == 5 / 6


def test_renamed_parameters_and_bound_variables_still_match():
    gold = VIRTUALHOME.operator("grab")
    renamed = parse_action(
        gold.to_pddl().replace("?char", "?agent").replace("?obj2", "?container").replace("?obj", "?item")
    )
    assert renamed != gold
    score = score_operator(renamed, gold)
    assert score.both.counts.f1 == 1.0


def test_parameters_bind_by_position_not_by_name():
    gold = parse_action("(:action put :parameters (?a ?b) :precondition (and (p ?a) (q ?b)) :effect ())")
    swapped = parse_action("(:action put :parameters (?b ?a) :precondition (and (p ?a) (q ?b)) :effect ())")
    assert score_operator(swapped, gold).precondition.counts == Counts(0, 2, 2)
    explicit = score_operator(swapped, gold, renaming={"?a": "?a", "?b": "?b"})
    assert explicit.precondition.counts == Counts(2, 2, 2)


def test_unbound_variables_match_nothing():
    gold = parse_action("(:action a :parameters (?x) :precondition (p ?x) :effect ())")
    predicted = parse_action("(:action a :parameters (?y) :precondition (and (p ?y) (p ?x)) :effect ())")
    assert score_operator(predicted, gold).precondition.counts == Counts(1, 2, 1)


def test_connectives_must_agree():
    p, q, x = Pred("p", ("?x",)), Pred("q", ("?x",)), {"?x": "?x"}
    assert match_formula(And((p, q)), And((q, p)), x).counts == Counts(2, 2, 2)
    assert match_formula(Or((p, q)), And((p, q)), x).counts == Counts(0, 2, 2)
    assert match_formula(Not(p), p, x).counts == Counts(0, 1, 1)
    assert match_formula(When(p, q), When(p, Not(q)), x).counts == Counts(1, 2, 2)
    typed = Exists((("?y", "room"),), Pred("in", ("?x", "?y")))
    assert match_formula(Exists((("?z", "room"),), Pred("in", ("?x", "?z"))), typed, x).counts.f1 == 1.0
    assert match_formula(Forall((("?z", "room"),), Pred("in", ("?x", "?z"))), typed, x).counts.matched == 0
    assert match_formula(Exists((("?z", "door"),), Pred("in", ("?x", "?z"))), typed, x).counts.matched == 0


def test_nesting_and_single_children_are_normalised():
    p, q, r = (Pred(n, ()) for n in "pqr")
    assert normalize(And((And((p, q)), And(()), r))) == And((p, q, r))
    assert match_formula(And((p,)), p).counts == Counts(1, 1, 1)
    assert match_formula(TRUE, TRUE).counts == Counts(0, 0, 0)


def test_partial_credit_inside_disjunctions():
    gold = VIRTUALHOME.operator("put_inside").precondition  # or of 4 and's of 3 atoms
    predicted = Or(tuple(And(branch.args[:2]) for branch in gold.args))
    counts = match_formula(predicted, gold, {}).counts
    assert counts == Counts(0, 8, 12)  # parameters are not renamed here: nothing binds
    counts = match_formula(predicted, gold, {v: v for v in ("?char", "?obj1", "?obj2")}).counts
    assert counts == Counts(8, 8, 12)


def test_categories_and_unknown_predicates():
    gold = VIRTUALHOME.operator("grab")
    predicted = dataclasses.replace(gold, precondition=And((Pred("grabbable", ("?obj",)), Pred("magic", ("?obj",)))))
    by_category = score_operator(predicted, gold).precondition.by_category(CATEGORIES)
    assert by_category["object_affordance"] == Counts(1, 1, 1)
    assert by_category["unknown"] == Counts(0, 1, 0)
    assert by_category["spatial_relations"] == Counts(0, 0, 2)


def test_extra_operators_are_listed_not_scored():
    gold = [VIRTUALHOME.operator("grab")]
    score = score_operators({"grab": gold[0], "teleport": VIRTUALHOME.operator("walk_towards")}, gold)
    assert score.extra == ("teleport",)
    assert [op.name for op in score.operators] == ["grab"]


def test_does_not_depend_on_order():
    gold = VIRTUALHOME.operator("put_inside")
    branches = list(gold.precondition.args)
    rng = random.Random(7)
    for _ in range(5):
        rng.shuffle(branches)
        shuffled = Or(tuple(And(tuple(rng.sample(b.args, len(b.args)))) for b in branches))
        score = score_operator(dataclasses.replace(gold, precondition=shuffled), gold)
        assert score.precondition.counts == Counts(12, 12, 12)


def test_ties_break_the_same_way_under_any_hash_seed():
    script = (
        "from eai.pddl import And, Pred; from eai.pddl.logic_form import match_formula\n"
        "p, q, r = (Pred(n, ('?x',)) for n in ('p', 'q', 'r'))\n"
        "tie = match_formula(And((And((p, q)),)), And((And((p, r)), And((q, r)))), {'?x': '?x'})\n"
        "print(tie.by_predicate)"
    )
    root = Path(__file__).parent.parent.parent
    outputs = {
        subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=root,
                       env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(root)}).stdout
        for seed in ("1", "2", "3")
    }
    assert len(outputs) == 1
