"""Answers the provider cut at its token limit, as a real small model wrote
them (issue 30, item 17): the probe answers are response files with the
call's finish reason, scored as ``eai score`` reads them. A cut answer is
truncated and its last incomplete item left out; a plan that repeats a cycle
of steps up to the cut says so, and its success does not depend on where the
cut fell."""

import json

from hypothesis import given, strategies as st

from eai.base import jsonl
from eai.modules.repetition import MIN_PASSES, tail_loop
from eai.results.responses import read_responses
from eai.results.scoring import score
from eai_alfred.actions import action_list

# eb-alfred long_horizon_0, "Warming up an apple slice and put it in a garbagecan.", in EB-ALFRED's words
HEAD = ["find a Knife_2", "pick up the Knife", "find a Apple_3", "slice the Apple", "find a GarbageCan",
        "put down the object in hand"]
HEAT = ["pick up the Apple", "find a Microwave", "open the Microwave", "put down the object in hand", "close the Microwave",
        "turn on the Microwave", "turn off the Microwave", "open the Microwave", "pick up the Apple", "close the Microwave",
        "find a GarbageCan", "put down the object in hand"]
# the same task as subgoals; each pass takes the slice out of the garbage can again
SUBGOAL_HEAD = ["holds(Knife_2)", "is_sliced(Apple_3)"]
SUBGOAL_LOOP = ["holds(AppleSliced_5)", "is_open(Microwave)", "in_receptacle(AppleSliced_5, Microwave)",
                "not is_open(Microwave)", "is_hot(AppleSliced_5)", "holds(AppleSliced_5)",
                "in_receptacle(AppleSliced_5, GarbageCan)"]


def probe(tmp_path, name, task_id, text, finish_reason="length"):
    """A responses file of one answer, logged as ``eai run`` logs it (its call's finish reason), read back."""
    path = tmp_path / f"{name}.jsonl"
    calls = [{"stage": "probe", "prompt_tokens": 900, "completion_tokens": 2048, "finish_reason": finish_reason}]
    path.write_text(jsonl.dumps({"identifier": task_id, "llm_output": text, "calls": calls if finish_reason else []}))
    return read_responses(path)


def scored(plugins, tmp_path, suite, module, task_id, text, finish_reason="length"):
    [record] = score(plugins, suite, module, probe(tmp_path, "answer", task_id, text, finish_reason)).records
    return record


def eb_plan(plugins, steps):
    """An EB-ALFRED answer for long_horizon_0: each step with its action id in the prompt's action list."""
    simulator = plugins.simulators.get("alfred")
    names = action_list(plugins.suites.get("eb-alfred").load(["long_horizon_0"])[0], simulator.skills())
    return json.dumps({"reasoning_and_reflection": "Slice the apple, heat a slice in the microwave, then bin it.",
                       "executable_plan": [{"action_id": names.index(s), "action_name": s} for s in steps]})


def cut_inside(text, marker, item):
    """``text`` cut a few characters into its ``item``-th ``marker`` (0-based), as a token limit cuts it."""
    starts = [i for i in range(len(text)) if text.startswith(marker, i)]
    return text[:starts[item] + len(marker) + 3]


def test_long_horizon_0_a_cut_repeating_action_plan_fails_wherever_the_cap_fell(plugins, tmp_path):
    answer = eb_plan(plugins, HEAD + HEAT * 30)  # about as long as 2048 tokens of it
    records = [scored(plugins, tmp_path, "eb-alfred", "action_sequencing", "long_horizon_0",
                      cut_inside(answer, '{"action_id"', step)) for step in range(200, 200 + len(HEAT))]
    # as cut, the final state meets the goal at some cuts and not at others: the cap decided
    assert any(not r["unmet_goals"] for r in records) and any(r["unmet_goals"] for r in records)
    for step, record in enumerate(records, 200):
        assert record["truncated_answer"] and record["executable"] and record["plan_length"] == step
        # HEAD ends as a pass does (find the garbage can, put down): the loop starts there
        assert record["repetition_loop"] == {"start": 4, "period": 12, "passes": round((step - 4) / 12, 2),
                                             "goal_held": "sometimes"}
        assert not record["success"]  # the same verdict wherever the cap fell


