"""A real small model's habitat answers, read as a careful reader would (issue
30, items 18 and 19): a restated initial state is no subgoal plan, and the
prompts' format examples are another house's, so that a copied example
answers no task; a copied example is recorded as such. Probe answers are
response files, scored as ``eai score`` reads them."""

import json

import pytest

from eai.base import jsonl
from eai.host.manager import get_plugins
from eai.results.responses import read_responses
from eai.results.scoring import score
from eai_alfred.subgoal_decomposition_prompt import EXAMPLE_ANSWER
from eai_habitat import action_sequencing_prompt, describe, goal_interpretation_prompt, subgoal_decomposition_prompt

PROMPTS = {"goal_interpretation": goal_interpretation_prompt, "subgoal_decomposition": subgoal_decomposition_prompt,
           "action_sequencing": action_sequencing_prompt}
# the examples the prompts showed before: each answered (part of) the tasks asked
OLD_EXAMPLES = {
    "goal_interpretation": '{"node goals": [["not_holding", "robot_0"]], "edge goals": [["on_top", "apple_1", "sofa"]]}',
    "subgoal_decomposition": '{"output": ["robot_at(sofa)", "holding(apple_1)", "robot_at(sink)", '
                             '"on_top(apple_1, sink) and not_holding(robot_0)"]}',
    "action_sequencing": '[{"action": "NAV", "object": "sofa"}, {"action": "PICK", "object": "apple_1"}, '
                         '{"action": "NAV", "object": "sink"}, {"action": "PLACE", "object": "sink"}]',
}


def probe(tmp_path, answers):
    """A responses file of ``{task id: answer}``, read back as ``eai score`` reads it."""
    path = tmp_path / "responses.jsonl"
    path.write_text("".join(jsonl.dumps({"identifier": i, "llm_output": text}) for i, text in answers.items()))
    return read_responses(path)


def test_base_000_a_restated_initial_state_is_a_parsing_error_not_a_plan(tmp_path):
    plugins = get_plugins()
    first, second = ("\n".join(describe.initial_state(task)) for task in plugins.suites.get("eb-habitat").load(
        ["base_000", "base_001"]))
    restated = (f"To solve this task, let's first look at the initial state of the environment.\n\n"
                f"The initial state is:\n{first}\n\nThe padlock is on the sofa and the wrench on the black table, so "
                "the robot has to swap them.")
    with_plan = (f"Let me list what holds first.\n{second}\nThen the robot does this:\nrobot_at(sofa)\n"
                 "holding(padlock_1)\nrobot_at(black_table)\non_top(padlock_1, black_table) and not_holding(robot_0)")
    records = score(plugins, "eb-habitat", "subgoal_decomposition",
                    probe(tmp_path, {"base_000": restated, "base_001": with_plan})).records
    # before: the state's 44 lines were read as the plan, a hallucination (part_of is no primitive)
    assert [r["error_type"] for r in records] == ["parsing", "parsing"]
    assert "restate the state given" in records[0]["error_detail"]
    assert "scattered through prose" in records[1]["error_detail"]
    assert [r["plan_length"] for r in records] == [0, 0]


@pytest.mark.parametrize("suite", ["eb-habitat", "langr"])
def test_a_copied_format_example_answers_no_task_and_is_recorded_as_the_example(tmp_path, suite):
    plugins = get_plugins()
    ids = plugins.suites.get(suite).ids()
    for module, prompt in PROMPTS.items():
        task = plugins.suites.get(suite).load(ids[:1])[0]
        assert prompt.EXAMPLE in plugins.simulators.get("habitat").prompt(module, task)
        result = score(plugins, suite, module, probe(tmp_path, {i: prompt.EXAMPLE for i in ids}))
        assert all(r["prompt_example"] for r in result.records)
        if module == "goal_interpretation":
            assert result.summary["overall"]["f1"] == 0.0  # before: 43-45
        else:
            assert result.summary["execution_success_rate"] == 0.0  # before: about 15% (action sequencing)
            assert result.summary["errors"]["hallucination"] == 100.0
        before = score(plugins, suite, module, probe(tmp_path, {i: OLD_EXAMPLES[module] for i in ids[:20]}))
        assert not any("prompt_example" in r for r in before.records)


def test_eb_alfred_subgoal_example_copied_is_recorded_as_the_example(tmp_path):
    plugins = get_plugins()
    tasks = plugins.suites.get("eb-alfred").load(["base_0", "long_horizon_0"])
    answers = {"base_0": EXAMPLE_ANSWER, "long_horizon_0": json.dumps({"output": json.loads(EXAMPLE_ANSWER)["output"][:3]})}
    assert EXAMPLE_ANSWER in plugins.simulators.get("alfred").prompt("subgoal_decomposition", tasks[0])
    records = score(plugins, "eb-alfred", "subgoal_decomposition", probe(tmp_path, answers)).records
    assert [r.get("prompt_example") for r in records] == [True, None]
