"""LCS and plan length of action sequencing (ET-Plan-Bench's sequence metrics) on real tasks."""

from itertools import combinations

import pytest
from hypothesis import given, strategies as st

from eai.host.manager import get_plugins
from eai.modules.plans.similarity import LENGTH_CAP, lcs_length
from eai.results.responses import Response
from eai.results.scoring import score
from tests.helpers import upstream_output


@pytest.fixture(scope="module")
def wash_clothes():
    [task] = get_plugins().suites.get("virtualhome").load(["27_2"])
    return [[a.name, *a.args] for a in task.gold_plan]


def scored(plans):
    responses = [Response(task_id, upstream_output(plan)) for task_id, plan in plans.items()]
    return score(get_plugins(), "virtualhome", "action_sequencing", responses, task_ids=list(plans))


def test_the_gold_plan_matches_itself(wash_clothes):
    [record] = scored({"27_2": wash_clothes}).records
    assert (record["lcs"], record["lcs_ratio"], record["length"]) == (14, 1.0, 14)


def test_a_plan_shorter_than_the_gold_plan_scores_its_share_not_one(wash_clothes):
    # upstream set the ratio to 1.0 whenever the gold plan was the longer one
    [record] = scored({"27_2": wash_clothes[:7]}).records
    assert not record["success"] and record["lcs"] == 7
    assert record["lcs_ratio"] == 0.5 and record["length"] == LENGTH_CAP


def test_steps_compare_by_object_class(wash_clothes):
    plan = [list(step) for step in wash_clothes]
    plan[0] = ["WALK", "bathroom.1"]  # another room: another class, one step less in common
    record = scored({"27_2": plan}).records[0]
    assert record["success"] and record["lcs"] == 13
    plan[1] = ["WALK", "basket_for_clothes.2000"]  # the other basket: the same step
    record = scored({"27_2": plan}).records[0]
    assert record["success"] and record["lcs"] == 13
    del plan[6]  # no GRAB: the PUTBACK of the soap fails
    record = scored({"27_2": plan}).records[0]
    assert record["error_step"] == 7 and record["lcs"] == 6  # the 7 executed steps but the room


def test_an_unparsable_answer_shares_nothing_and_counts_the_cap():
    records = score(get_plugins(), "virtualhome", "action_sequencing", [Response("27_2", "no plan")],
                    task_ids=["27_2"]).records
    assert (records[0]["lcs"], records[0]["lcs_ratio"], records[0]["length"]) == (0, 0.0, LENGTH_CAP)


def test_summary_means_over_the_scored_tasks(wash_clothes):
    summary = scored({"27_2": wash_clothes, "417_1": []}).summary
    assert summary["lcs_ratio"] == 50.0  # mean of 1.0 and 0.0, in percent
    assert summary["length"] == (14 + LENGTH_CAP) / 2
    assert "by_category" not in summary  # benchmark tasks have no category


def test_a_long_gold_plan_raises_the_cap():
    [record] = scored({"826_1": []}).records  # the longest gold plan: 54 steps
    assert record["length"] == 2 * 54 > LENGTH_CAP


def brute_force_lcs(a, b):
    for size in range(min(len(a), len(b)), 0, -1):
        subsequences = set(combinations(a, size))
        if any(sub in subsequences for sub in combinations(b, size)):
            return size
    return 0


@given(st.lists(st.sampled_from("abc"), max_size=7), st.lists(st.sampled_from("abc"), max_size=7))
def test_lcs_is_the_longest_common_subsequence(a, b):
    assert lcs_length(a, b) == brute_force_lcs(a, b) == lcs_length(b, a)
