"""Hypothesis strategies for LTL formulas, shared by the ltl tests."""

from functools import partial

from hypothesis import strategies as st

from eai.ltl.syntax import KEYWORDS, And, Exists, Forall, ForN, Implies, Not, Or, Prim, Then

NAME_REGEX = r"[A-Za-z_][A-Za-z0-9_\-]{0,6}(\.[A-Za-z0-9_\-]{1,4}){0,3}"

names = st.one_of(
    st.sampled_from(["character", "television.410", "bathtub.n.01_1", "basket.n.01", "x0", "order", "notebook"]),
    st.from_regex(NAME_REGEX, fullmatch=True).filter(lambda name: name not in KEYWORDS),
)


def formulas(prims, variables, max_leaves: int = 10, then: int = 1, counts=st.integers(0, 3), classes=None):
    """Formulas over ``prims``; quantifiers bind ``variables``; ``then`` weighs ``Then`` (0: none).

    With ``classes``, quantifiers are also typed: ``Q v. (not C(v) or B)`` or ``Q v. (C(v) implies B)``.
    """

    def typed(quantifier, var, cls, spelling, body):
        guarded = Or((Not(Prim(cls, (var,))), body)) if spelling else Implies(Prim(cls, (var,)), body)
        return quantifier(var, guarded)

    def extend(children):
        operands = st.lists(children, min_size=2, max_size=3).map(tuple)
        options = [
            st.builds(Not, children),
            st.builds(And, operands),
            st.builds(Or, operands),
            st.builds(Implies, children, children),
            st.builds(Forall, variables, children),
            st.builds(Exists, variables, children),
            st.builds(ForN, counts, variables, children),
        ]
        options += [st.builds(Then, operands)] * then
        if classes is not None:
            quantifiers = st.one_of(st.sampled_from([Forall, Exists]), counts.map(lambda n: partial(ForN, n)))
            options.append(st.builds(typed, quantifiers, variables, classes, st.booleans(), children))
        return st.one_of(options)

    return st.recursive(prims, extend, max_leaves=max_leaves)


any_prims = st.builds(Prim, names, st.lists(names, max_size=3).map(tuple))
any_formulas = formulas(any_prims, names, counts=st.integers(0, 10**6))
