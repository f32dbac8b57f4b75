"""``eai export challenge`` on baseline runs of both suites (two tasks each):
what it refuses, one line per problem, and the zip it writes."""

import json
import shutil
import zipfile

import pytest

from eai.challenge.submission import kit_files, problems, read_submission
from eai.host.manager import get_plugins
from eai.results.schema import problems as schema_problems
from tests.helpers import run_eai

ALLOW = ("--allow-eai-prompts", "--allow-missing")


@pytest.fixture(scope="module")
def baseline_run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("runs") / "baseline"
    done = run_eai("run", "--suite", "virtualhome", "--suite", "behavior", "--limit", "2", "--out", str(folder),
                   env={"XDG_CACHE_HOME": str(folder.parent / "cache")})
    assert done.returncode == 0, done.stderr
    return folder


def export(run, out, *options):
    return run_eai("export", "challenge", str(run), "--out", str(out), *options)


def errors(done):
    lines = done.stderr.splitlines()
    assert all(line.startswith("error: ") for line in lines), done.stderr
    return [line[len("error: "):] for line in lines]


def test_a_limited_run_of_eai_prompts_is_refused_one_line_per_problem(baseline_run, tmp_path):
    done = export(baseline_run, tmp_path / "sub.zip")
    found = errors(done)
    assert done.returncode == 1 and not (tmp_path / "sub.zip").exists()
    assert len(found) == 9
    assert found[0].startswith("behavior/goal_interpretation: 98 of the kit's 100 task(s) unanswered (")
    assert found[5].startswith("virtualhome/subgoal_decomposition: 336 of the kit's 338 task(s) unanswered (")
    assert found[-1] == ("the run asked the 'paper' prompts, not the challenge's (goal_interpretation, "
                         "subgoal_decomposition, action_sequencing, transition_modeling; eai run --prompts upstream "
                         "asks them): --allow-eai-prompts exports it anyway")


def test_allowed_the_zip_is_a_submission_of_the_run_answers_and_says_why(baseline_run, tmp_path):
    done = export(baseline_run, tmp_path / "sub.zip", *ALLOW)
    assert done.returncode == 0, done.stderr
    kit = kit_files(get_plugins())
    files = read_submission(tmp_path / "sub.zip")
    assert problems(files, kit) == [] and list(files) == [k.name for k in kit]
    assert [p for text in files.values() for p in schema_problems("challenge-outputs", json.loads(text))] == []
    comment = zipfile.ZipFile(tmp_path / "sub.zip").comment.decode()
    assert comment.splitlines()[1:] == [
        "note: answers to eai's own prompts, not the challenge's (goal_interpretation, subgoal_decomposition, "
        "action_sequencing, transition_modeling): exported with --allow-eai-prompts",
        "note: 1702 unanswered task(s) written as empty answers (--allow-missing)"]
    logged = [json.loads(line) for line in
              (baseline_run / "virtualhome" / "subgoal_decomposition" / "baseline_auto" / "responses.jsonl").open()]
    written = {i["identifier"]: i["llm_output"] for i in json.loads(files["virtualhome_subgoal_decomposition_outputs.json"])}
    assert {f"scene_1_{r['identifier']}": r["llm_output"] for r in logged} == {i: o for i, o in written.items() if o}
    assert len(written) == 338  # 1718 answers in all: 2 of each file from the run, 1702 written empty


def test_the_same_run_exports_the_same_bytes(baseline_run, tmp_path):
    for name in ("one.zip", "two.zip"):
        assert export(baseline_run, tmp_path / name, *ALLOW).returncode == 0
    assert (tmp_path / "one.zip").read_bytes() == (tmp_path / "two.zip").read_bytes()


def test_a_run_without_a_module_is_refused_naming_it(baseline_run, tmp_path):
    run = shutil.copytree(baseline_run, tmp_path / "run")
    shutil.rmtree(run / "behavior" / "transition_modeling")
    done = export(run, tmp_path / "sub.zip", *ALLOW)
    assert done.returncode == 1
    assert errors(done) == ["behavior/transition_modeling: not in the run "
                            "(eai run --suite behavior --module transition_modeling ...)"]


def test_a_run_recording_the_official_prompts_is_not_refused_for_its_prompts(baseline_run, tmp_path):
    run = shutil.copytree(baseline_run, tmp_path / "run")
    config = json.loads((run / "run.json").read_text())
    (run / "run.json").write_text(json.dumps({**config, "options": {**config["options"], "prompts": "upstream"}}))
    done = export(run, tmp_path / "sub.zip", "--allow-missing")
    assert done.returncode == 0, done.stderr
    assert "eai's own prompts" not in zipfile.ZipFile(tmp_path / "sub.zip").comment.decode()


def test_a_run_of_two_models_asks_which(tmp_path):
    run = tmp_path / "run"
    done = run_eai("run", "--suite", "virtualhome", "--module", "goal_interpretation", "--limit", "1",
                   "--model", "baseline:auto", "--model", "baseline:lexical", "--out", str(run),
                   env={"XDG_CACHE_HOME": str(tmp_path / "cache")})
    assert done.returncode == 0, done.stderr
    found = errors(export(run, tmp_path / "sub.zip", *ALLOW))
    assert found[0] == ("the run holds the answers of 2 models (baseline:auto, baseline:lexical): "
                        "choose one with --model")
    found = errors(export(run, tmp_path / "sub.zip", "--model", "baseline:lexical", *ALLOW))
    assert found[0] == "behavior/goal_interpretation: not in the run (eai run --suite behavior --module goal_interpretation ...)"


def test_a_folder_that_is_not_a_run_is_one_line(tmp_path):
    done = export(tmp_path, tmp_path / "sub.zip")
    assert done.returncode == 2
    assert done.stderr == f"error: {tmp_path} is not a run folder (no run.json): give the folder eai run wrote\n"
