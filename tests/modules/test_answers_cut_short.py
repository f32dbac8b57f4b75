"""What a real small model's answers showed (issue 15), on real tasks: answers
cut by the token limit are read up to their last complete item and say so;
an empty plan is its own outcome; a goal section written as one negated goal
keeps its sign."""

import json

import pytest

from eai.modules import get_module
from eai.modules.base import Env
from eai.results.responses import Response
from eai.results.scoring import score
from eai_modules.transition_modeling.gold import gold_model
from tests.adversarial import gold_answer

CLOSET = "cleaning_closet_0_Beechwood_1_int_0_2021-10-25_19-50-32"  # has `not inside(umbrella.n.01_1, cabinet.n.01_3)`


@pytest.fixture(scope="module")
def tasks(plugins):
    return {t.id: t for suite in ("virtualhome", "behavior") for t in plugins.suites.get(suite).load()}


def evaluate(plugins, module, task, text):
    mod = get_module(module)
    simulator = plugins.simulators.get(plugins.suites.get(task.suite).simulator)
    return mod.evaluate(mod.parse(text), task, Env(simulator, plugins))


def cut_inside_item(text, item):
    """``text`` cut in the middle of its ``item``-th step, written ``{"action"`` or ``"NAME": [``."""
    starts = [i for i in range(len(text)) if text.startswith(('"action"', '": ['), i)]
    return text[:starts[item] + 5]


def test_a_cut_virtualhome_plan_is_its_complete_steps(plugins, tasks):
    task = tasks["27_2"]
    answer = gold_answer(plugins, "action_sequencing", task)
    record = evaluate(plugins, "action_sequencing", task, cut_inside_item(answer, 3))
    # before: the argument list of a step was read as the plan (steps "SINK", "231": a hallucination)
    assert record["plan_length"] == 3 and record["error_type"] is None and record["executable"]
    assert record["truncated_answer"] and not record["success"]
    assert not evaluate(plugins, "action_sequencing", task, answer)["truncated_answer"]


def test_a_cut_behavior_plan_is_its_complete_steps(plugins, tasks):
    task = next(t for t in tasks.values() if t.suite == "behavior" and len(t.gold_plan) > 4)
    record = evaluate(plugins, "action_sequencing", task, cut_inside_item(gold_answer(plugins, "action_sequencing", task), 2))
    # before: the cut list became one inner dict, read as VirtualHome steps ("ACTION(LEFT_GRASP)")
    assert record["plan_length"] == 2 and record["error_type"] is None and record["truncated_answer"]


def test_a_subgoal_plan_cut_before_its_output_is_an_empty_plan_not_its_actions_to_include(plugins, tasks):
    task = tasks["27_2"]
    answer = gold_answer(plugins, "subgoal_decomposition", task)
    record = evaluate(plugins, "subgoal_decomposition", task, answer[:answer.index('"output"') + 4])
    # before: "actions_to_include": [] was read as the plan: executable, no error
    assert record["error_type"] == "empty_plan" and not record["executable"] and record["truncated_answer"]
    lines = json.loads(answer)["output"]
    record = evaluate(plugins, "subgoal_decomposition", task, answer[:answer.index(lines[2]) + 8])
    assert record["plan_length"] == 2 and record["subgoals"][1]["subgoal"] == lines[1] and record["truncated_answer"]


@pytest.mark.parametrize("module", ["action_sequencing", "subgoal_decomposition"])
def test_an_empty_plan_is_its_own_outcome(plugins, module):
    answers = [Response("27_2", '{"output": []}'), Response("417_1", "[]"),
               Response("11_1", gold_answer(plugins, module, plugins.suites.get("virtualhome").load(["11_1"])[0]))]
    result = score(plugins, "virtualhome", module, answers)
    records = {r["identifier"]: r for r in result.records}
    for task in ("27_2", "417_1"):
        assert records[task]["error_type"] == "empty_plan" and not records[task]["executable"]
        assert records[task]["error_detail"].startswith("the answer has no ")
    assert records["11_1"]["success"]
    summary = result.summary
    assert summary["empty_plan_rate"] == 66.67 and summary["execution_success_rate"] == 33.33
    assert summary["errors"]["parsing"] == 0.0  # an empty plan is read, not unreadable


def test_a_section_written_as_one_negated_goal_keeps_its_sign(plugins, tasks):
    task = tasks[CLOSET]
    for section in (["not", ["inside", "umbrella.n.01_1", "cabinet.n.01_3"]], ["inside", "jewelry.n.01_1", "cabinet.n.01_3"]):
        record = evaluate(plugins, "goal_interpretation", task, json.dumps({"node goals": [], "edge goals": section}))
        # before: "not" was a malformed goal and the literal counted positive, so wrong
        assert record["relation"] == {"matched": 1, "predicted": 1, "gold": 8}
        assert record["malformed"] == record["wrong"] == []


def test_the_half_written_last_goal_of_a_cut_answer_is_left_out(plugins, tasks):
    task = tasks[CLOSET]
    answer = gold_answer(plugins, "goal_interpretation", task)
    cut = answer[:answer.index('["not", ["inside", "umbrella') + len('["not", [')]  # issue 14: IndexError here
    record = evaluate(plugins, "goal_interpretation", task, cut)
    assert record["malformed"] == [] and record["truncated_answer"] and record["format_error"] is None
    assert record["relation"] == {"matched": 2, "predicted": 2, "gold": 8} and record["state"]["matched"] == 3


def test_a_transition_model_cut_in_its_last_operator_says_so(plugins, tasks):
    task = tasks["27_2"]
    answer = gold_answer(plugins, "transition_modeling", task)
    last = gold_model(plugins, "virtualhome").operators(task)[-1].name
    record = get_module("transition_modeling").evaluate(get_module("transition_modeling").parse(answer[:-20]), task,
                                                        Env(None, plugins, {"workers": 1}))
    assert record["truncated_answer"] and list(record["parse_errors"]) == [last]
