import pytest
from hypothesis import given, settings

from eai.ltl import And, Forall, ForN, Implies, Not, Or, Prim, Then, parse, to_text
from tests.ltl.ltl_strategies import any_formulas

a, b, c = (Prim(n) for n in "abc")


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("P( a ,b )", "P(a, b)"),
        ("not(P(a))", "not P(a)"),
        ("forall x.(P(x))", "forall x. (P(x))"),
        ("forn 2. x. (P(x))", "forn 2 x. (P(x))"),
        ("((a()) and ((b())))", "a() and b()"),
        ("(a() and b()) and c()", "(a() and b()) and c()"),
        ("a() or (b() and c())", "a() or b() and c()"),
        ("(a() or b()) and c()", "(a() or b()) and c()"),
        ("not (a() and b())", "not (a() and b())"),
        ("a() implies (b() implies c())", "a() implies b() implies c()"),
        ("(a() implies b()) implies c()", "(a() implies b()) implies c()"),
        ("(a() implies b()) then c()", "a() implies b() then c()"),
        ("a() implies (b() then c())", "a() implies (b() then c())"),
        ("exists x0. ((LOOKAT(x0) or WATCH(x0))) then ON(tv.1)", "exists x0. (LOOKAT(x0) or WATCH(x0)) then ON(tv.1)"),
    ],
)
def test_canonical_minimal_text(text, canonical):
    assert to_text(parse(text)) == canonical


@pytest.mark.parametrize(
    "formula",
    [And(()), Or((a,)), Then(()), ForN(-1, "x", a), Prim("and"), Prim("P", ("two words",)), Forall("1x", a)],
)
def test_unprintable_formulas(formula):
    with pytest.raises(ValueError):
        to_text(formula)


def test_nested_implies_and_not():
    formula = Not(Implies(Or((a, b)), Then((a, c))))
    assert to_text(formula) == "not (a() or b() implies (a() then c()))"
    assert parse(to_text(formula)) == formula


@settings(max_examples=300)
@given(any_formulas)
def test_print_then_parse_is_identity(formula):
    assert parse(to_text(formula)) == formula
