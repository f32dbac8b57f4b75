"""A task whose scoring raises (a defect of eai, injected here into one task's
parse or evaluation) gets an ``internal_error`` record and the other tasks are
scored: in ``eai score``, in ``eai run`` and its resume, in pipelines and in
episodes with replanning. Real tasks, real baseline answers."""

import asyncio
import json

import pytest

from eai.base import jsonl
from eai.modules import MODULES
from eai.results.responses import Response
from eai.results.scoring import score
from eai.runner.run import RunConfig, run
from eai_modules.action_sequencing import ActionSequencing
from eai_modules.goal_interpretation import GoalInterpretation
from tests.helpers import upstream_output

TASKS = ["27_2", "417_1", "11_1"]


class BrittleActions(ActionSequencing):
    """Action sequencing with two defects: reading an answer that mentions
    ``bad_text`` raises, and evaluating task ``bad_task`` raises."""

    def __init__(self, bad_text: str = "", bad_task: str = "") -> None:
        self.bad_text, self.bad_task = bad_text, bad_task

    def parse(self, text, cut=False):
        if self.bad_text and self.bad_text in text:
            raise ValueError("a parser defect")
        return super().parse(text, cut)

    def evaluate(self, parsed, task, env):
        if task.id == self.bad_task:
            raise KeyError("an evaluator defect")
        return super().evaluate(parsed, task, env)


class BrittleGoals(GoalInterpretation):
    """Goal interpretation whose parser raises on an answer mentioning ``soap.1002`` (task 27_2's)."""

    def parse(self, text, cut=False):
        if "soap.1002" in text:
            raise IndexError("a parser defect")
        return super().parse(text, cut)


@pytest.fixture
def gold(plugins):
    tasks = plugins.suites.get("virtualhome").load(TASKS)
    return {t.id: upstream_output([[a.name, *a.args] for a in t.gold_plan]) for t in tasks}


def test_eai_score_records_the_failing_tasks_and_scores_the_others(plugins, gold, monkeypatch):
    soap = '"soap", "1002"'
    assert [i for i, text in gold.items() if soap in text] == ["27_2"]
    monkeypatch.setitem(MODULES, "action_sequencing", BrittleActions(bad_text=soap, bad_task="417_1"))
    result = score(plugins, "virtualhome", "action_sequencing", [Response(i, text) for i, text in gold.items()])
    records = {r["identifier"]: r for r in result.records}
    assert list(records) == TASKS  # the suite's order, none lost
    assert records["27_2"] == {"identifier": "27_2", "error_type": "internal_error",
                               "error_detail": "ValueError: a parser defect"}
    assert records["417_1"]["error_detail"] == "KeyError: 'an evaluator defect'"
    assert records["11_1"]["success"]
    summary = result.summary
    assert (summary["n"], summary["internal_errors"], summary["task_success_rate"]) == (1, 2, 100.0)


def run_unit(plugins, tmp_path, **options):
    """Records by task, summary and folder of one unit run with the baselines."""
    config = RunConfig(suites=["virtualhome"], models=["baseline:auto"], out=tmp_path / "run", task_ids=TASKS, **options)
    (folder,) = asyncio.run(run(config, plugins))
    records = {r["identifier"]: r for _, r in jsonl.read(folder / "records.jsonl")}
    return records, json.loads((folder / "summary.json").read_text()), folder


@pytest.mark.parametrize("replan", [0, 1])
def test_eai_run_and_its_resume_record_the_failing_task(plugins, tmp_path, monkeypatch, replan):
    monkeypatch.setitem(MODULES, "action_sequencing", BrittleActions(bad_task="417_1"))
    records, summary, _ = run_unit(plugins, tmp_path, modules=["action_sequencing"], replan=replan)
    assert records["417_1"]["error_type"] == "internal_error" and "evaluator defect" in records["417_1"]["error_detail"]
    assert records["27_2"]["success"] and summary["n"] == 2 and summary["internal_errors"] == 1
    if replan:  # not replanned: the failure is eai's, not the model's
        assert records["417_1"]["attempts"] == [{"success": False, "error_type": "internal_error"}]
    again, _, _ = run_unit(plugins, tmp_path, modules=["action_sequencing"], replan=replan, resume=True)
    assert again == records


def test_a_pipeline_whose_interpreting_stage_fails_on_one_task_goes_on(plugins, tmp_path, monkeypatch):
    monkeypatch.setitem(MODULES, "goal_interpretation", BrittleGoals())
    records, summary, folder = run_unit(plugins, tmp_path, modules=["goal_interpretation+action_sequencing"])
    assert records["27_2"]["error_type"] == "internal_error" and "IndexError" in records["27_2"]["error_detail"]
    assert {"error_type", "error_detail", "identifier", "attempts", "usage"} == set(records["27_2"])
    assert "executable" in records["417_1"] and summary["internal_errors"] == 1 and summary["n"] == 2
    log = [item for _, item in jsonl.read(folder / "responses.jsonl")]
    answered = {item["identifier"]: item["stages"] for item in log}
    assert "soap.1002" in answered["27_2"]["goal_interpretation"]  # the answer that broke it is kept
