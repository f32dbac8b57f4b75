"""Action schemas from messy model output."""

import json

from hypothesis import given, settings, strategies as st

from eai.pddl import And, Not, Pred
from eai.pddl.response import parse_operators

GRAB = """(:action grab
    :parameters (?char - character ?obj - object)
    :precondition (and (grabbable ?obj) (next_to ?char ?obj))
    :effect (holds_rh ?char ?obj)
)"""
OPEN = """(:action open
    :parameters (?char - character ?obj - object)
    :precondition (and (can_open ?obj) (closed ?obj)) ; must be closed first
    :effect (and (open ?obj) (not (closed ?obj)))
)"""
BROKEN = """(:action put_on
    :parameters (?char - character ?obj1 - object ?obj2 - object)
    :precondition (and (holds_rh ?char ?obj1)
    :effect (obj_ontop ?obj1 ?obj2)
)"""


def test_raw_pddl():
    parsed = parse_operators(GRAB + "\n" + OPEN)
    assert list(parsed.operators) == ["grab", "open"]
    assert parsed.operators["open"].effect == And((Pred("open", ("?obj",)), Not(Pred("closed", ("?obj",)))))
    assert parsed.errors == {}


def test_json_wrapped_in_a_fence_with_prose():
    answer = "Sure! Here are the actions:\n```json\n" + json.dumps({"output": GRAB + "\n" + OPEN}) + "\n```\nHope this helps."
    assert list(parse_operators(answer).operators) == ["grab", "open"]


def test_fenced_pddl_with_prose_and_a_broken_block():
    answer = f"I think:\n```pddl\n{GRAB}\n{BROKEN}\n{OPEN}\n```\nThe put_on action needs the object in hand."
    parsed = parse_operators(answer)
    assert list(parsed.operators) == ["grab", "open"]
    assert list(parsed.errors) == ["put_on"]
    error = parsed.errors["put_on"]
    assert "unexpected ':effect'" in error.message
    assert parsed.text.splitlines()[error.line - 1][error.column - 1 :].startswith(":effect")


def test_escaped_newlines_without_valid_json():
    answer = '{"output": "' + (GRAB + "\n" + OPEN).replace("\n", "\\n") + '"'  # no closing brace
    assert list(parse_operators(answer).operators) == ["grab", "open"]


def test_prompt_template_with_an_early_close():
    answer = "(:action grab)\n:parameters (?char - character ?obj - object)\n:precondition ()\n:effect (holds_rh ?char ?obj)\n)"
    op = parse_operators(answer).operators["grab"]
    assert op.effect == Pred("holds_rh", ("?char", "?obj"))


def test_truncated_last_block_is_an_error():
    parsed = parse_operators(GRAB + "\n" + OPEN[:60])
    assert list(parsed.operators) == ["grab"]
    assert "end of text" in parsed.errors["open"].message


def test_first_block_that_parses_wins():
    fixed = BROKEN.replace("(holds_rh ?char ?obj1)", "(holds_rh ?char ?obj1))")
    parsed = parse_operators(BROKEN + "\nLet me fix that:\n" + fixed + "\n" + fixed.replace("obj_ontop", "ontop"))
    assert parsed.errors == {}
    assert parsed.operators["put_on"].effect == Pred("obj_ontop", ("?obj1", "?obj2"))


def test_names_are_deterministic_and_unnamed_blocks_are_reported():
    parsed = parse_operators("(:action ) junk (:action b :effect (p))")
    assert list(parsed.operators) == ["b"]
    assert list(parsed.errors) == ["<unnamed at 1:1>"]


def test_nothing_found():
    parsed = parse_operators("I cannot help with that.")
    assert parsed.operators == {} and parsed.errors == {}


@settings(max_examples=300, deadline=None)
@given(st.text() | st.lists(st.sampled_from(["(", ")", ":action", " a", "?x", "(and", "\\n", '{"output": "', "```"])).map("".join))
def test_never_raises(text):
    parsed = parse_operators(text)
    assert set(parsed.operators).isdisjoint(parsed.errors)
