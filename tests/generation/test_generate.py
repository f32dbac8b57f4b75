"""``eai tasks generate etplan`` on the real VirtualHome scene: determinism,
certificates, every category, and one clear line for bad input."""

import json

from eai.generation.certify import reaches
from eai.host.manager import get_plugins
from eai.ltl import parse
from eai.tasks.taskfile import ObjectSpec, SuiteFile, TaskFile
from eai.tasks.writer import write_suite
from eai_etplan.generator import CATEGORIES
from tests.helpers import ROOT, eai_cli, folder_files, run_eai

CATEGORY_NAMES = [c.name for c in CATEGORIES]


def generate(capsys, out, *more, scene="virtualhome", n="18", seed="0"):
    return eai_cli(capsys, "tasks", "generate", "etplan", "--scene", scene, "--n", n, "--seed", seed,
                   "--out", str(out), "--quiet", *more)


def test_the_same_seed_gives_the_same_bytes_whatever_the_hash_seed(small, tmp_path):
    out, _ = small
    again = tmp_path / "etplan-small"
    result = run_eai("tasks", "generate", "etplan", "--scene", "virtualhome", "--n", "18", "--out", str(again),
                     "--quiet", env={"PYTHONHASHSEED": "12345"})
    assert result.returncode == 0, result.stderr
    assert folder_files(again) == folder_files(out)


def test_another_seed_gives_other_tasks(small, tmp_path, capsys):
    out, tasks = small
    code, _, err = generate(capsys, tmp_path / "etplan-small", seed="1")
    assert code == 0, err
    other = {json.loads(p.read_text())["instruction"] for p in (tmp_path / "etplan-small" / "tasks").iterdir()}
    assert other != {t.instruction for t in tasks}


def test_every_category_is_there_and_every_gold_plan_reaches_its_goal(small):
    _, tasks = small
    assert sorted(t.category for t in tasks) == sorted(CATEGORY_NAMES * 2)
    simulator = get_plugins().simulators.get("virtualhome")
    for task in tasks:
        parse(task.goal.ltl)
        assert task.gold_plan and reaches(task, task.gold_plan, simulator), task.id
        assert task.generation["seed"] == 0 and task.generation["template"].startswith(task.category + "/")
        assert task.generation["filter"] == {"rule": task.generation["filter"]["rule"], "model": None, "answer": None}


def test_the_prompt_of_a_generated_task_states_its_instruction_and_ltl_goal(small):
    _, tasks = small
    simulator = get_plugins().simulators.get("virtualhome")
    temporal = next(t for t in tasks if t.category == "temporal")
    for module in ("action_sequencing", "subgoal_decomposition"):
        prompt = simulator.prompt(module, temporal)
        assert temporal.instruction in prompt and temporal.goal.ltl in prompt


def test_an_unknown_generator_is_one_line(capsys, tmp_path):
    code, _, err = eai_cli(capsys, "tasks", "generate", "etplna", "--scene", "virtualhome", "--n", "5",
                           "--out", str(tmp_path / "x"))
    assert code == 2 and err.strip().splitlines() == ["error: unknown generator 'etplna'; did you mean 'etplan'? (known: "
                                                      + ", ".join(get_plugins().generators.names()) + ")"]
    assert not (tmp_path / "x").exists()


def test_more_tasks_than_the_scene_allows_is_one_line(capsys, tmp_path):
    code, _, err = generate(capsys, tmp_path / "x", n="100000")
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "error: --n 100000 is more than the" in err and "distinct etplan tasks the scene virtualhome allows" in err
    assert not (tmp_path / "x").exists()


def test_a_scene_of_another_simulator_is_one_line(capsys, tmp_path):
    code, _, err = generate(capsys, tmp_path / "x", scene="behavior")
    assert code == 2 and err.strip() == ("error: generator 'etplan' makes virtualhome tasks; the scene suite "
                                         "'behavior' is a behavior suite")


def test_a_scene_without_a_needed_category_is_one_line(capsys, tmp_path):
    """A bedroom with a bed and nothing to carry: navigation yes, pick and place no."""
    objects = [ObjectSpec(id="bedroom.1", class_name="bedroom"), ObjectSpec(id="character.2", class_name="character"),
               ObjectSpec(id="bed.3", class_name="bed", properties=["SURFACES", "LIEABLE"])]
    relations = [["INSIDE", "character.2", "bedroom.1"], ["INSIDE", "bed.3", "bedroom.1"]]
    task = TaskFile(id="t1", name="empty bedroom", instruction="", goal={"ltl": ""},
                    initial={"objects": objects, "relations": relations})
    write_suite(tmp_path / "bedroom", SuiteFile(suite="bedroom", simulator="virtualhome", description="", tasks=["t1"]),
                [task])
    code, _, err = generate(capsys, tmp_path / "x", scene=str(tmp_path / "bedroom"))
    assert code == 2 and err.strip().splitlines() == [
        "error: the scene bedroom has no place_inside task for generator 'etplan': it needs an item (GRABBABLE, "
        "MOVABLE, not furniture or a container) and a receptacle keeping its kind, each alone of its class"]


def test_a_folder_that_is_not_a_generated_suite_is_never_replaced(capsys, tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    code, _, err = generate(capsys, tmp_path)
    assert code == 2 and err.strip() == (f"error: --out {tmp_path} holds files that are not a generated suite; "
                                         "write into a new or empty folder")
    assert (tmp_path / "notes.txt").read_text() == "mine"
    code, _, err = generate(capsys, ROOT / "tasks" / "virtualhome")  # an imported suite
    assert code == 2 and "not a generated suite" in err