def test_long_horizon_0_a_cut_repeating_subgoal_plan_fails_wherever_the_cap_fell(plugins, tmp_path):
    answer = json.dumps({"output": SUBGOAL_HEAD + SUBGOAL_LOOP * 12})
    records = [scored(plugins, tmp_path, "eb-alfred", "subgoal_decomposition", "long_horizon_0",
                      cut_inside(answer, '", "', line)) for line in range(60, 60 + len(SUBGOAL_LOOP))]
    assert any(not r["unmet_goals"] for r in records) and any(r["unmet_goals"] for r in records)
    for record in records:
        assert record["truncated_answer"] and record["executable"] and not record["success"]
        assert record["repetition_loop"]["start"] == 2 and record["repetition_loop"]["period"] == 7
        assert record["repetition_loop"]["goal_held"] == "sometimes"


def test_long_horizon_0_a_loop_that_keeps_the_goal_succeeds_wherever_the_cap_fell(plugins, tmp_path):
    answer = eb_plan(plugins, HEAD + HEAT + ["find a Microwave", "find a GarbageCan"] * 60)
    for step in range(40, 44):
        record = scored(plugins, tmp_path, "eb-alfred", "action_sequencing", "long_horizon_0",
                        cut_inside(answer, '{"action_id"', step))
        assert record["success"] and record["repetition_loop"]["goal_held"] == "always"
        assert record["repetition_loop"]["start"] == len(HEAD + HEAT)


def test_long_horizon_0_a_plan_not_cut_is_read_as_written(plugins, tmp_path):
    record = scored(plugins, tmp_path, "eb-alfred", "action_sequencing", "long_horizon_0",
                    eb_plan(plugins, HEAD + HEAT * 4), finish_reason="stop")
    assert record["success"] and not record["truncated_answer"] and "repetition_loop" not in record


def test_long_horizon_0_a_whole_plan_then_prose_cut_by_the_provider_is_truncated(plugins, tmp_path):
    answer = eb_plan(plugins, HEAD + HEAT) + "\n\nExplanation: first the robot finds the knife and"
    record = scored(plugins, tmp_path, "eb-alfred", "action_sequencing", "long_horizon_0", answer)
    # before: the JSON is complete, so the answer read as whole although the server cut it
    assert record["truncated_answer"] and record["success"] and record["plan_length"] == len(HEAD + HEAT)
    assert not scored(plugins, tmp_path, "eb-alfred", "action_sequencing", "long_horizon_0", answer,
                      finish_reason="stop")["truncated_answer"]


def test_27_2_a_program_line_the_cut_fell_inside_is_left_out(plugins, tmp_path):
    task = plugins.suites.get("virtualhome").load(["27_2"])[0]
    lines = [f"[{a.name}] " + " ".join(f"<{arg.rsplit('.', 1)[0]}> (1.{arg.rsplit('.', 1)[1]})" for arg in a.args)
             for a in task.gold_plan[:9]]
    text = "\n".join(lines)
    answer = text[:text.rindex("<washing_machine>")]  # the cut fell before PUTBACK's second object
    record = scored(plugins, tmp_path, "virtualhome", "action_sequencing", "27_2", answer)
    assert record["truncated_answer"] and record["plan_length"] == 8 and record["executable"]
    unread = scored(plugins, tmp_path, "virtualhome", "action_sequencing", "27_2", answer, finish_reason=None)
    assert unread["error_type"] == "arity" and unread["error_step"] == 8  # the half-written step, read whole


def primitive(cycle):
    """Whether ``cycle`` is no shorter cycle repeated."""
    return all(cycle != cycle[k:] + cycle[:k] for k in range(1, len(cycle)))


@given(st.lists(st.integers(0, 3), max_size=12), st.lists(st.integers(0, 3), min_size=1, max_size=6).filter(primitive),
       st.integers(0, 5), st.data())
def test_a_loop_is_found_where_it_starts_wherever_its_items_end(head, cycle, more, data):
    """Whatever comes before the loop, the cap (how many passes, where in a pass) never moves where the loop starts."""
    extra = data.draw(st.integers(0, len(cycle) - 1))
    first = tail_loop(head + cycle * MIN_PASSES)
    assert first is not None and first.period == len(cycle) and first.start <= len(head)
    later = tail_loop(head + cycle * (MIN_PASSES + more) + cycle[:extra])
    assert (later.start, later.period) == (first.start, first.period)


def test_two_passes_are_no_loop():
    assert tail_loop([9, 8, 7] + [1, 2, 3] * (MIN_PASSES - 1)) is None
    assert tail_loop([9, 8, 7] + [1, 2, 3] * MIN_PASSES).start == 3
