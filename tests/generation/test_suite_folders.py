"""Suites given by folder (``--suite PATH``): found by every command under
the name their suite.json gives, and one clear line when they cannot be."""

import json
import shutil

from tests.helpers import eai_cli, run_eai, upstream_output


def test_a_generated_folder_is_listed_scored_and_shown(small, capsys, tmp_path):
    folder, tasks = small
    code, out, err = eai_cli(capsys, "tasks", "list", str(folder), "--json")
    assert code == 0, err
    assert [row["id"] for row in json.loads(out)] == [t.id for t in tasks]
    answers = tmp_path / "gold.json"
    answers.write_text(json.dumps([{"identifier": t.id, "llm_output": upstream_output([[a.name, *a.args] for a in t.gold_plan])}
                                   for t in tasks]))
    code, out, err = eai_cli(capsys, "score", str(answers), "--suite", str(folder), "--module", "action_sequencing",
                             "--out", str(tmp_path / "scores"), "--quiet")
    assert code == 0, err
    summary = json.loads((tmp_path / "scores" / "summary.json").read_text())
    assert summary["suite"] == "etplan-small" and summary["task_success_rate"] == 100.0
    assert summary["lcs_ratio"] == 100.0 and len(summary["by_category"]) == 9
    code, out, err = eai_cli(capsys, "tasks", "show", f"{folder}/{tasks[0].id}", "--json")
    assert code == 0 and json.loads(out)["instruction"] == tasks[0].instruction


def test_a_folder_without_suite_json_is_one_line(capsys, tmp_path):
    code, _, err = eai_cli(capsys, "tasks", "list", str(tmp_path))
    assert code == 2 and err.strip() == f"error: {tmp_path} is not a suite folder: it has no suite.json"


def test_a_folder_named_like_an_installed_suite_elsewhere_is_one_line(small, capsys, tmp_path):
    folder, _ = small
    clash = tmp_path / "etplan-vh"
    shutil.copytree(folder, clash)
    info = json.loads((clash / "suite.json").read_text())
    (clash / "suite.json").write_text(json.dumps({**info, "suite": "etplan-vh"}))
    code, _, err = eai_cli(capsys, "tasks", "list", str(clash))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "holds suite 'etplan-vh', the name of another suite (from plugin 'etplan')" in err


def test_a_run_on_a_folder_resumes_from_run_json_in_a_new_process(small, capsys, tmp_path):
    folder, tasks = small
    out = tmp_path / "run"
    code, _, err = eai_cli(capsys, "run", "--suite", str(folder), "--module", "action_sequencing", "--limit", "2",
                           "--out", str(out), "--no-cache", "--quiet")
    assert code == 0, err
    assert json.loads((out / "run.json").read_text())["suites"] == [str(folder.resolve())]  # the folder, not its name
    (out / "etplan-small" / "action_sequencing" / "baseline_auto" / "responses.jsonl").write_text("")  # ask again
    resumed = run_eai("run", "--resume", "--out", str(out))  # a process that has not registered the folder
    assert resumed.returncode == 0, resumed.stderr
    summary = json.loads((out / "etplan-small" / "action_sequencing" / "baseline_auto" / "summary.json").read_text())
    assert (summary["suite"], summary["n"], summary["tasks"]) == ("etplan-small", 2, 2)
