"""Parsing real and synthetic PDDL domains and problems."""

from pathlib import Path

import pytest

from eai.exceptions import EaiError
from eai.pddl import TRUE, And, Exists, Forall, Not, Or, Pred, When
from eai.pddl.parser import PDDLSyntaxError, parse_action, parse_domain, parse_problem

DATA = Path(__file__).parent.parent / "data" / "pddl"


def atoms(f):
    if isinstance(f, Pred):
        return 1
    if isinstance(f, Not):
        return atoms(f.arg)
    if isinstance(f, (And, Or)):
        return sum(map(atoms, f.args))
    if isinstance(f, (Exists, Forall)):
        return atoms(f.body)
    if isinstance(f, When):
        return atoms(f.cond) + atoms(f.effect)
    raise TypeError(f)


@pytest.mark.parametrize(
    "name, operators, predicates, precondition_atoms, effect_atoms",
    [("virtualhome", 33, 45, 128, 52), ("behavior", 30, 17, 84, 57)],
)
def test_gold_domains_parse(name, operators, predicates, precondition_atoms, effect_atoms):
    domain = parse_domain((DATA / f"{name}.pddl").read_text())
    assert len(domain.operators) == operators
    assert len(domain.predicates) == predicates
    assert sum(atoms(op.precondition) for op in domain.operators) == precondition_atoms
    assert sum(atoms(op.effect) for op in domain.operators) == effect_atoms


def test_virtualhome_quirks():
    domain = parse_domain((DATA / "virtualhome.pddl").read_text())
    assert domain.types == (("object", ""), ("character", ""))
    assert domain.operator("open").effect == And((Pred("open", ("?obj",)), Not(Pred("closed", ("?obj",)))))
    assert domain.operator("find").effect == TRUE  # written "()"
    walk = domain.operator("walk_towards").effect
    assert walk.args[1] == Forall(
        (("?far_obj", "object"),),
        When(Not(Pred("obj_next_to", ("?far_obj", "?obj"))), Not(Pred("next_to", ("?char", "?far_obj")))),
    )
    problem = parse_problem((DATA / "vh_Pet_cat_1035_1.pddl").read_text())
    assert problem.name == "pet_cat"  # names are lower-cased
    assert problem.objects == (("character", "character"), ("cat", "object"))
    assert problem.goal == And((Pred("next_to", ("character", "cat")),))


def test_behavior_problem_drops_negative_init():
    problem = parse_problem((DATA / "b_installing_a_modem_0_Beechwood_0_int_0_2021-10-25_20-28-55.pddl").read_text())
    assert ("toggled_on", "modem_n_01_1") not in problem.init
    assert ("ontop", "modem_n_01_1", "table_n_02_1") in problem.init
    assert problem.objects[0] == ("agent_n_01_1", "agent")


def test_empty_goal():
    assert parse_problem((DATA / "vh_Wash_hands_549_2.pddl").read_text()).goal == TRUE


def test_keywords_are_case_insensitive_and_comments_ignored():
    op = parse_action(
        "(:ACTION Go ; move\n :Parameters (?A ?b - Room ?c)\n :PRECONDITION (AND (at ?a) (NOT (= ?a ?b)))\n"
        " :effect (When (at ?a) (Forall (?x) (at ?x))))"
    )
    assert op.name == "go"
    assert op.parameters == (("?a", "room"), ("?b", "room"), ("?c", ""))
    assert op.precondition == And((Pred("at", ("?a",)), Not(Pred("=", ("?a", "?b")))))
    assert op.effect == When(Pred("at", ("?a",)), Forall((("?x", ""),), Pred("at", ("?x",))))


def test_missing_sections_default_to_true():
    op = parse_action("(:action wait)")
    assert (op.parameters, op.precondition, op.effect) == ((), TRUE, TRUE)


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("(define (domain d)\n  (:predicates (p ?x))\n  (:action a :effect (and (p ?x)))", 3, 35, "end of text"),
        ("(define (domain d)\n  (:action a :effect (and (p ?x) ])))", 2, 34, "unexpected character ']'"),
        ("(define (domain d)\n  (:action a :effect (foo))\n  (:action b :frobnicate ()))", 3, 14, "unexpected ':frobnicate'"),
        ("(define (domain d) (:types - t))", 1, 30, "follows no names"),
        ("(define (domain d) (:action a :effect (p) :effect (q)))", 1, 29, "two :effect"),
    ],
)
def test_syntax_errors_have_positions(text, line, column, words):
    with pytest.raises(PDDLSyntaxError) as caught:
        parse_domain(text)
    assert (caught.value.line, caught.value.column) == (line, column)
    assert words in str(caught.value)
    assert str(caught.value).startswith(f"line {line}, column {column}: ")
    assert isinstance(caught.value, EaiError)


def test_problem_is_not_a_domain():
    with pytest.raises(PDDLSyntaxError, match="expected 'domain'"):
        parse_domain((DATA / "vh_Pet_cat_1035_1.pddl").read_text())


def test_deep_nesting_is_a_syntax_error():
    text = "(:action a :precondition " + "(not " * 5000 + "(p)" + ")" * 5001
    with pytest.raises(PDDLSyntaxError, match="nested too deeply"):
        parse_action(text)
