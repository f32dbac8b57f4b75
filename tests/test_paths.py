"""Nothing escapes --out (issue 31 item 1): every name that becomes a path is one
path segment, the folders written are inside --out, and a bad name is one
line naming the file and the field."""

import asyncio
import json
import os
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from eai.base.paths import check_name, inside, name_problem
from eai.exceptions import EaiError
from eai.host.manager import get_plugins
from eai.runner.run import RunConfig, run
from eai.tasks.store import DirectorySuite
from eai.tasks.taskfile import SuiteFile
from eai.tasks.writer import write_suite
from tests.helpers import ROOT, eai_cli, virtualhome_folder

VIRTUALHOME = ROOT / "tasks" / "virtualhome"
RUN = ["run", "--module", "action_sequencing", "--no-cache", "--quiet"]


def small_suite(folder: Path, **changes) -> Path:
    """A suite folder holding VirtualHome's first two tasks, its suite.json members replaced by ``changes``."""
    return virtualhome_folder(folder, ("27_2", "417_1"), **changes)


def everything_under(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


@given(st.text(st.sampled_from("a./\\\0") | st.characters(), max_size=12))
def test_a_name_without_a_problem_is_one_segment_inside_its_folder(name):
    problem = name_problem(name)
    if problem is None:
        path = Path("/root") / name
        assert path.parent == Path("/root") and path.name == name and path.parts == ("/", "root", name)
        assert os.path.normpath(path) == str(path)
    else:
        with pytest.raises(EaiError, match=r"^suite .* cannot name a file or folder: it "):
            check_name(name, "suite")


@pytest.mark.parametrize("name, problem", [("../../../x", "path separator"), ("/tmp/x", "path separator"),
                                           ("..", "(. or ..)"), (".", "(. or ..)"), ("", "empty"),
                                           ("a\0b", "NUL"), ("a\\b", "path separator"), ("x" * 256, "255 bytes")])
def test_names_that_are_not_one_segment(name, problem):
    assert problem in name_problem(name)


@pytest.mark.parametrize("suite", ["../../../x", "/tmp/eai-absolute-suite"])
def test_suite_json_suite_dot_dot_writes_nothing_outside_out(capsys, tmp_path, suite):
    folder = small_suite(tmp_path / "suites" / "mine", suite=suite)
    before = everything_under(tmp_path)
    code, _, err = eai_cli(capsys, *RUN, "--suite", str(folder), "--out", str(tmp_path / "a" / "b" / "run"))
    assert code == 2 and err.splitlines() == [
        f"error: {folder / 'suite.json'}: field suite: {suite!r} cannot name a file or folder: "
        "it holds a path separator (/ or \\)"]
    assert everything_under(tmp_path) == before  # before the fix: tmp_path/x/action_sequencing/...
    assert not Path(suite).exists()


def test_a_task_id_with_dot_dot_in_suite_json_loads_no_file_outside_tasks(capsys, tmp_path):
    folder = small_suite(tmp_path / "mine")
    info = json.loads((folder / "suite.json").read_text())
    outside = "../../virtualhome/tasks/" + info["tasks"][1]
    (folder / "suite.json").write_text(json.dumps({**info, "tasks": [info["tasks"][0], outside]}))
    for command in (["tasks", "list", str(folder)], [*RUN, "--suite", str(folder), "--out", str(tmp_path / "run")]):
        code, _, err = eai_cli(capsys, *command)
        assert code == 2 and err.splitlines() == [
            f"error: {folder / 'suite.json'}: field tasks.1: {outside!r} cannot name a file or folder: "
            "it holds a path separator (/ or \\)"]
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("field, changes", [("files.domain", {"files": {"domain": "/etc/passwd"}}),
                                            ("files.predicate_categories", {"files": {"domain": "domain.pddl",
                                                                                      "predicate_categories": ".."}})])
def test_suite_files_outside_the_suite_folder_are_one_line(capsys, tmp_path, field, changes):
    folder = small_suite(tmp_path / "mine", **changes)
    code, _, err = eai_cli(capsys, "tasks", "list", str(folder))
    assert code == 2 and len(err.splitlines()) == 1 and f"suite.json: field {field}: " in err


def test_a_task_file_whose_base_scene_is_a_path_is_one_line(capsys, tmp_path):
    folder = small_suite(tmp_path / "mine")
    first = json.loads((folder / "suite.json").read_text())["tasks"][0]
    path = folder / "tasks" / f"{first}.json"
    task = json.loads(path.read_text())
    path.write_text(json.dumps({**task, "initial": {**task["initial"], "base": "../scene.json"}}))
    code, _, err = eai_cli(capsys, "tasks", "show", f"{folder}/{first}")
    assert code == 2 and err.splitlines() == [
        f"error: {path}: task {first!r}, field initial.base: '../scene.json' cannot name a file or folder: "
        "it holds a path separator (/ or \\)"]


def test_a_plugin_suite_named_dot_dot_is_refused_before_any_work(tmp_path):
    plugins = get_plugins()
    plugins.suites.register("../evil", DirectorySuite("../evil", "virtualhome", "", lambda: VIRTUALHOME), "test")
    config = RunConfig(suites=["../evil"], modules=["action_sequencing"], models=["baseline:auto"],
                       out=tmp_path / "out" / "run", limit=1)
    with pytest.raises(EaiError, match=r"^suite '\.\./evil' cannot name a file or folder: it holds a path separator"):
        asyncio.run(run(config, plugins))
    assert everything_under(tmp_path) == set()


def test_a_symlink_in_out_that_leaves_it_is_not_written_through(capsys, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    out = tmp_path / "run"
    out.mkdir()
    (out / "virtualhome").symlink_to(elsewhere)
    code, _, err = eai_cli(capsys, *RUN, "--suite", "virtualhome", "--limit", "1", "--out", str(out))
    assert code == 2 and err.splitlines() == [
        f"error: {out / 'virtualhome' / 'action_sequencing' / 'baseline_auto'} leads out of {out} "
        f"(to {elsewhere.resolve() / 'action_sequencing' / 'baseline_auto'}, through a symbolic link); "
        f"eai writes only inside {out}: remove the link or choose another folder"]
    assert everything_under(elsewhere) == set() and everything_under(out) == {"virtualhome"}


def test_a_symlink_inside_out_to_another_folder_in_it_is_followed(capsys, tmp_path):
    out = tmp_path / "run"
    (out / "kept").mkdir(parents=True)
    (out / "virtualhome").symlink_to(out / "kept")
    code, _, err = eai_cli(capsys, *RUN, "--suite", "virtualhome", "--limit", "1", "--out", str(out))
    assert code == 0, err
    assert (out / "kept" / "action_sequencing" / "baseline_auto" / "summary.json").is_file()


@pytest.mark.parametrize("name", ["responses.jsonl", "run.lock"])
def test_a_symlinked_log_or_lock_file_is_not_written_through(capsys, tmp_path, name):
    victim = tmp_path / "victim.txt"
    kept = "" if name == "responses.jsonl" else "keep me\n"  # the log is read (through the link) before it is written
    victim.write_text(kept)
    out = tmp_path / "run"
    folder = out / "virtualhome" / "action_sequencing" / "baseline_auto" if name == "responses.jsonl" else out
    folder.mkdir(parents=True)
    (folder / name).symlink_to(victim)
    code, _, err = eai_cli(capsys, *RUN, "--suite", "virtualhome", "--limit", "1", "--out", str(out))
    assert code == 2 and err.splitlines()[-1].startswith(
        f"error: {folder / name} is a symbolic link: eai does not write through one (remove it)")
    assert victim.read_text() == kept


def test_results_replace_a_symlink_at_their_name_instead_of_writing_through(capsys, tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    out = tmp_path / "scores"
    out.mkdir()
    (out / "summary.json").symlink_to(victim)
    answers = tmp_path / "answers.jsonl"
    answers.write_text(json.dumps({"identifier": "27_2", "llm_output": ""}) + "\n")
    code, _, err = eai_cli(capsys, "score", str(answers), "--suite", "virtualhome", "--module", "action_sequencing",
                           "--out", str(out), "--quiet")
    assert code == 0, err
    assert victim.read_text() == "keep me\n" and not (out / "summary.json").is_symlink()
    assert json.loads((out / "summary.json").read_text())["n"] == 1


def test_a_scene_named_with_a_path_is_not_written_outside_the_suite(tmp_path):
    info = SuiteFile(suite="mine", simulator="virtualhome", description="", tasks=[])
    with pytest.raises(EaiError, match=r"^suite file '\.\./x\.json' cannot name a file or folder"):
        write_suite(tmp_path / "mine", info, [], files={"../x.json": "{}"})
    assert everything_under(tmp_path) == set()


def test_inside_accepts_only_folders_that_resolve_under_the_root(tmp_path):
    (tmp_path / "root" / "in").mkdir(parents=True)
    (tmp_path / "root" / "up").symlink_to(tmp_path)
    assert inside(tmp_path / "root", {"folder": "in", "file": "x"}) == tmp_path / "root" / "in" / "x"
    with pytest.raises(EaiError, match="leads out of"):
        inside(tmp_path / "root", {"folder": "up", "file": "x"})
    assert os.path.isdir(tmp_path / "root" / "up")  # nothing made
