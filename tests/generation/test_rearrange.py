"""The rearrange generator: the same hook and kernel on BEHAVIOR scenes."""

import pytest

from eai.generation.certify import reaches
from eai.host.manager import get_plugins
from eai.ltl import parse
from eai.tasks.folders import suite_name
from eai_rearrange.generator import CATEGORIES
from tests.helpers import eai_cli, folder_files, run_eai


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    out = tmp_path_factory.mktemp("gen") / "rearrange-b"
    result = run_eai("tasks", "generate", "rearrange", "--scene", "behavior", "--n", "12", "--seed", "4",
                     "--out", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    plugins = get_plugins()
    return out, plugins.suites.get(suite_name(plugins, str(out))).load()


def test_every_task_is_certified_on_its_own_scene(generated):
    _, tasks = generated
    simulator = get_plugins().simulators.get("behavior")
    assert sorted(t.category for t in tasks) == sorted([c.name for c in CATEGORIES] * 4)
    for task in tasks:
        parse(task.goal.ltl)
        assert reaches(task, task.gold_plan, simulator), task.id
        # the BEHAVIOR prompt reads the BDDL goal, which says the same as the LTL goal
        assert task.extra["behavior"]["bddl_goal"] == ["and", *([*lit.atom] for lit in task.goal.relation)]


def test_the_same_seed_gives_the_same_bytes(generated, tmp_path, capsys):
    out, _ = generated
    code, _, err = eai_cli(capsys, "tasks", "generate", "rearrange", "--scene", "behavior", "--n", "12", "--seed", "4",
                           "--out", str(tmp_path / "rearrange-b"), "--quiet")
    assert code == 0, err
    assert folder_files(tmp_path / "rearrange-b") == folder_files(out)


def test_a_scene_named_by_task_is_the_only_scene(capsys, tmp_path):
    scene = "bottling_fruit_0_Wainscott_0_int_0_2021-05-24_19-46-46"
    code, _, err = eai_cli(capsys, "tasks", "generate", "rearrange", "--scene", f"behavior/{scene}", "--n", "3",
                           "--out", str(tmp_path / "one"), "--quiet")
    assert code == 0, err
    assert [p.name for p in (tmp_path / "one").glob("scene-*.json")] == [f"scene-{scene}.json"]


def test_a_virtualhome_scene_is_one_line(capsys, tmp_path):
    code, _, err = eai_cli(capsys, "tasks", "generate", "rearrange", "--scene", "virtualhome", "--n", "3",
                           "--out", str(tmp_path / "x"))
    assert code == 2 and err.strip() == ("error: generator 'rearrange' makes behavior tasks; the scene suite "
                                         "'virtualhome' is a virtualhome suite")
