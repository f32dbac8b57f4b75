"""EB-ALFRED's success is ALFRED's check, which finds a target's objects by
substring (``name in objectId``): a ButterKnife is a Knife, a Pencil a Pen.
Followed by default on eb-alfred; ``--exact-types`` reads types exactly; the
tasks it concerns are listed in docs/alfred-simulator.md."""

import json
import re

import pytest

from eai.host.manager import get_plugins
from eai.results.responses import Response
from eai.results.scoring import score
from tests.helpers import ROOT, run_eai


def answer(task, swap):
    """The gold plan with each object named in ``swap`` replaced, as eai's own JSON plan."""
    return json.dumps([[a.name, *(swap.get(x, x) for x in a.args)] for a in task.gold_plan])


def success(task, text, **options):
    return score(get_plugins(), "eb-alfred", "action_sequencing", [Response(task.id, text)], options).records[0]["success"]


@pytest.mark.parametrize(("task_id", "swap"), [
    ("spatial_11", {"Knife_3": "ButterKnife_3"}),  # a butter knife in the mug on the dining table
    ("visual_appearance_12", {}),
])
def test_a_butter_knife_is_a_knife_and_a_pencil_a_pen_as_alfred_checks(eb_tasks, task_id, swap):
    task = eb_tasks[task_id]
    if not swap:  # visual_appearance_12: the pen in the mug on the desk, with a pencil instead
        pen = next(a.args[0] for a in task.gold_plan if a.name == "PICK_UP" and a.args[0].startswith("Pen"))
        swap = {pen: "Pencil"}
    text = answer(task, swap)
    assert success(task, text)
    assert not success(task, text, exact_types=True)
    assert success(task, answer(task, {}), exact_types=True)  # the gold plan either way


def documented() -> dict[str, tuple[str, ...]]:
    """Task id -> the classes its goal reads wider, from the table in docs/alfred-simulator.md."""
    text = (ROOT / "docs" / "alfred-simulator.md").read_text(encoding="utf-8")
    section = text.split("### Types as ALFRED finds them", 1)[1].split("\n## ", 1)[0]
    found: dict[str, set[str]] = {}
    for row in re.findall(r"^\| `(\w+)` \([^)]*\) \| ([^|]+) \| ([^|]+) \|$", section, re.M):
        name, wider, tasks = row
        for task_id in re.findall(r"\w+_\d+", tasks):
            found.setdefault(task_id, set()).update(f"{name}:{w}" for w in re.findall(r"`(\w+)`", wider))
    return {task_id: tuple(sorted(names)) for task_id, names in found.items()}


def test_the_tasks_whose_goal_alfred_reads_wider_are_those_the_docs_list(eb_tasks):
    wider = {t.id: tuple(sorted(f"{name}:{w}" for name, ws in t.goal.classes for w in ws))
             for t in eb_tasks.values() if t.goal.classes}
    assert wider == documented()
    objects_only = [t for t, names in wider.items() if any(n.split(":")[0] in ("Knife", "Pen", "Lettuce") for n in names)]
    assert len(objects_only) == 16 and len(wider) == 43


def test_spatial_11_eai_score_exact_types(tmp_path, eb_tasks):
    task = eb_tasks["spatial_11"]
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps([{"identifier": task.id, "llm_output": answer(task, {"Knife_3": "ButterKnife_3"})}]))
    for flags, expected in (([], True), (["--exact-types"], False)):
        out = tmp_path / ("exact" if flags else "alfred")
        result = run_eai("score", str(answers), "--suite", "eb-alfred", "--module", "action_sequencing",
                         "--out", str(out), "--quiet", *flags)
        assert result.returncode == 0, result.stderr
        [got] = [json.loads(line) for line in (out / "records.jsonl").read_text().splitlines()]
        assert got["success"] is expected


def test_spatial_11_eai_run_records_exact_types_and_resume_keeps_it(tmp_path):
    out = tmp_path / "run"
    args = ["run", "--suite", "eb-alfred", "--tasks", "spatial_11", "--module", "action_sequencing", "--out", str(out),
            "--quiet", "--no-cache"]
    result = run_eai(*args, "--exact-types")
    assert result.returncode == 0, result.stderr
    manifest = json.loads((out / "run.json").read_text())
    assert manifest["options"]["exact_types"] is True
    result = run_eai("run", "--resume", "--out", str(out), "--quiet", "--no-cache")
    assert result.returncode == 0, result.stderr
    assert json.loads((out / "run.json").read_text())["options"]["exact_types"] is True
    plain = tmp_path / "plain"
    assert run_eai(*args[:-4], "--out", str(plain), "--quiet", "--no-cache").returncode == 0
    assert "exact_types" not in json.loads((plain / "run.json").read_text())["options"]


def test_spatial_11_a_knife_is_any_knife_or_butter_knife_its_own_first(eb_tasks, simulator):
    from eai.simulation.goals import GoalChecker, exact_types

    task = eb_tasks["spatial_11"]
    assert task.goal.classes == (("Knife", ("ButterKnife",)),)
    universe = GoalChecker(task, simulator.vocabulary).universe
    knives = [o.id for o in task.objects if o.class_name == "Knife"]
    butter = [o.id for o in task.objects if o.class_name == "ButterKnife"]
    assert universe.by_class["Knife"] == tuple(knives + butter) and universe.is_a(butter[0], "Knife")
    exact = GoalChecker(exact_types(task), simulator.vocabulary).universe
    assert exact.by_class["Knife"] == tuple(knives) and not exact.is_a(butter[0], "Knife")
