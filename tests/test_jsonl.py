"""JSON Lines: any text survives a write and a read, lines are split on "\\n" alone,
and damage is one line naming the file and line."""

import json

import pytest
from hypothesis import given, strategies as st

from eai.base import jsonl
from eai.exceptions import EaiError
from eai.results.responses import read_responses
from eai.results.store import ResponseLog

# every code point, lone surrogates included; and the separators str.splitlines splits on
ANY_TEXT = st.text(st.characters(exclude_categories=()))
SEPARATORS = "\u2028\u2029\u0085\x1c\x1d\x1e\x0b\x0c\r"


@given(st.lists(st.tuples(st.text(min_size=1), ANY_TEXT), max_size=5))
def test_any_text_is_written_on_one_ascii_line_and_reads_back_exactly(pairs):
    items = [{"identifier": identifier, "llm_output": text} for identifier, text in pairs]
    data = "".join(jsonl.dumps(item) for item in items).encode("ascii")
    assert data.count(b"\n") == len(items)
    assert [item for _, item in jsonl.values(data, "f.jsonl")] == items


@given(ANY_TEXT)
def test_a_logged_answer_reads_back_exactly(tmp_path_factory, text):
    log = ResponseLog(tmp_path_factory.mktemp("log") / "responses.jsonl")
    log.open()
    log.append({"identifier": "27_2", "llm_output": text, "error": ""})
    log.append({"identifier": "417_1", "llm_output": SEPARATORS + text, "error": ""})
    log.close()
    assert {i: r.output for i, r in log.read().items()} == {"27_2": text, "417_1": SEPARATORS + text}


def test_a_file_written_elsewhere_with_separators_inside_strings_is_read_by_newline(tmp_path):
    path = tmp_path / "answers.jsonl"
    lines = [json.dumps({"identifier": f"t{i}", "llm_output": f"a{c}b"}, ensure_ascii=False) for i, c in enumerate(SEPARATORS)]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    responses = read_responses(path)
    assert [(r.identifier, r.output) for r in responses] == [(f"t{i}", f"a{c}b") for i, c in enumerate(SEPARATORS)]


def test_the_last_line_may_lack_its_newline_in_a_file_to_score(tmp_path):
    path = tmp_path / "answers.jsonl"
    path.write_bytes(b'{"identifier": "a", "llm_output": "x"}\n{"identifier": "b", "llm_output": "y"}')
    assert [r.identifier for r in read_responses(path)] == ["a", "b"]


@pytest.mark.parametrize("line, reason", [(b"{not json", "not JSON"), (b'{"identifier": "\xe2\x80"}', "not UTF-8")])
def test_a_damaged_line_names_the_file_and_line(tmp_path, line, reason):
    path = tmp_path / "answers.jsonl"
    path.write_bytes(b'{"identifier": "a", "llm_output": "x"}\n' + line + b"\n")
    with pytest.raises(EaiError, match=rf"answers.jsonl:2: {reason}") as caught:
        read_responses(path)
    assert "\n" not in str(caught.value)


LOGGED = st.lists(st.tuples(st.sampled_from(["27_2", "417_1", "a#1"]), st.integers(0, 2), ANY_TEXT), max_size=8)


@given(LOGGED, st.sampled_from([b"", b"\n", b'{"identifier": "27_2", "llm_o']))
def test_a_log_read_line_by_line_as_asked_is_the_log_read_whole(tmp_path_factory, lines, tail):
    """ResponseLog.indexed (a long episode run's records are made from it) gives what read_items gives:
    each key's last line, a partial last line left out, blank lines skipped."""
    log = ResponseLog(tmp_path_factory.mktemp("log") / "responses.jsonl")
    log.open()
    for identifier, epoch, text in lines:
        log.append({"identifier": identifier, **({"epoch": epoch} if epoch else {}), "llm_output": text})
    log.close()
    with log.path.open("ab") as handle:
        handle.write(tail)
    indexed = log.indexed()
    assert dict(indexed) == log.read_items() and list(indexed) == list(log.read_items())
    assert ("27_2" in indexed) == ("27_2" in log.read_items()) and "nothing" not in indexed
