"""``eai run --suite partnr-vh --agents 2`` with the default (no-key) models:
every record has percent complete and the episode's figures; records repeat
byte for byte; ``--agents 2`` on another module is a one-line error."""

from __future__ import annotations

import json

import pytest

from tests.helpers import eai_cli


def records(folder):
    (path,) = folder.rglob("records.jsonl")
    return path.read_text(encoding="utf-8")


def two_agent_run(capsys, out):
    code, _, err = eai_cli(capsys, "run", "--suite", "partnr-vh", "--agents", "2", "--tasks",
                           "constraint_free_001,heterogeneous_001", "--out", str(out), "--quiet", "--no-cache")
    assert code == 0, err
    return records(out)


def test_two_agent_run_writes_percent_complete_in_every_record(capsys, tmp_path):
    rows = [json.loads(line) for line in two_agent_run(capsys, tmp_path / "a").splitlines()]
    assert len(rows) == 2 and all(0 <= row["percent_complete"] <= 1 for row in rows)
    assert all(set(row["collaboration"]["agents"]) == {"human", "robot"} for row in rows)
    (summary,) = (tmp_path / "a").rglob("summary.json")
    assert json.loads(summary.read_text())["collaboration"]["episodes"] == 2
    report = (tmp_path / "a" / "report.md").read_text(encoding="utf-8")
    assert "PARTNR metrics" in report and "| partnr-vh | 2, shared plan | 2 |" in report


@pytest.mark.slow
def test_two_agent_records_repeat_byte_for_byte(capsys, tmp_path):
    assert two_agent_run(capsys, tmp_path / "a") == two_agent_run(capsys, tmp_path / "b")


def test_single_agent_records_have_percent_complete_too(capsys, tmp_path):
    code, _, err = eai_cli(capsys, "run", "--suite", "partnr-vh", "--module", "action_sequencing", "--tasks",
                           "spatial_001", "--out", str(tmp_path / "one"), "--quiet", "--no-cache")
    assert code == 0, err
    (row,) = [json.loads(line) for line in records(tmp_path / "one").splitlines()]
    assert row["percent_complete"] == 1 and row["evaluation_success"] and "collaboration" not in row


def test_agents_2_on_another_module_is_an_error(capsys, tmp_path):
    code, _, err = eai_cli(capsys, "run", "--suite", "partnr-vh", "--agents", "2", "--module", "goal_interpretation",
                           "--out", str(tmp_path / "x"))
    assert code == 2 and "--agents 2 runs action_sequencing only" in err
