"""Which atoms logic-form matching leaves unmatched (what the viewer shows per
operator): exactly the gold atoms a prediction misses and the predicted
atoms that match no gold one, as many as the counts say."""

import dataclasses

from hypothesis import given, settings, strategies as st

from eai.pddl import And, Not, Or, Pred
from eai.pddl.formula import located
from eai.pddl.logic_form import operator_differences, score_operator
from tests.pddl.test_logic_form import BEHAVIOR, VIRTUALHOME

OPERATORS = [*VIRTUALHOME.operators, *BEHAVIOR.operators]


def test_grab_without_its_first_precondition_misses_that_atom_alone():
    grab = VIRTUALHOME.operator("grab")
    dropped = dataclasses.replace(grab, precondition=And(grab.precondition.args[1:]))
    first = [f"({a.name} {' '.join(a.args)})" for _, a, _ in located(grab.precondition.args[0])]
    assert operator_differences(dropped, grab) == {"precondition": {"missing": first, "wrong": []},
                                                   "effect": {"missing": [], "wrong": []}}


def test_grab_with_swapped_arguments_has_one_missing_and_one_wrong_atom():
    grab = VIRTUALHOME.operator("grab")
    args = list(grab.precondition.args)
    args[1] = Pred("next_to", ("?obj", "?char"))
    found = operator_differences(dataclasses.replace(grab, precondition=And(tuple(args))), grab)["precondition"]
    assert found == {"missing": ["(next_to ?char ?obj)"], "wrong": ["(next_to ?obj ?char)"]}


def test_a_missing_operator_misses_every_gold_atom_and_negations_keep_their_not():
    walk = VIRTUALHOME.operator("walk_towards")
    found = operator_differences(None, walk)
    assert found["precondition"] == {"missing": ["(not (sitting ?char))", "(not (lying ?char))"], "wrong": []}
    assert len(found["effect"]["missing"]) == len(list(located(walk.effect)))


def mutate(formula, edits, atoms):
    """``formula`` with its top-level children dropped, negated, doubled or joined by extra atoms."""
    children = list(formula.args) if isinstance(formula, (And, Or)) else [formula]
    for kind, at, atom in edits:
        i = at % max(len(children), 1)
        if kind == "drop" and children:
            children.pop(i)
        elif kind == "negate" and children:
            children[i] = Not(children[i])
        elif kind == "double" and children:
            children.append(children[i])
        else:
            children.insert(i, atoms[atom % len(atoms)])
    return (Or if isinstance(formula, Or) else And)(tuple(children))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(OPERATORS) - 1), st.sampled_from(["precondition", "effect"]),
       st.lists(st.tuples(st.sampled_from(["drop", "negate", "double", "add"]), st.integers(0, 20), st.integers(0, 50)),
                max_size=4))
def test_unmatched_atoms_are_exactly_what_the_counts_leave(which, part, edits):
    gold = OPERATORS[which]
    atoms = [a for op in OPERATORS[:40] for _, a, _ in located(op.precondition)]
    predicted = dataclasses.replace(gold, **{part: mutate(getattr(gold, part), edits, atoms)})
    counts = getattr(score_operator(predicted, gold), part).counts
    found = operator_differences(predicted, gold)[part]
    assert len(found["missing"]) == counts.gold - counts.matched
    assert len(found["wrong"]) == counts.predicted - counts.matched
