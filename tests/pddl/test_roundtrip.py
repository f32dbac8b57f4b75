"""parse(to_pddl(x)) == x for domains, problems and random formulas."""

from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from eai.pddl import And, Domain, Exists, Forall, Imply, Not, Operator, Or, Pred, PredicateDecl, Problem, When
from eai.pddl.parser import parse_action, parse_domain, parse_problem

DATA = Path(__file__).parent.parent / "data" / "pddl"
FORMULA_WORDS = {"and", "or", "not", "imply", "exists", "forall", "when"}

names = st.from_regex(r"[a-z][a-z0-9_\-]{0,6}", fullmatch=True)
predicate_names = names.filter(lambda n: n not in FORMULA_WORDS) | st.just("=")
variables = names.map(lambda n: "?" + n)
types = st.sampled_from(["", "object", "agent", "agent_n_01", "character"])


def _untyped_last(entries):
    """PDDL text can leave a name untyped only after all typed ones."""
    return tuple(sorted(entries, key=lambda e: e[1] == ""))


typed_vars = st.lists(st.tuples(variables, types), max_size=3, unique_by=lambda v: v[0]).map(_untyped_last)
atoms = st.builds(Pred, predicate_names, st.lists(variables | names, max_size=3).map(tuple))


def _compound(children):
    many = st.lists(children, max_size=3).map(tuple)
    return st.one_of(
        st.builds(And, many), st.builds(Or, many), st.builds(Not, children),
        st.builds(Imply, children, children), st.builds(Exists, typed_vars, children),
        st.builds(Forall, typed_vars, children), st.builds(When, children, children),
    )


formulas = st.recursive(atoms, _compound, max_leaves=8)
operators = st.builds(Operator, names, typed_vars, formulas, formulas)
domains = st.builds(
    Domain,
    names,
    st.lists(st.tuples(names, st.sampled_from(["", "thing", "agent"])), max_size=3, unique_by=lambda t: t[0])
    .map(_untyped_last),
    st.lists(st.builds(PredicateDecl, predicate_names.filter(lambda n: n != "="), typed_vars), max_size=3).map(tuple),
    st.lists(operators, max_size=3).map(tuple),
)
problems = st.builds(
    Problem,
    names,
    names,
    st.lists(st.tuples(names, types), max_size=4).map(_untyped_last),
    st.lists(st.lists(names, min_size=1, max_size=3).map(tuple), max_size=4).map(tuple),
    formulas,
)


@settings(max_examples=150, deadline=None)
@given(operators)
def test_operator_round_trip(op):
    assert parse_action(op.to_pddl()) == op


@settings(max_examples=75, deadline=None)
@given(domains)
def test_domain_round_trip(domain):
    assert parse_domain(domain.to_pddl()) == domain


@settings(max_examples=75, deadline=None)
@given(problems)
def test_problem_round_trip(problem):
    assert parse_problem(problem.to_pddl()) == problem


@pytest.mark.parametrize("name", ["virtualhome.pddl", "behavior.pddl"])
def test_gold_domain_round_trip(name):
    domain = parse_domain((DATA / name).read_text())
    assert parse_domain(domain.to_pddl()) == domain


@pytest.mark.parametrize("path", sorted(p.name for p in DATA.glob("*_*.pddl") if p.name[:2] in ("vh", "b_")))
def test_real_problem_round_trip(path):
    problem = parse_problem((DATA / path).read_text())
    assert parse_problem(problem.to_pddl()) == problem


def test_a_root_type_listed_before_typed_ones_stays_a_root():
    """PDDL reads ``a b - c`` as both under c; a root is written ``- object``."""
    domain = Domain("d", (("thing", ""), ("ball", "thing"), ("robot", "")))
    assert "thing - object ball - thing robot - object" in domain.to_pddl()
    assert parse_domain(domain.to_pddl()) == domain
