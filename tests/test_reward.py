"""``eai.reward`` (docs/api.md, "Rewards"): the simulators as a verifier, on the committed suites.
Each module's gold answer (``AbilityModule.gold_answer``) gets 1.0, a broken one 0.0 with its error
class, goal interpretation partial credit by F1, and the verdict is the record ``eai score`` writes."""

import json

import pytest

import eai
from eai.host.manager import get_plugins
from eai.modules import get_module
from eai.modules.base import Env

MODULES = ["goal_interpretation", "subgoal_decomposition", "action_sequencing", "transition_modeling"]


def gold(suite, module, task):
    plugins = get_plugins()
    simulator = plugins.simulators.get(plugins.suites.get(suite).simulator)
    return get_module(module).gold_answer(task, Env(simulator, plugins, {}))


@pytest.mark.parametrize("suite", ["virtualhome", "behavior"])
@pytest.mark.parametrize("module", MODULES)
def test_the_gold_answer_of_each_module_gets_reward_1_and_an_empty_one_0(suite, module):
    tasks = eai.load_suite(suite)
    for task in (tasks[0], tasks[2]):
        judged = eai.reward(suite, module, task.id, gold(suite, module, task))
        assert judged.value == 1.0, (task.id, judged.verdict)
        assert judged.verdict["identifier"] == task.id and "usage" not in judged.verdict
        assert eai.reward(suite, module, task.id, "").value == 0.0


def test_a_gold_goal_its_planner_cannot_reach_by_subgoals_gets_0_the_verifier_does_not_pass_gold_blindly():
    task = eai.load_suite("behavior")[1]  # bottling_fruit: the goal-derived subgoals fail (84 of 100 succeed)
    judged = eai.reward("behavior", "subgoal_decomposition", task.id, gold("behavior", "subgoal_decomposition", task))
    assert judged.value == 0.0 and judged.verdict["success"] is False


def test_a_plan_missing_its_first_step_gets_0_and_says_why_as_eai_score_does():
    task = eai.load_suite("virtualhome", ["417_1"])[0]
    answer = json.dumps([[a.name, *a.args] for a in task.gold_plan[1:]])
    judged = eai.reward("virtualhome", "action_sequencing", "417_1", answer)
    scored = eai.score("virtualhome", "action_sequencing", {"417_1": answer}).records[0]
    assert judged.value == 0.0 and judged.verdict["success"] is False
    assert judged.verdict == {k: v for k, v in scored.items() if k != "usage"}
    assert judged.verdict["error_type"] == "missing_step"  # its first step, FIND, left out


def test_goal_interpretation_gets_partial_credit_its_f1_computed_here():
    task = eai.load_suite("virtualhome", ["27_2"])[0]
    state, relation = len(task.goal.state), len(task.goal.relation)
    nodes_only = json.loads(gold("virtualhome", "goal_interpretation", task)) | {"edge goals": []}
    judged = eai.reward("virtualhome", "goal_interpretation", "27_2", json.dumps(nodes_only))
    # state goals all right, relation goals all missed: precision 1, recall state / (state + relation)
    recall = state / (state + relation)
    assert judged.value == pytest.approx(2 * recall / (1 + recall), abs=1e-4)
    assert 0 < judged.value < 1


def test_a_task_the_suite_lacks_is_one_line():
    with pytest.raises(eai.EaiError, match=r"^suite 'virtualhome' has no task 'nope' that module "
                                           r"'action_sequencing' evaluates$"):
        eai.reward("virtualhome", "action_sequencing", "nope", "[]")
