"""The published schemas (``eai schema``, eai/results/schema.py) validate every kind of file eai writes:
the files of runs, pipelines, two-agent episodes, merged shards, a score folder and a report written
here, the run folders kept of format 1 (tests/data/format1), and the committed suites' files."""

import json

import pytest

from eai.results.schema import BY_FILE_NAME, file_problems, names, problems, schema
from tests.helpers import ROOT, eai_cli

FORMAT1 = ROOT / "tests" / "data" / "format1"
RUN = ("--suite", "virtualhome", "--limit", "2", "--no-cache", "--quiet", "--module", "goal_interpretation",
       "--module", "subgoal_decomposition", "--module", "action_sequencing", "--module", "transition_modeling")


def schema_files(folder):
    """The files under ``folder`` a schema is named for, by schema name."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if path.name in BY_FILE_NAME:
            found.setdefault(BY_FILE_NAME[path.name], []).append(path)
    return found


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    out = tmp_path_factory.mktemp("written")
    commands = [("run", *RUN, "--out", str(out / "run")),
                ("run", *RUN, "--shard", "0/2", "--out", str(out / "shard0")),
                ("run", *RUN, "--shard", "1/2", "--out", str(out / "shard1")),
                ("merge", str(out / "shard0"), str(out / "shard1"), "--out", str(out / "merged")),
                ("compose", "goal_interpretation+action_sequencing", "--suite", "virtualhome", "--limit", "2",
                 "--replan", "1", "--no-cache", "--quiet", "--out", str(out / "compose")),
                ("run", "--suite", "partnr-vh", "--agents", "2", "--turn-by-turn", "--limit", "2", "--model",
                 "baseline:planner", "--no-cache", "--quiet", "--out", str(out / "turns")),
                ("score", "--suite", "virtualhome", "--module", "action_sequencing", "--out", str(out / "scored"),
                 str(out / "run" / "virtualhome" / "action_sequencing" / "baseline_auto" / "responses.jsonl"))]
    from eai.cli import main

    for command in commands:
        try:
            main(list(command))
        except SystemExit as exit:
            assert not exit.code, command
    return out


def test_every_file_a_run_pipeline_episode_merge_score_and_report_write_is_valid(written):
    found = schema_files(written)
    assert set(found) == {"run", "summary", "record", "response", "answer", "report"}
    assert [p for paths in found.values() for path in paths for p in file_problems(path)] == []


@pytest.mark.parametrize("name", ["run", "compose", "turns", "shard0", "shard1"])
def test_the_run_folders_kept_of_format_1_are_valid(name):
    found = schema_files(FORMAT1 / name)
    assert {"run", "summary", "record", "response"} <= set(found)
    assert [p for paths in found.values() for path in paths for p in file_problems(path)] == []


def test_the_committed_suites_files_are_valid_tasks_suites_and_scenes():
    suites = sorted(ROOT.glob("tasks/*/suite.json"))
    assert len(suites) >= 7
    for suite in suites:
        assert list(file_problems(suite)) == []
        for task in sorted((suite.parent / "tasks").glob("*.json")):
            assert list(file_problems(task, "task")) == [], task
        for scene in sorted(suite.parent.glob("scene*.json")):
            assert list(file_problems(scene, "scene")) == []


def test_a_field_format_1_does_not_know_is_allowed_and_a_wrong_type_is_named():
    summary = json.loads((FORMAT1 / "run" / "virtualhome" / "action_sequencing" / "baseline_auto" /
                          "summary.json").read_text())
    assert problems("summary", {**summary, "intervals": {"task_success_rate": [50.0, 100.0]}}) == []
    assert problems("summary", {**summary, "n": "two"}) == ["n: 'two' is not of type 'integer'"]
    assert problems("summary", {**summary, "format_version": 2}) == ["format_version: 1 was expected"]
    assert problems("challenge-outputs", [{"identifier": "1", "llm_output": "", "extra": 1}]) == [
        "0: Additional properties are not allowed ('extra' was unexpected)"]


def test_eai_schema_lists_the_schemas_and_prints_each_and_refuses_an_unknown_one_in_one_line(capsys):
    code, out, _ = eai_cli(capsys, "schema")
    assert code == 0 and all(name in out for name in names())
    for name in names():
        code, out, _ = eai_cli(capsys, "schema", name)
        assert code == 0 and json.loads(out) == schema(name)
        assert schema(name)["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    code, _, err = eai_cli(capsys, "schema", "records")
    assert code == 2 and err.startswith("error: no schema 'records'; the schemas: run, summary,") and err.count("\n") == 1


def test_docs_link_every_schema_file():
    text = (ROOT / "docs" / "metrics.md").read_text()
    for path in sorted((ROOT / "eai" / "results" / "schemas").glob("*.schema.json")):
        assert f"../eai/results/schemas/{path.name}" in text
    assert {p.name.split(".")[0] for p in (ROOT / "eai" / "results" / "schemas").glob("*.json")} <= set(names())
