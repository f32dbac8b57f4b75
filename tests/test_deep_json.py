"""JSON nested deeper than Python's parser goes (issue 31 item 8): a responses
file with such a line crashed ``eai score`` and ``replay:`` with a 57-line
RecursionError. Now it is a damaged line like any other (docs/models.md: one
line naming the file and the line), at the same depth wherever it is read."""

import json

import pytest
from hypothesis import given, strategies as st

from eai.base import jsonl
from eai.exceptions import EaiError
from eai.results.responses import read_responses
from eai.tasks.reading import TaskFileError, read_model
from eai.tasks.taskfile import SuiteFile
from tests.helpers import eai_cli

DEEP = "[" * 5000 + "]" * 5000
SCORE = ["--suite", "virtualhome", "--module", "action_sequencing", "--quiet"]


def answers_file(tmp_path, deep_line: str, upstream: bool = False):
    items = [json.dumps({"identifier": "27_2", "llm_output": "[]"}), deep_line,
             json.dumps({"identifier": "417_1", "llm_output": "[]"})]
    path = tmp_path / ("answers.json" if upstream else "answers.jsonl")
    path.write_text("[\n" + ",\n".join(items) + "\n]\n" if upstream else "\n".join(items) + "\n")
    return path


@pytest.mark.parametrize("upstream, line", [(False, 2), (True, 3)])
def test_a_line_nested_5000_deep_is_one_line_naming_the_file_and_line(capsys, tmp_path, upstream, line):
    path = answers_file(tmp_path, '{"identifier": "850_1", "llm_output": ' + DEEP + "}", upstream)
    code, _, err = eai_cli(capsys, "score", str(path), *SCORE, "--out", str(tmp_path / "scores"))
    assert code == 2 and err.splitlines() == [f"error: {path}:{line}: JSON nested deeper than {jsonl.MAX_DEPTH} levels"]
    assert not (tmp_path / "scores").exists()


def test_replay_of_a_file_nested_5000_deep_is_one_line(capsys, tmp_path):
    path = answers_file(tmp_path, '{"identifier": "850_1", "llm_output": ' + DEEP + "}")
    code, _, err = eai_cli(capsys, "run", "--model", f"replay:{path}", *SCORE, "--limit", "2", "--no-cache",
                           "--out", str(tmp_path / "run"))
    assert code == 2 and err.splitlines() == [f"error: {path}:2: JSON nested deeper than {jsonl.MAX_DEPTH} levels"]


def test_a_deep_answer_text_is_scored_as_the_model_wrote_it(capsys, tmp_path):
    path = answers_file(tmp_path, json.dumps({"identifier": "850_1", "llm_output": DEEP}))
    code, out, err = eai_cli(capsys, "score", str(path), *SCORE, "--out", str(tmp_path / "scores"))
    assert code == 0, err
    records = [json.loads(line) for line in (tmp_path / "scores" / "records.jsonl").read_text().splitlines()]
    assert [r["identifier"] for r in records] == ["27_2", "417_1", "850_1"]


def test_a_resumed_run_whose_log_holds_a_deep_line_names_it(capsys, tmp_path):
    run = ["run", *SCORE, "--limit", "2", "--no-cache", "--out", str(tmp_path / "run")]
    assert eai_cli(capsys, *run)[0] == 0
    log = tmp_path / "run" / "virtualhome" / "action_sequencing" / "baseline_auto" / "responses.jsonl"
    log.write_text(log.read_text() + '{"identifier": "850_1", "calls": ' + DEEP + "}\n")
    code, _, err = eai_cli(capsys, "run", "--resume", "--out", str(tmp_path / "run"), "--quiet")
    assert code == 2 and err.splitlines() == [f"error: {log}:3: damaged line, JSON nested deeper than "
                                              f"{jsonl.MAX_DEPTH} levels; delete that line to ask its task again"]


def test_a_suite_json_nested_deep_is_one_line(tmp_path):
    path = tmp_path / "suite.json"
    path.write_text('{"suite": "x", "simulator": "virtualhome", "description": ' + DEEP + ', "tasks": []}')
    with pytest.raises(TaskFileError, match=rf"suite.json: field \(file\): not valid JSON \(JSON nested deeper than "
                                            rf"{jsonl.MAX_DEPTH} levels: line 1 column 55"):
        read_model(path, SuiteFile)


def nested(depth: int, leaf: str) -> str:
    """``leaf`` inside ``depth`` arrays and objects, one in the other."""
    return "".join('{"a": ' if i % 2 else "[" for i in range(depth)) + json.dumps(leaf) + \
        "".join("}" if i % 2 else "]" for i in reversed(range(depth)))


@given(st.integers(0, 2 * jsonl.MAX_DEPTH), st.text(st.sampled_from('[]{}"\\a'), max_size=6))
def test_loads_reads_up_to_max_depth_and_refuses_deeper(depth, leaf):
    text = nested(depth, leaf)  # depth counts the arrays and objects around the leaf
    if depth <= jsonl.MAX_DEPTH:
        assert jsonl.loads(text) == json.loads(text)
    else:
        with pytest.raises(jsonl.TooDeep):
            jsonl.loads(text)


def test_the_limit_does_not_depend_on_how_deep_the_caller_is():
    """Python's own limit counts the caller's frames with the levels: 1,000 in all."""
    fits = "[" * jsonl.MAX_DEPTH + "]" * jsonl.MAX_DEPTH
    deeper = "[" + fits + "]"

    def from_depth(frames: int, text: str):
        return jsonl.loads(text) if frames == 0 else from_depth(frames - 1, text)

    for frames in (0, 150, 300):
        assert from_depth(frames, fits) is not None
        with pytest.raises(jsonl.TooDeep):
            from_depth(frames, deeper)


def test_read_responses_names_the_file_for_a_damaged_upstream_list(tmp_path):
    path = tmp_path / "answers.json"
    path.write_text("[" + "[" * 600)
    with pytest.raises(EaiError, match=rf"answers.json:1: JSON nested deeper than {jsonl.MAX_DEPTH} levels"):
        read_responses(path)
