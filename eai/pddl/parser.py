"""Parsing PDDL text into eai's model: domains, problems and action schemas.

One LALR grammar (``pddl.lark``) serves all three. Keywords are
case-insensitive and, as PDDL names are, names are lower-cased (the EAI
problem files spell ``(problem Pet_cat)``; Fast Downward lower-cases too).
The grammar accepts the real files as they are: ``open`` as both a predicate
and an action, ``character`` as both a type and an object, ``(:effect ())``.

Negative literals in ``:init`` (the BEHAVIOR problems write
``(not (toggled_on modem_n_01_1))``) are dropped: under the closed-world
assumption they say nothing.
"""

from __future__ import annotations

from functools import cache, lru_cache
from importlib import resources

from lark import Lark, Token, Transformer, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.exceptions import VisitError

from eai.exceptions import EaiError
from eai.pddl.formula import TRUE, And, Exists, Forall, Imply, Not, Or, Pred, When
from eai.pddl.model import Domain, Operator, PredicateDecl, Problem

ROOT_TYPE = "object"


class PDDLSyntaxError(EaiError):
    """PDDL text that does not parse; ``line`` and ``column`` count from 1."""

    def __init__(self, message: str, line: int, column: int) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.message, self.line, self.column = message, line, column


class _Invalid(Exception):
    """Well-formed text that means nothing valid (e.g. a type with no names)."""

    def __init__(self, message: str, token: Token) -> None:
        super().__init__(message)
        self.line, self.column = token.line or 1, token.column or 1


@cache
def _parser() -> Lark:
    grammar = resources.files("eai.pddl").joinpath("pddl.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", start=["domain", "problem", "action"])


@lru_cache(maxsize=16)
def parse_domain(text: str) -> Domain:
    """The domain in ``text``; raises :class:`PDDLSyntaxError`. Parsed once per
    text (a Domain is immutable): a suite's domain is asked for per task."""
    return _parse(text, "domain")


def parse_problem(text: str) -> Problem:
    """The problem in ``text``; raises :class:`PDDLSyntaxError`."""
    return _parse(text, "problem")


def parse_action(text: str) -> Operator:
    """One ``(:action ...)`` block; raises :class:`PDDLSyntaxError`."""
    return _parse(text, "action")


def _parse(text: str, start: str):
    try:
        tree = _parser().parse(text, start=start)
        return _ToModel().transform(tree)
    except UnexpectedInput as exc:
        line, column = _end(text) if _at_end(exc) or exc.line < 1 else (exc.line, exc.column)
        raise PDDLSyntaxError(_describe(exc), line, column) from None
    except VisitError as exc:
        if isinstance(exc.orig_exc, _Invalid):
            raise PDDLSyntaxError(str(exc.orig_exc), exc.orig_exc.line, exc.orig_exc.column) from None
        if isinstance(exc.orig_exc, RecursionError):
            raise PDDLSyntaxError("nested too deeply", 1, 1) from None
        raise
    except RecursionError:
        raise PDDLSyntaxError("nested too deeply", 1, 1) from None


def _end(text: str) -> tuple[int, int]:
    """Line and column just after the last character."""
    return text.count("\n") + 1, len(text) - text.rfind("\n")


def _at_end(exc: UnexpectedInput) -> bool:
    return isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END")


def _describe(exc: UnexpectedInput) -> str:
    if _at_end(exc):
        return "unexpected end of text (missing ')'?)"
    if isinstance(exc, UnexpectedCharacters):
        return f"unexpected character {exc.char!r}"
    if isinstance(exc, UnexpectedToken):
        expected = sorted(_show(name) for name in exc.expected)
        listing = ", ".join(expected[:6]) + (", ..." if len(expected) > 6 else "")
        return f"unexpected {exc.token.value!r}, expected {listing}"
    return str(exc).splitlines()[0]


def _show(terminal: str) -> str:
    try:
        pattern = _parser().get_terminal(terminal).pattern
    except KeyError:
        return terminal
    return repr(pattern.value) if pattern.type == "str" else terminal.lower()


def _group(items: list) -> tuple[tuple[str, str], ...]:
    """``[a, b, ("-", t), c]`` -> ``((a, t), (b, t), (c, ""))``; "" is untyped."""
    done: list[tuple[str, str]] = []
    pending: list[str] = []
    for item in items:
        if isinstance(item, tuple):
            if not pending:
                raise _Invalid(f"type {item[1]!r} follows no names", item[2])
            done.extend((name, item[1]) for name in pending)
            pending = []
        else:
            pending.append(str(item).lower())
    return tuple(done) + tuple((name, "") for name in pending)


def _lower(token: Token) -> str:
    return str(token).lower()


class _ToModel(Transformer):
    """Parse tree -> eai model objects."""

    # typed lists
    def dash_type(self, children):
        (token,) = children
        return ("-", _lower(token), token)

    def typed_names(self, children):
        return _group(children)

    def typed_vars(self, children):
        return _group(children)

    # formulas
    def atom(self, children):
        return Pred(_lower(children[0]), tuple(_lower(t) for t in children[1:]))

    def empty(self, _):
        return TRUE

    def and_(self, children):
        return And(tuple(children))

    def or_(self, children):
        return Or(tuple(children))

    def not_(self, children):
        return Not(children[0])

    def imply(self, children):
        return Imply(*children)

    def exists(self, children):
        return Exists(*children)

    def forall(self, children):
        return Forall(*children)

    def when(self, children):
        return When(*children)

    # actions
    def parameters(self, children):
        return ("parameters", children[0])

    def precondition(self, children):
        return ("precondition", children[0])

    def effect(self, children):
        return ("effect", children[0])

    def action(self, children):
        name, *items = children
        fields: dict[str, object] = {}
        for key, value in items:
            if key in fields:
                raise _Invalid(f"action {_lower(name)!r} has two :{key} sections", name)
            fields[key] = value
        return Operator(_lower(name), **fields)

    # domains
    def requirements(self, children):
        return ("requirements", tuple(_lower(t) for t in children))

    def types(self, children):
        return ("types", tuple((t, "" if parent == ROOT_TYPE else parent) for t, parent in children[0]))

    def predicate_decl(self, children):
        return PredicateDecl(_lower(children[0]), children[1])

    def predicates(self, children):
        return ("predicates", tuple(children))

    def domain(self, children):
        name, *items = children
        types: tuple = ()
        predicates: tuple = ()
        operators: list[Operator] = []
        for item in items:
            if isinstance(item, Operator):
                operators.append(item)
            elif item[0] == "types":
                types += item[1]
            elif item[0] == "predicates":
                predicates += item[1]
        return Domain(_lower(name), types, predicates, tuple(operators))

    # problems
    def objects(self, children):
        return ("objects", children[0])

    def ground_atom(self, children):
        return tuple(_lower(t) for t in children)

    def negated_atom(self, _):
        return None

    def init(self, children):
        return ("init", tuple(atom for atom in children if atom is not None))

    def goal(self, children):
        return ("goal", children[0])

    def problem(self, children):
        name, domain, *items = children
        fields = {"objects": (), "init": (), "goal": TRUE}
        for key, value in items:
            if key != "requirements":
                fields[key] = value
        return Problem(_lower(name), _lower(domain), **fields)

