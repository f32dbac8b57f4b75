"""Reading JSON as models write it: whole values, values cut short, and text
that breaks naive readers (huge numbers, deep nesting, unterminated strings)."""

import json
from unittest import mock

from hypothesis import given, strategies as st

from eai.base import jsonish
from eai.base.jsonish import CutList, Pairs, find_value, is_cut

ANY_CHAR = st.characters(exclude_categories=())  # lone surrogates, U+2028, U+0085 included
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(ANY_CHAR, max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(ANY_CHAR, max_size=6), inner, max_size=4),
    max_leaves=20)


def depth(value):
    """How many lists nest in ``value``, each the only item of the one before."""
    levels = 0
    while isinstance(value, list):
        levels += 1
        value = value[0] if value else None
    return levels


def plain(value):
    """``value`` as json.loads gives it (objects as dicts of their last values)."""
    if isinstance(value, Pairs):
        return {k: plain(v) for k, v in value}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


@given(st.lists(JSON) | st.dictionaries(st.text(ANY_CHAR, max_size=6), JSON))
def test_whole_json_reads_as_itself(value):
    for text in (json.dumps(value), json.dumps(value, ensure_ascii=False), json.dumps(value, indent=2)):
        found = find_value("Here you go:\n" + text + "\nDone.")
        assert found.ok and not found.truncated and plain(found.value) == value


@given(st.lists(st.text(ANY_CHAR, max_size=10) | st.lists(st.integers(), max_size=3), max_size=6), st.data())
def test_a_cut_list_reads_as_its_complete_items(items, data):
    text = json.dumps(items)
    cut = data.draw(st.integers(1, len(text) - 1))
    found = find_value(text[:cut])
    assert found.ok and found.truncated and isinstance(found.value, CutList)
    whole = [item for item in found.value if not is_cut(item)]
    assert whole == items[:len(whole)]  # never an item read in part
    assert len(found.value) - len(whole) <= 1  # at most the last one, marked cut


def test_cut_objects_keep_their_complete_pairs():
    found = find_value('Plan: {"WALK": ["sink", "231"], "GRAB": ["cup", "5"], "PUT')
    assert found.truncated and found.value == [("WALK", ["sink", "231"]), ("GRAB", ["cup", "5"])]
    assert is_cut(found.value) and not is_cut(found.value[0][1])
    found = find_value('[{"action": "LEFT_GRASP", "object": "jar_1"}, {"action": "RIGHT_PLACE_ONTOP", "obj')
    assert [is_cut(item) for item in found.value] == [False, True]
    assert find_value('{"output": ["A", "B"]').value == [("output", ["A", "B"])]  # stopped at "}"


def test_a_complete_value_beats_a_cut_one_only_when_longer():
    assert not find_value('{"output": ["ON(tv.1)", "OFF(tv.1)"]} and a note {"a').truncated
    found = find_value('[1] then {"output": ["ON(tv.1)", "OFF(tv.1)"], "x": "cut here')
    assert found.truncated and found.value == [("output", ["ON(tv.1)", "OFF(tv.1)"])]


def test_numbers_too_long_for_int_are_kept_as_text():
    digits = "9" * 5000
    assert find_value(f'{{"WALK": ["sink", {digits}]}}').value == [("WALK", ["sink", digits])]
    assert find_value(f"[1e999999, -{digits}.5]").value == [float("inf"), f"-{digits}.5"]


def test_deep_nesting_and_unterminated_strings():
    found = find_value("[" * 5000 + "]" * 5000)  # read no deeper than 100 levels: the innermost ones
    assert found.ok and not found.truncated and 50 <= depth(found.value) <= 101
    found = find_value("[" * 60 + '"' + "x" * 1_000_000)
    assert found.truncated and depth(found.value) == 60  # 60 lists closed, the cut string left out
    assert find_value('{"a": [1, 2] oops} then [3]').value == [1, 2]  # a broken value's longest part


@given(st.text(ANY_CHAR))
def test_any_text_never_raises(text):
    found = find_value(text)
    assert found.ok or found.value is None



def tolerant(text):
    """What the tolerant reader alone finds in ``text``."""
    with mock.patch.object(jsonish, "_strict", lambda candidate: None):
        return find_value(text)


FORMATS = st.sampled_from([{}, {"ensure_ascii": False}, {"indent": 2}, {"separators": (",", ":")}])


@given(st.lists(JSON) | st.dictionaries(st.text(ANY_CHAR, max_size=6), JSON), FORMATS,
       st.sampled_from(["", " ", "\n\t", "```json\n", "Plan:\n```\n"]))
def test_strict_json_reads_as_the_tolerant_reader_reads_it(value, spelling, around):
    text = around + json.dumps(value, **spelling) + around[::-1].replace("\n", " ")
    found = find_value(text)
    assert found == tolerant(text) and type(found.value) is type(tolerant(text).value)


@given(st.integers(95, 105), st.sampled_from(["1", "[]", '"x"', '{"a": 1}']),
       st.sampled_from(["1" * 50, "-" + "2" * 45, "1.5e300", "0." + "5" * 45, "NaN", "-Infinity", "01"]))
def test_strict_json_at_the_depth_limit_and_odd_numbers(levels, inner, number):
    deep = "[" * levels + inner + "]" * levels
    assert find_value(deep) == tolerant(deep)
    odd = f'{{"n": {number}, "k": [1, 2]}}'
    assert find_value(odd) == tolerant(odd)


@given(st.lists(st.lists(st.integers(), max_size=3) | st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
                min_size=2, max_size=5))
def test_a_list_of_objects_missing_its_commas_reads_as_the_list(items):
    """EmbodiedBench's own example answers write their steps one a line, with no comma between them."""
    text = "[\n" + "\n".join(json.dumps(item) for item in items) + "\n]"
    found = find_value(text)
    assert found.ok and plain(found.value) == items


def test_only_objects_and_lists_may_follow_without_a_comma():
    assert plain(find_value('{"steps": [{"a": 1} {"b": 2}], "n": 1}').value) == {"steps": [{"a": 1}, {"b": 2}], "n": 1}
    assert find_value("[1 2]").error == "expected ',' or ']' at line 1"
    assert find_value('{"a": 1 "b": 2}').error == "expected ',' or '}' at line 1"
