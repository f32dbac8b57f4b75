"""The committed generated suite tasks/etplan-vh: every task certified, its
goals strict about order and hands, made again byte for byte by the command
tasks/README.md gives, and run with the baselines."""

import json

import pytest

from eai.base.paths import tasks_dir
from eai.generation.certify import reaches
from eai.host.manager import get_plugins
from eai.ltl import parse
from eai.runner.selection import default_suites
from eai.simulation.goals import GoalChecker
from eai.simulation.taxonomy import execute
from eai.tasks.importing import generation_command, readme
from eai_etplan.generator import CATEGORIES
from tests.helpers import ROOT, eai_cli, folder_files, run_eai

SUITE = tasks_dir() / "etplan-vh"


@pytest.fixture(scope="module")
def tasks():
    return get_plugins().suites.get("etplan-vh").load()


@pytest.fixture(scope="module")
def simulator():
    return get_plugins().simulators.get("virtualhome")


def test_every_gold_plan_reaches_its_goal_and_every_goal_parses(tasks, simulator):
    assert len(tasks) == 500
    assert {t.category for t in tasks} == {c.name for c in CATEGORIES}
    for task in tasks:
        parse(task.goal.ltl)
        assert reaches(task, task.gold_plan, simulator), task.id


def wrong(task, plan, simulator):
    """The plan runs and meets every final-state goal, yet the task fails."""
    run = execute(simulator.world(task), plan)
    report = GoalChecker(task, simulator.vocabulary).check(run.trajectory)
    return run.executable and report.relation[0] == report.relation[1] and not report.success


def test_the_carrier_put_away_before_it_is_filled_fails_a_temporal_task(tasks, simulator):
    failed = 0
    for task in (t for t in tasks if t.category == "temporal"):
        item = task.goal.relation[0].atom[1]
        filled_last = sorted(task.gold_plan, key=lambda a: a.name == "PUTIN" and a.args[0] == item)
        failed += wrong(task, filled_last, simulator)
    assert failed >= 10  # those the simulator lets run in that order


def test_temporal_001_the_stamp_stays_in_the_purse_it_is_carried_in(tasks, simulator):
    # grabbing a container keeps what is inside it (VirtualHome 2.3.0's evolving graph drops
    # those INSIDE edges; docs/virtualhome-simulator.md says why we differ): the stamp put in
    # the purse is still there when the purse has been carried into the cupboard
    task = next(t for t in tasks if t.id == "temporal_001")
    world = simulator.world(task)
    plan = [str(a) for a in task.gold_plan]
    grab = plan.index("GRAB(purse.2003)")
    assert plan[grab - 1] == "PUTIN(stamp.2006, purse.2003)"
    run = execute(world, task.gold_plan)
    assert run.executable
    after_grab = run.trajectory.states[grab + 1]
    assert ("HOLDS_RH", "character.65", "purse.2003") in after_grab
    assert ("INSIDE", "stamp.2006", "purse.2003") in after_grab
    final = run.trajectory.states[-1]
    assert ("INSIDE", "stamp.2006", "purse.2003") in final and ("INSIDE", "purse.2003", "cupboard.229") in final
    assert GoalChecker(task, simulator.vocabulary).check(run.trajectory).success


def test_carrying_both_fails_a_one_at_a_time_task(tasks, simulator):
    failed = 0
    for task in (t for t in tasks if t.category == "multi_one_hand"):
        first = task.goal.relation[0].atom[1]
        put_first = next(i for i, a in enumerate(task.gold_plan) if a.args[:1] == (first,) and len(a.args) == 2)
        plan = list(task.gold_plan)
        plan.insert(len(plan) - 1, plan.pop(put_first))  # carry the first along, put both down at the end
        failed += wrong(task, plan, simulator)
    assert failed >= 10


def test_tasks_readme_gives_the_command_and_is_rebuilt_from_the_provenance():
    record = json.loads((SUITE / "provenance.json").read_text())
    command = generation_command("etplan-vh", record["generated"])
    assert command == "eai tasks generate etplan --scene virtualhome/446_2 --n 500 --seed 0 --out tasks/etplan-vh"
    assert f"`{command}`" in (ROOT / "tasks" / "README.md").read_text()
    assert (ROOT / "tasks" / "README.md").read_bytes() == readme(ROOT / "tasks").encode()  # licences keep their CRs
    assert [s["name"] for s in record["sources"]] == ["eai-eval"]  # the scene's licence carries over


@pytest.mark.slow
def test_the_readme_command_makes_the_committed_suite_again(tmp_path):
    record = json.loads((SUITE / "provenance.json").read_text())
    words = generation_command("etplan-vh", record["generated"]).split()[1:]
    out = tmp_path / "etplan-vh"
    result = run_eai(*words[:words.index("--out")], "--out", str(out), "--quiet", env={"PYTHONHASHSEED": "99"})
    assert result.returncode == 0, result.stderr
    assert folder_files(out) == folder_files(SUITE)


def test_stats_per_category(capsys):
    code, out, err = eai_cli(capsys, "tasks", "stats", "etplan-vh", "--json")
    assert code == 0, err
    stats = json.loads(out)
    assert sum(c["tasks"] for c in stats["by_category"].values()) == stats["tasks"] == 500
    assert stats["by_category"]["navigation"]["avg_steps"] == 1.0


def test_baselines_run_and_the_report_shows_each_category(tmp_path):
    result = run_eai("run", "--suite", "etplan-vh", "--module", "action_sequencing", "--limit", "18", "--out",
                     str(tmp_path / "run"), "--quiet")
    assert result.returncode == 0, result.stderr
    section = (tmp_path / "run" / "report.md").read_text().split("### Action sequencing by task category")[1]
    rows = [line.split(" | ") for line in section.split("###")[0].splitlines() if line.startswith("| baseline")]
    assert sorted(row[2] for row in rows) == sorted(c.name for c in CATEGORIES) and {row[3] for row in rows} == {"2"}
    summary = json.loads((tmp_path / "run" / "etplan-vh" / "action_sequencing" / "baseline_auto" / "summary.json").read_text())
    # the baseline plans the goal's "then": both held at once, then both placed
    assert summary["by_category"]["multi_two_hands"]["task_success_rate"] == 100.0
    assert summary["by_category"]["navigation"]["lcs_ratio"] == 100.0


@pytest.mark.slow
def test_run_on_fifty_tasks_with_the_baselines(tmp_path):
    result = run_eai("run", "--suite", "etplan-vh", "--limit", "50", "--out", str(tmp_path / "run"), "--quiet")
    assert result.returncode == 0, result.stderr
    report = (tmp_path / "run" / "report.md").read_text()
    assert "### Action sequencing by task category" in report


def test_eai_run_takes_the_generated_suite_only_when_named():
    chosen = default_suites(get_plugins())
    assert "virtualhome" in chosen and "etplan-vh" not in chosen
