"""Parse LTL goal text into a :mod:`eai.ltl.syntax` formula.

Priority, loosest to tightest: ``then`` < ``implies`` (binary, right
associative) < ``or`` < ``and`` < ``not``. Atoms are propositions
``NAME(arg, ...)``, parenthesised formulas and quantifiers ``forall x. (F)``,
``exists x. (F)`` and ``forn N x. (F)`` (also spelt ``forn N. x. (F)``).
A chain of one operator without parentheses is one n-ary node
(``a and b and c`` is ``And((a, b, c))``); parentheses keep nesting.

The language is the LALR(1) grammar ``GRAMMAR`` (the paper's, appendix C.3,
less its reduce/reduce conflict: ``stmt`` derives a bare ``primitive_stmt``
both directly and through ``then_stmt``). It is read here by recursive
descent, with precedence climbing for the binary operators: lark's LALR
parser of it took about 0.3 ms per BEHAVIOR goal and 45 ms to build its
tables in every process. Tests check on generated text that lark's parser of
``GRAMMAR`` and this one give the same formulas and fail at the same places.
Keywords are reserved everywhere, not only where the parser expects them.
Parentheses nest at most ``MAX_DEPTH`` deep.
"""

from __future__ import annotations

import re
import string

from eai.ltl.syntax import (
    KEYWORDS,
    And,
    Exists,
    Forall,
    Formula,
    ForN,
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
WS: /[ \t\f\r\n]/+
%ignore WS
"""

MAX_DEPTH = 100  # nested parentheses; goals nest a few deep, a deeper text is refused, not recursed into

NAME, INT, END, BAD = "NAME", "INT", "$END", "?"  # token kinds besides keywords and punctuation
# each token after its spaces; a character no token starts with is a token of its own (BAD)
_TOKEN = re.compile(r"[ \t\f\r\n]*([A-Za-z_][A-Za-z0-9_\-]*(?:\.[A-Za-z0-9_\-]+)*|[0-9]+|[^ \t\f\r\n])")
_KIND = {**{word: word for word in KEYWORDS}, **{mark: mark for mark in "(),."}}
# a token that is not a keyword or a mark is a name or a number by its first character, else BAD
_BY_FIRST = {**dict.fromkeys(string.ascii_letters + "_", NAME), **dict.fromkeys(string.digits, INT)}
_OPERAND = frozenset({NAME, "(", "not", "forall", "exists", "forn"})  # what may start a formula
_AFTER_OPERAND = frozenset({"and", "or", "implies", "then"})  # what may follow one, besides its closer
_SHOWN = {NAME: "a name", INT: "a number", END: "end of input"}
_ONE = {kind: frozenset({kind}) for kind in (NAME, INT, END, "(", ")", ".")}  # one expected kind
_LEVEL = {"then": 0, "implies": 1, "or": 2, "and": 3}  # how tightly each binary operator binds
_NODE = {"then": Then, "or": Or, "and": And}
_NAME_OR_CLOSE, _NAME_OR_DOT, _COMMA_OR_CLOSE = frozenset({NAME, ")"}), frozenset({NAME, "."}), frozenset({",", ")"})


class _Parser:
    """Recursive descent over the tokens of one text; ``closer`` is the token
    that ends the formula being read (``)`` or the end of input)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = _TOKEN.findall(text) + [""]
        self.kinds = [_KIND.get(token) or _BY_FIRST.get(token[0], BAD) for token in self.tokens[:-1]] + [END]
        self.at = 0

    def take(self, expected: frozenset[str] | set[str]) -> str:
        """The next token's text, if its kind is ``expected``; else a syntax error."""
        if self.kinds[self.at] not in expected:
            raise self.error(expected)
        self.at += 1
        return self.tokens[self.at - 1]

    def error(self, expected: frozenset[str] | set[str], shown: tuple[str, ...] = ()) -> LTLSyntaxError:
        """The error at the next token: ``expected`` token kinds (or ``shown`` words) were not found there."""
        ends = [match.end() for match in _TOKEN.finditer(self.text)] + [len(self.text)]
        at_end = self.kinds[self.at] == END
        pos = ends[-1] if at_end else ends[self.at] - len(self.tokens[self.at])
        line = self.text.count("\n", 0, pos) + 1
        column = pos - self.text.rfind("\n", 0, pos)
        shown = shown or tuple(sorted(_SHOWN.get(k) or repr(k) for k in expected))
        return LTLSyntaxError(self.text, line, column, shown, "end of input" if at_end else repr(self.tokens[self.at]))

    def formula(self, closer: str, depth: int) -> Formula:
        """then_f, then the ``closer`` token."""
        result = self.binary(closer, depth, 0)
        self.take(_ONE[closer])
        return result

    def binary(self, closer: str, depth: int, floor: int) -> Formula:
        """The operands and operators that bind at least as tightly as
        ``floor`` (precedence climbing): each chain of ``and``, ``or`` or
        ``then`` is one n-ary node, ``implies`` takes its right side at its
        own level (right associative)."""
        result = self.negation(closer, depth)
        while True:
            operator = self.kinds[self.at]
            level = _LEVEL.get(operator, -1)
            if level < floor:
                return result
            if operator == "implies":
                self.at += 1
                result = Implies(result, self.binary(closer, depth, level))
                continue
            items = [result]
            while self.kinds[self.at] == operator:
                self.at += 1
                items.append(self.binary(closer, depth, level + 1))
            result = _NODE[operator](tuple(items))

    def negation(self, closer: str, depth: int) -> Formula:
        """not_f; the token after it must continue a formula or be ``closer``."""
        negations = 0
        while self.kinds[self.at] == "not":
            self.at += 1
            negations += 1
        result = self.atom(depth)
        for _ in range(negations):
            result = Not(result)
        follower = self.kinds[self.at]
        if follower not in _AFTER_OPERAND and follower != closer:
            raise self.error(_AFTER_OPERAND | {closer})
        return result

    def atom(self, depth: int) -> Formula:
        kind = self.kinds[self.at]
        if kind != NAME and kind in _OPERAND and depth == MAX_DEPTH:  # it would open one more parenthesis
            raise self.error(set(), (f"at most {MAX_DEPTH} nested parentheses",))
        name = self.take(_OPERAND)
        if kind == NAME:
            return self.prim(name)
        if kind == "(":
            return self.formula(")", depth + 1)
        count = 0
        if kind == "forn":
            count = int(self.take(_ONE[INT]))
            variable = self.take(_NAME_OR_DOT)
            if variable == ".":
                variable = self.take(_ONE[NAME])
        else:
            variable = self.take(_ONE[NAME])
        self.take(_ONE["."])
        self.take(_ONE["("])
        body = self.formula(")", depth + 1)
        if kind == "forall":
            return Forall(variable, body)
        return Exists(variable, body) if kind == "exists" else ForN(count, variable, body)

    def prim(self, name: str) -> Prim:
        """The rest of ``NAME(arg, ...)``."""
        self.take(_ONE["("])
        if self.take(_NAME_OR_CLOSE) == ")":
            return Prim(name)
        args = [self.tokens[self.at - 1]]
        while self.take(_COMMA_OR_CLOSE) == ",":
            args.append(self.take(_ONE[NAME]))
        return Prim(name, tuple(args))


def parse(text: str) -> Formula:
    """The formula ``text`` spells. Raises :class:`LTLSyntaxError` if malformed."""
    return _Parser(text).formula(END, 0)
