"""Versioned results (docs/metrics.md, "Format versions"): run.json and summary.json say their
format; run folders written before formats were versioned (tests/data/format0, by main at
5b100fe) still resume, report, merge and view; a newer format is refused in one line."""

import json
import shutil
from pathlib import Path

import pytest

from eai import api
from eai.host.manager import get_plugins
from eai.results.formats import FORMAT_VERSION, PROVENANCE
from eai.runner.merge import merge_run
from tests.helpers import ROOT, eai_cli

OLD = ROOT / "tests" / "data" / "format0"
UNITS = ("goal_interpretation", "subgoal_decomposition", "action_sequencing", "transition_modeling")


def copied(name, tmp_path):
    return Path(shutil.copytree(OLD / name, tmp_path / name))


def unit(folder, module, model="baseline_auto", suite="virtualhome"):
    return folder / suite / module / model


def read(path):
    return json.loads(path.read_text())


def assert_summary_gained(new, old):
    """What a summary has gained since: its format version and the intervals of its rates (issue 37)."""
    assert {k: v for k, v in new.items() if k != "uncertainty"} == {**old, "format_version": FORMAT_VERSION}
    assert new["uncertainty"]["rates"] and new["uncertainty"]["confidence"] == 0.95


def test_an_interrupted_run_written_before_format_versions_resumes_and_says_its_format(tmp_path, capsys):
    run = copied("run", tmp_path)
    answers = unit(run, "action_sequencing") / "responses.jsonl"
    answers.write_text(answers.read_text().splitlines(keepends=True)[0])  # the second task was not answered
    for name in ("records.jsonl", "summary.json"):
        (unit(run, "action_sequencing") / name).unlink()
    code, _, err = eai_cli(capsys, "run", "--resume", "--out", str(run), "--quiet")
    assert code == 0, err
    for module in UNITS:
        old, new = unit(OLD / "run", module), unit(run, module)
        assert (new / "records.jsonl").read_bytes() == (old / "records.jsonl").read_bytes()
        assert_summary_gained(read(new / "summary.json"), read(old / "summary.json"))
    spec, before = read(run / "run.json"), read(OLD / "run" / "run.json")
    # what a run.json has had since issue 36: the --gen options, the response format, what each model is sent,
    # and the transport's first-answer deadline, cost limit and prices
    added = {"gen": {}, "response_format": "text", "sent": {"baseline:auto": {"max_tokens": 2048, "temperature": 0.0}}}
    transport = {**before["transport"], "first_answer_deadline": 30.0, "cost_limit": None, "price_as": None}
    assert {k: v for k, v in spec.items() if k not in PROVENANCE} == {**before, **added, "transport": transport}
    assert spec["format_version"] == FORMAT_VERSION and spec["eai_version"]
    assert spec["started"] <= spec["finished"] and spec["started"].endswith("Z")
    assert spec["command"] == ["eai", "run", "--resume", "--out", str(run), "--quiet"]
    assert spec["plugins"]["virtualhome"]["distribution"]


def test_a_finished_episode_run_written_before_format_versions_resumes(tmp_path, capsys):
    compose = copied("compose", tmp_path)
    code, _, err = eai_cli(capsys, "compose", "goal_interpretation+action_sequencing", "--resume", "--out", str(compose),
                           "--quiet")
    assert code == 0, err
    for module in ("goal_interpretation+action_sequencing", "action_sequencing"):
        old, new = unit(OLD / "compose", module), unit(compose, module)
        assert (new / "records.jsonl").read_bytes() == (old / "records.jsonl").read_bytes()


@pytest.mark.parametrize("name", ["run", "compose", "turns"])
def test_runs_written_before_format_versions_report_and_view(name, tmp_path, capsys):
    run = copied(name, tmp_path)
    written = api.report([run])
    assert {p.name for p in written} >= {"report.md", "report.html", "report.json"}
    report = (run / "report.md").read_text()
    assert "n=2" in report or "| 2 |" in report
    code, out, err = eai_cli(capsys, "view", str(run), "--out", str(tmp_path / "site"))
    assert code == 0, err
    assert (tmp_path / "site" / "index.html").is_file()


def test_shards_written_before_format_versions_merge_into_the_plain_run(tmp_path):
    merge_run([OLD / "shard0", OLD / "shard1"], tmp_path / "merged", get_plugins(), command=["eai", "merge"])
    for module in UNITS:
        old, new = unit(OLD / "run", module), unit(tmp_path / "merged", module)
        assert (new / "records.jsonl").read_bytes() == (old / "records.jsonl").read_bytes()
        assert_summary_gained(read(new / "summary.json"), read(old / "summary.json"))
    spec = read(tmp_path / "merged" / "run.json")
    assert {k: v for k, v in spec.items() if k not in PROVENANCE} == read(OLD / "run" / "run.json")
    assert spec["command"] == ["eai", "merge"] and spec["format_version"] == FORMAT_VERSION


def test_a_run_of_a_newer_format_is_refused_in_one_line(tmp_path, capsys):
    run = copied("run", tmp_path)
    (run / "run.json").write_text(json.dumps({**read(run / "run.json"), "format_version": FORMAT_VERSION + 1}))
    code, _, err = eai_cli(capsys, "run", "--resume", "--out", str(run), "--quiet")
    assert code == 2 and err.count("\n") == 1
    assert f"is in result format {FORMAT_VERSION + 1}, written by a newer eai" in err
    summary = unit(run, "goal_interpretation") / "summary.json"
    summary.write_text(json.dumps({**read(summary), "format_version": "one"}))
    code, _, err = eai_cli(capsys, "report", str(unit(run, "goal_interpretation")), "--out", str(tmp_path / "r"))
    assert code == 2 and "format_version 'one' is not a format version" in err and err.count("\n") == 1


def test_a_resume_keeps_the_start_and_ignores_other_versions_and_command(tmp_path):
    options = {"suites": ["virtualhome"], "modules": ["action_sequencing"], "limit": 1, "use_cache": False}
    first = read(api.run(out=tmp_path / "run", **options).folder / "run.json")
    changed = {**first, "started": "2000-01-01T00:00:00Z", "eai_version": "0.0.1", "command": ["elsewhere"],
               "plugins": {}, "finished": None}
    (tmp_path / "run" / "run.json").write_text(json.dumps(changed))
    again = read(api.run(out=tmp_path / "run", resume=True, command=["eai", "run", "--resume"], **options).folder
                 / "run.json")
    assert again["started"] == "2000-01-01T00:00:00Z" and again["finished"] >= first["started"]
    assert again["command"] == ["eai", "run", "--resume"] and again["eai_version"] == first["eai_version"]
    assert {k: v for k, v in again.items() if k not in PROVENANCE} == {k: v for k, v in first.items()
                                                                      if k not in PROVENANCE}
