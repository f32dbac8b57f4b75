"""The recursive-descent LTL parser against lark's LALR parser of the same grammar.

``eai.ltl.parser.GRAMMAR`` is the language; lark builds its LALR(1) parser
here, as the reference. On generated formulas, their printed text and token
soup, both must give the same formula, or fail at the same place on the same
token. What each says was expected may differ: LALR reports what its state
accepts after the reductions the bad token set off, a subset of what the
text allowed there; ours lists all of it, and each item must be one the
reference accepts at that place.
"""

from functools import cache

import lark
import pytest
from hypothesis import given, settings, strategies as st
from lark import Lark, Transformer

from eai.ltl import And, Exists, Forall, ForN, Implies, LTLSyntaxError, Not, Or, Prim, Then, parse, to_text
from eai.ltl.parser import GRAMMAR, MAX_DEPTH
from tests.ltl.ltl_strategies import any_formulas
from tests.ltl.test_ltl_parser import TOKENS, VIRTUALHOME_GOALS


class _Build(Transformer):
    def prim(self, children):
        return Prim(str(children[0]), tuple(map(str, children[1:])))

    def neg(self, children):
        return Not(children[0])

    def and_f(self, children):
        return And(tuple(children))

    def or_f(self, children):
        return Or(tuple(children))

    def then_f(self, children):
        return Then(tuple(children))

    def implies(self, children):
        return Implies(children[0], children[1])

    def forall(self, children):
        return Forall(str(children[0]), children[1])

    def exists(self, children):
        return Exists(str(children[0]), children[1])

    def forn(self, children):
        return ForN(int(children[0]), str(children[1]), children[2])


@cache
def reference() -> Lark:
    return Lark(GRAMMAR, parser="lalr", lexer="basic", transformer=_Build())


def _describe(terminals):
    shown = {"NAME": "a name", "INT": "a number", "$END": "end of input"}
    patterns = {t.name: t.pattern for t in reference().terminals}
    return tuple(sorted(shown.get(t) or repr(patterns[t].value) for t in terminals))


def reference_parse(text):
    """The formula, or (line, column, expected, got) of the error, as lark's parser reports them."""
    try:
        return reference().parse(text)
    except lark.exceptions.UnexpectedCharacters as err:
        interactive = reference().parse_interactive(text[:err.pos_in_stream])
        interactive.exhaust_lexer()
        return err.line, err.column, _describe(interactive.accepts()), repr(text[err.pos_in_stream])
    except lark.exceptions.UnexpectedToken as err:
        expected = _describe(err.interactive_parser.accepts())
        if err.token.type == "$END":
            return text.count("\n") + 1, len(text) - text.rfind("\n"), expected, "end of input"
        return err.token.line, err.token.column, expected, repr(str(err.token))


SAMPLE = {"a name": "x", "a number": "2", "end of input": ""}


def offset_of(text, line, column):
    return sum(len(previous) + 1 for previous in text.split("\n")[:line - 1]) + column - 1


def alike(text):
    """Check that both parsers give the same formula, or fail alike, on ``text``."""
    theirs = reference_parse(text)
    try:
        formula = parse(text)
    except LTLSyntaxError as err:
        assert isinstance(theirs, tuple), f"only ours fails: {err}"
        line, column, expected, got = theirs
        assert (err.line, err.column, err.got) == (line, column, got)
        assert set(expected) <= set(err.expected)
        prefix = text[:offset_of(text, line, column)]
        for item in err.expected:  # each is accepted there: the reference reads past it
            continued = reference_parse(f"{prefix} {SAMPLE.get(item, item.strip(chr(39)))}")
            if isinstance(continued, tuple):
                assert item != "end of input" and offset_of(prefix + " ", *continued[:2]) > len(prefix) + 1, item
        return
    assert formula == theirs


def test_the_reference_reads_the_goals():
    for text in VIRTUALHOME_GOALS:
        assert parse(text) == reference_parse(text)


@settings(max_examples=300)
@given(any_formulas)
def test_printed_formulas_parse_alike(formula):
    assert parse(to_text(formula)) == reference_parse(to_text(formula)) == formula


SPACES = st.sampled_from([" ", "", "\n", "  \t"])


@settings(max_examples=500)
@given(st.lists(st.tuples(TOKENS, SPACES), max_size=30).map(lambda pairs: "".join(t + s for t, s in pairs)))
def test_token_soup_parses_or_fails_alike(text):
    alike(text)


@settings(max_examples=300)
@given(any_formulas, st.data())
def test_damaged_formulas_fail_alike(formula, data):
    text = to_text(formula)
    cut = data.draw(st.integers(0, len(text)))
    alike(text[:cut] + data.draw(st.sampled_from(["", "(", ")", ",", ".", "@", "and", " x", "2"])) + text[cut + 1:])


def test_nesting_deeper_than_max_depth_is_refused_in_one_line():
    assert parse("(" * MAX_DEPTH + "P()" + ")" * MAX_DEPTH) == Prim("P")
    with pytest.raises(LTLSyntaxError) as caught:
        parse("not (" * (MAX_DEPTH + 1) + "P()" + ")" * (MAX_DEPTH + 1))
    assert str(caught.value) == (f"line 1, column {5 * MAX_DEPTH + 5}: expected at most {MAX_DEPTH} nested "
                                 "parentheses, got '('")
