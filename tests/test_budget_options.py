"""``eai run``, ``eai compose`` and ``eai score`` take the same planner budget
options, and each reaches the module it is for (the real command line, the
built-in baseline and replayed answers: no network)."""

import json

import pytest

from tests.helpers import run_eai
from tests.modules.test_transition_modeling import WASH_CLOTHES
from tests.planners.test_planner_processes import slow_answer

BUDGET_OPTIONS = ("--max-nodes", "--planner-cpu-seconds", "--planner-memory-mb")


def records(folder):
    (path,) = folder.rglob("records.jsonl")
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.parametrize("command", ["run", "compose", "score"])
def test_every_command_that_plans_takes_the_budget_options(command):
    help_text = run_eai(command, "--help", env={"COLUMNS": "200"}).stdout
    assert all(option in help_text for option in BUDGET_OPTIONS)
    assert "--max-seconds" not in help_text and "--planner-seconds" not in help_text  # no wall-clock budget


def test_eai_run_gives_subgoal_decomposition_its_node_budget(tmp_path):
    done = run_eai("run", "--suite", "virtualhome", "--module", "subgoal_decomposition", "--tasks", WASH_CLOTHES,
                   "--max-nodes", "1", "--no-cache", "--quiet", "--out", str(tmp_path / "run"))
    assert done.returncode == 0, done.stderr
    (record,) = records(tmp_path / "run")
    assert record["error_type"] == "budget_exhausted" and "node limit 1 reached" in record["error_detail"]



def test_a_resumed_run_keeps_its_budget_from_run_json_and_names_a_different_one(tmp_path):
    out = tmp_path / "run"
    done = run_eai("run", "--suite", "virtualhome", "--module", "subgoal_decomposition", "--tasks", WASH_CLOTHES,
                   "--max-nodes", "1", "--no-cache", "--quiet", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert json.loads((out / "run.json").read_text())["options"]["max_nodes"] == 1
    (responses,) = out.rglob("responses.jsonl")
    responses.write_text("")  # the task is asked again on resuming
    again = run_eai("run", "--resume", "--out", str(out), "--quiet")
    assert again.returncode == 0, again.stderr
    (record,) = records(out)
    assert record["error_type"] == "budget_exhausted" and "node limit 1 reached" in record["error_detail"]
    other = run_eai("run", "--resume", "--out", str(out), "--max-nodes", "2")
    assert other.returncode == 2 and other.stderr == (
        f"error: --max-nodes differs from the run in {out}: it was started with 1, not 2 "
        "(leave --max-nodes out to keep the run's)\n")


@pytest.mark.slow
def test_eai_compose_gives_the_planner_stage_its_node_budget(tmp_path):
    outcomes = []
    for name, extra in [("default", []), ("one", ["--max-nodes", "1"])]:
        done = run_eai("compose", "planner", "--suite", "virtualhome", "--tasks", WASH_CLOTHES, "--no-cache", "--quiet",
                       "--out", str(tmp_path / name), *extra)
        assert done.returncode == 0, done.stderr
        (record,) = records(tmp_path / name)
        outcomes.append((record["success"], record["plan_length"]))
    assert outcomes[0][0] and outcomes[1] == (False, 0)  # one state per search reaches nothing


@pytest.mark.slow
def test_eai_run_gives_transition_modeling_its_cpu_budget(tmp_path):
    answers = tmp_path / "answers.json"
    answers.write_text(json.dumps([{"identifier": WASH_CLOTHES, "llm_output": slow_answer()}]))
    done = run_eai("run", "--model", f"replay:{answers}", "--suite", "virtualhome", "--module", "transition_modeling",
                   "--tasks", WASH_CLOTHES, "--planner-cpu-seconds", "0.5", "--no-cache", "--quiet",
                   "--out", str(tmp_path / "run"))
    assert done.returncode == 0, done.stderr
    (record,) = records(tmp_path / "run")
    assert record["planner"] == {"outcome": "budget_exhausted", "detail": "CPU time limit", "plan_length": 0}
