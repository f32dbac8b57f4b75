"""The goal-interpretation parser: both benchmarks' formats, what models write, never raising."""

import json

from hypothesis import given, strategies as st

from eai.host.manager import get_plugins
from eai.modules import get_module
from eai.modules.base import Env
from eai_modules.goal_interpretation.parse import RawGoal, parse_goals


def test_virtualhome_format():
    text = json.dumps({
        "node goals": [{"name": "washing_machine", "state": "CLOSED"}],
        "edge goals": [{"from_name": "soap", "relation": "ON", "to_name": "washing_machine"}],
        "action goals": [{"action": "TYPE", "description": "type on the keyboard"}],
    })
    assert parse_goals(text).goals == (
        RawGoal("node", "CLOSED", ("washing_machine",)),
        RawGoal("edge", "ON", ("soap", "washing_machine")),
        RawGoal("action", "TYPE"),
    )


def test_behavior_format():
    text = '{"node goals": [["not", ["stained", "bath.n.01_1"]]], "edge goals": [["inside", "a.n.01_1", "b.n.01_1"]]}'
    assert parse_goals(text).goals == (
        RawGoal("node", "stained", ("bath.n.01_1",), positive=False),
        RawGoal("edge", "inside", ("a.n.01_1", "b.n.01_1")),
    )


def test_what_models_write():
    text = """Sure! Here is the goal:
```json
{'Node Goals': [{'ON': 'tv'}, "not CLOSED(fridge)", ["Not", ["Open", "door"]], {'name': 'tv', 'state': 'not OFF'}],
 'relation_goals': ["(not (nextto a b))", "inside c d", ["ontop", "e", 7]],
 'Action Goals': ["[WATCH]", "LOOKAT|WATCH", ["TURNTO"]],}
```
I hope this helps."""
    assert parse_goals(text).goals == (
        RawGoal("node", "ON", ("tv",)),
        RawGoal("node", "CLOSED", ("fridge",), positive=False),
        RawGoal("node", "Open", ("door",), positive=False),
        RawGoal("node", "OFF", ("tv",), positive=False),
        RawGoal("edge", "nextto", ("a", "b"), positive=False),
        RawGoal("edge", "inside", ("c", "d")),
        RawGoal("edge", "ontop", ("e", "7")),
        RawGoal("action", "WATCH"),
        RawGoal("action", "LOOKAT"),
        RawGoal("action", "TURNTO"),
    )


def test_wrapped_and_cut_short_answers():
    assert parse_goals('{"output": {"nodes": [["open", "x"]]}}').goals == (RawGoal("node", "open", ("x",)),)
    # An answer stopped at its closing brace (upstream's BEHAVIOR stop sequence was "}").
    assert parse_goals('{"node goals": [["open", "x"]], "edge goals": [["inside", "x", "y"]]').goals == (
        RawGoal("node", "open", ("x",)), RawGoal("edge", "inside", ("x", "y")))


def test_unreadable_items_are_kept_empty_ones_skipped():
    goals = parse_goals('{"node goals": [[], {}, "", [1, 2], {"colour": "red", "size": 3}, {"name": "tv"}]}').goals
    assert [(g.predicate, g.text) for g in goals] == [
        ("", "[1, 2]"), ("", '[["colour", "red"], ["size", 3]]'), ("", '[["name", "tv"]]')]


def test_format_errors():
    for text in ("", "I cannot do that.", "{}", '[{"name": "tv", "state": "ON"}]', '{"goals": "none"}'):
        parsed = parse_goals(text)
        assert parsed.error and parsed.goals == (), text


def test_empty_sections_are_no_error():
    empty = parse_goals('{"node goals": [], "edge goals": null, "action goals": "None"}')
    assert empty == parse_goals("{'node goals': []}")
    assert not parse_goals("{'node goals': []}").error


@given(st.text())
def test_parser_never_raises(text):
    parse_goals(text)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8)
    | st.sampled_from(["not", "ON", "ontop", "tv", "washing_machine.1001", "node goals", "edge goals", "action goals"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["node goals", "edge goals", "action goals", "name", "state", "from_name", "relation",
                         "to_name", "action", "x"]) | st.text(max_size=6), inner, max_size=4),
    max_leaves=20)


@given(JSONISH)
def test_parser_never_raises_on_json(value):
    parse_goals(json.dumps(value))


@given(st.lists(JSONISH, max_size=3))
def test_evaluating_any_answer_never_raises(values):
    plugins = get_plugins()
    task = plugins.suites.get("virtualhome").load(["27_2"])[0]
    module = get_module("goal_interpretation")
    text = json.dumps({"node goals": values, "edge goals": values, "action goals": values})
    record = module.evaluate(module.parse(text), task, Env(plugins.simulators.get("virtualhome"), plugins))
    assert record["state"]["gold"] == 3
