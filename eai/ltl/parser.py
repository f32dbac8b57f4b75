"""Parse LTL goal text into a :mod:`eai.ltl.syntax` formula.

Priority, loosest to tightest: ``then`` < ``implies`` (binary, right
associative) < ``or`` < ``and`` < ``not``. Atoms are propositions
``NAME(arg, ...)``, parenthesised formulas and quantifiers ``forall x. (F)``,
``exists x. (F)`` and ``forn N x. (F)`` (also spelt ``forn N. x. (F)``).
A chain of one operator without parentheses is one n-ary node
(``a and b and c`` is ``And((a, b, c))``); parentheses keep nesting.

The grammar is LALR(1): the paper's grammar has a reduce/reduce conflict
(``stmt`` derives a bare ``primitive_stmt`` both directly and through
``then_stmt``), which this one avoids by giving every level one rule. The lexer
is the basic one, so keywords are reserved everywhere, not only where the
parser expects them.
"""

from __future__ import annotations

from functools import cache

import lark
from lark import Lark, Transformer

from eai.ltl.syntax import (
    And,
    Exists,
    Forall,
    ForN,
    Formula,
    Implies,
    LTLSyntaxError,
    Not,
    Or,
    Prim,
    Then,
)

GRAMMAR = r"""
?start: then_f
?then_f: implies_f ("then" implies_f)*
?implies_f: or_f
          | or_f "implies" implies_f -> implies
?or_f: and_f ("or" and_f)*
?and_f: not_f ("and" not_f)*
?not_f: "not" not_f -> neg
      | atom
?atom: prim
     | "(" then_f ")"
     | "forall" NAME "." "(" then_f ")" -> forall
     | "exists" NAME "." "(" then_f ")" -> exists
     | "forn" INT "."? NAME "." "(" then_f ")" -> forn
prim: NAME "(" ")"
    | NAME "(" NAME ("," NAME)* ")"

NAME: /[A-Za-z_][A-Za-z0-9_\-]*(\.[A-Za-z0-9_\-]+)*/
INT: /[0-9]+/
%import common.WS
%ignore WS
"""


class _Build(Transformer):
    """Turns reductions into syntax nodes while the LALR parser runs."""

    def prim(self, children: list) -> Prim:
        return Prim(str(children[0]), tuple(map(str, children[1:])))

    def neg(self, children: list) -> Not:
        return Not(children[0])

    def and_f(self, children: list) -> And:
        return And(tuple(children))

    def or_f(self, children: list) -> Or:
        return Or(tuple(children))

    def then_f(self, children: list) -> Then:
        return Then(tuple(children))

    def implies(self, children: list) -> Implies:
        return Implies(children[0], children[1])

    def forall(self, children: list) -> Forall:
        return Forall(str(children[0]), children[1])

    def exists(self, children: list) -> Exists:
        return Exists(str(children[0]), children[1])

    def forn(self, children: list) -> ForN:
        return ForN(int(children[0]), str(children[1]), children[2])


@cache
def _parser() -> Lark:
    return Lark(GRAMMAR, parser="lalr", lexer="basic", transformer=_Build())


def parse(text: str) -> Formula:
    """The formula ``text`` spells. Raises :class:`LTLSyntaxError` if malformed."""
    try:
        return _parser().parse(text)
    except lark.exceptions.UnexpectedInput as err:
        raise _syntax_error(text, err) from None


def _syntax_error(text: str, err: lark.exceptions.UnexpectedInput) -> LTLSyntaxError:
    if isinstance(err, lark.exceptions.UnexpectedCharacters):
        expected = _describe(_accepts_before(text, err.pos_in_stream))
        return LTLSyntaxError(text, err.line, err.column, expected, repr(text[err.pos_in_stream]))
    token = err.token
    expected = _describe(err.interactive_parser.accepts())
    if token.type == "$END":
        line = text.count("\n") + 1
        return LTLSyntaxError(text, line, len(text) - text.rfind("\n"), expected, "end of input")
    return LTLSyntaxError(text, token.line, token.column, expected, repr(str(token)))


def _accepts_before(text: str, pos: int) -> set[str]:
    """Terminals the parser accepts after ``text[:pos]``, which lexed and parsed."""
    interactive = _parser().parse_interactive(text[:pos])
    interactive.exhaust_lexer()
    return interactive.accepts()


def _describe(terminals: set[str]) -> tuple[str, ...]:
    shown = {"NAME": "a name", "INT": "a number", "$END": "end of input"}
    patterns = {t.name: t.pattern for t in _parser().terminals}
    return tuple(sorted(shown.get(t) or repr(patterns[t].value) for t in terminals))
