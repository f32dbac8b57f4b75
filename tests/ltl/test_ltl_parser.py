import pytest
from hypothesis import given, settings, strategies as st

from eai.ltl import And, Exists, Forall, ForN, Implies, LTLSyntaxError, Not, Or, Prim, Then, parse

a, b, c, d = (Prim(n) for n in "abcd")

# Goal strings as they appear in the VirtualHome LTL goal file (tl_goal fields).
VIRTUALHOME_GOALS = [
    "(CLOSED(washing_machine.1001) and ON(washing_machine.1001) and PLUGGED_IN(washing_machine.1001) and "
    "ONTOP(clothes_jacket.1003, washing_machine.1001) and ONTOP(soap.1002, washing_machine.1001))",
    "(exists x0. (TYPE(x0)) then exists x0. (SWITCHOFF(x0)))",
    "(exists x0. ((LOOKAT(x0) or WATCH(x0))) then (ON(television.410) and PLUGGED_IN(television.410) and "
    "FACING(character.65, television.410)))",
    "(exists x0. (GRAB(x0)) then exists x0. ((WASH(x0) or RINSE(x0) or SCRUB(x0) or WIPE(x0))))",
    "exists x0. ((RINSE(x0) or WASH(x0)))",
    "(SITTING(character.65) and ONTOP(character.65, couch.352))",
    "ON(computer.417)",
    "(exists x0. ((READ(x0) or LOOKAT(x0))) then (HOLDS_LH(character.65, spectacles.1003) and "
    "HOLDS_RH(character.65, novel.1001)))",
    "(OPEN(freezer.289) and PLUGGED_IN(freezer.289) and INSIDE(food_food.1000, freezer.289))",
]


def test_paper_then_example():
    text = (
        "ontop(character, chair) then holds_rh(character, mouse) and holds_lh(character, keyboard) "
        "then facing(character, computer)"
    )
    assert parse(text) == Then(
        (
            Prim("ontop", ("character", "chair")),
            And((Prim("holds_rh", ("character", "mouse")), Prim("holds_lh", ("character", "keyboard")))),
            Prim("facing", ("character", "computer")),
        )
    )


def test_virtualhome_goals_parse():
    goals = [parse(text) for text in VIRTUALHOME_GOALS]
    assert goals[0] == And(
        (
            Prim("CLOSED", ("washing_machine.1001",)),
            Prim("ON", ("washing_machine.1001",)),
            Prim("PLUGGED_IN", ("washing_machine.1001",)),
            Prim("ONTOP", ("clothes_jacket.1003", "washing_machine.1001")),
            Prim("ONTOP", ("soap.1002", "washing_machine.1001")),
        )
    )
    assert goals[1] == Then((Exists("x0", Prim("TYPE", ("x0",))), Exists("x0", Prim("SWITCHOFF", ("x0",)))))
    lookat = Exists("x0", Or((Prim("LOOKAT", ("x0",)), Prim("WATCH", ("x0",)))))
    assert goals[2].args[0] == lookat
    assert goals[2].args[1].args[2] == Prim("FACING", ("character.65", "television.410"))


def test_priorities_loosest_to_tightest():
    assert parse("a() or b() and c()") == Or((a, And((b, c))))
    assert parse("not a() and b()") == And((Not(a), b))
    assert parse("not not a()") == Not(Not(a))
    assert parse("a() then b() implies c() or d()") == Then((a, Implies(b, Or((c, d)))))
    assert parse("a() implies b() then c()") == Then((Implies(a, b), c))
    assert parse("a() or b() implies c()") == Implies(Or((a, b)), c)


def test_implies_is_right_associative():
    assert parse("a() implies b() implies c()") == Implies(a, Implies(b, c))
    assert parse("(a() implies b()) implies c()") == Implies(Implies(a, b), c)


def test_chains_flatten_but_parentheses_nest():
    assert parse("a() and b() and c()") == And((a, b, c))
    assert parse("(a() and b()) and c()") == And((And((a, b)), c))
    assert parse("a() then (b() then c())") == Then((a, Then((b, c))))
    assert parse("((a()))") == a


@pytest.mark.parametrize(
    "name", ["character", "television.410", "bathtub.n.01_1", "basket.n.01", "x0", "order", "notebook", "android"]
)
def test_names(name):
    assert parse(f"P({name}, {name})") == Prim("P", (name, name))
    assert parse(f"{name}(x)") == Prim(name, ("x",))


def test_zero_arguments_and_whitespace():
    assert parse("STANDUP()") == Prim("STANDUP")
    assert parse("  P (\n a ,b )\t") == Prim("P", ("a", "b"))


def test_quantifiers():
    assert parse("forall x. (P(x))") == Forall("x", Prim("P", ("x",)))
    assert parse("exists y.(Q(y) and R(y))") == Exists("y", And((Prim("Q", ("y",)), Prim("R", ("y",)))))
    assert parse("forn 2 x0. (P(x0))") == parse("forn 2. x0. (P(x0))") == ForN(2, "x0", Prim("P", ("x0",)))
    # A quantifier is an atom: it binds tighter than 'and'.
    assert parse("forall x. (P(x)) and Q()") == And((Forall("x", Prim("P", ("x",))), Prim("Q")))


@pytest.mark.parametrize(
    "text, line, column, expected, got",
    [
        ("", 1, 1, "a name", "end of input"),
        ("   ", 1, 4, "a name", "end of input"),
        ("P(a", 1, 4, "')' or ','", "end of input"),
        ("P(a) and Q(b c)", 1, 14, "')' or ','", "'c'"),
        ("P(a)\n  and )", 2, 7, "'('", "')'"),
        ("P(a) @ Q()", 1, 6, "'and'", "'@'"),
        ("P(ab@c)", 1, 5, "')' or ','", "'@'"),
        ("then()", 1, 1, "a name", "'then'"),
        ("P(and)", 1, 3, "')' or a name", "'and'"),
        ("forn x. (P(x))", 1, 6, "a number", "'x'"),
        ("forall x. P(x)", 1, 11, "'('", "'P'"),
        ("P(a))", 1, 5, "end of input", "')'"),
        ("P(a) Q(b)", 1, 6, "'then'", "'Q'"),
    ],
)
def test_syntax_errors(text, line, column, expected, got):
    with pytest.raises(LTLSyntaxError) as caught:
        parse(text)
    err = caught.value
    assert (err.text, err.line, err.column) == (text, line, column)
    message = str(err)
    assert message.startswith(f"line {line}, column {column}: expected ")
    assert expected in message
    assert message.endswith(f"got {got}")
    assert "\n" not in message


def test_syntax_error_is_a_value_error():
    with pytest.raises(ValueError):
        parse("P(")


TOKENS = st.sampled_from(
    ["P", "x", "a.1", "(", ")", ",", ".", "and", "or", "not", "then", "implies", "forall", "exists", "forn", "2",
     " ", "\n", "@", "-", "_", "é", "\x00"]
)


@settings(max_examples=300)
@given(st.one_of(st.text(), st.lists(TOKENS, max_size=25).map(" ".join), st.lists(TOKENS, max_size=25).map("".join)))
def test_arbitrary_text_raises_only_syntax_errors(text):
    try:
        parse(text)
    except LTLSyntaxError as err:
        assert 1 <= err.line <= text.count("\n") + 1
        assert err.column >= 1
