"""A real small model's habitat answers, read as a careful reader would (issue
30, item 18): a restated initial state is no subgoal plan. Probe answers are
response files, scored as ``eai score`` reads them."""

from eai import jsonl
from eai.plugins import get_plugins
from eai.responses import read_responses
from eai.scoring import score
from eai_habitat import describe


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
