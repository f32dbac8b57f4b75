"""``eai compare upstream`` before the official evaluator runs: a submission
that is not one, and a machine without the package index, are each said in
clear lines, nothing installed or run."""

import json
import os
import zipfile

from eai.challenge.submission import kit_files
from eai.host.manager import get_plugins
from tests.helpers import run_eai


def empty_answers(path):
    with zipfile.ZipFile(path, "w") as archive:
        for kit_file in kit_files(get_plugins()):
            archive.writestr(kit_file.name, json.dumps([{"identifier": i, "llm_output": ""}
                                                        for i in kit_file.identifiers]))
    return path


def test_a_submission_that_is_not_one_is_refused_before_anything_runs(tmp_path):
    path = empty_answers(tmp_path / "sub.zip")
    with zipfile.ZipFile(path, "a") as archive:
        archive.writestr("notes.txt", "mine")
    done = run_eai("compare", "upstream", str(path), "--cache", str(tmp_path / "cache"))
    assert done.returncode == 1
    assert done.stderr == ("error: notes.txt: not a file of a submission "
                           "(it holds the eight <env>_<module>_outputs.json)\n")
    assert not (tmp_path / "cache").exists()


def test_without_the_package_index_installing_the_official_evaluator_is_one_line(tmp_path):
    path = empty_answers(tmp_path / "sub.zip")
    (tmp_path / "no-wheels").mkdir()  # pip: no index, no configured mirror, no wheel folder with anything in it
    env = {"PIP_CONFIG_FILE": os.devnull, "PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(tmp_path / "no-wheels")}
    done = run_eai("compare", "upstream", str(path), "--suite", "virtualhome", "--module", "goal_interpretation",
                   "--cache", str(tmp_path / "cache"), env=env)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "error: cannot install eai-eval==1.0.5 (the official evaluator), which needs the package index once: "
        "pip says: ERROR: No matching distribution found for eai-eval==1.0.5"]


def test_an_unknown_module_is_one_line(tmp_path):
    done = run_eai("compare", "upstream", str(empty_answers(tmp_path / "sub.zip")), "--module", "planning")
    assert done.returncode == 2
    assert done.stderr == ("error: unknown module 'planning' (known: goal_interpretation, subgoal_decomposition, "
                           "action_sequencing, transition_modeling)\n")
