"""eai.base.spread over forked workers, and scoring that gives the same records whatever the worker count."""

import json
import os

import pytest

from eai.base.spread import spread
from eai.host.manager import get_plugins
from eai.results.responses import Response
from eai.results.scoring import score
from eai_modules.subgoal_decomposition import goal_subgoal_plan
from tests.helpers import upstream_output


def test_results_come_in_order_from_other_processes():
    done = []
    assert spread(lambda i: i * i, 50, 2, lambda n, total: done.append((n, total))) == [i * i for i in range(50)]
    assert done == [(n, 50) for n in range(1, 51)]
    assert set(spread(lambda i: os.getpid(), 20, 2)) - {os.getpid()}  # forked workers did the work
    assert spread(lambda i: os.getpid(), 3, 1) == [os.getpid()] * 3


def test_an_error_in_a_worker_is_raised_as_without_workers():
    with pytest.raises(ZeroDivisionError):
        spread(lambda i: 1 / (i - 7), 10, 2)


@pytest.mark.parametrize("suite, module", [("virtualhome", "action_sequencing"), ("behavior", "subgoal_decomposition")])
def test_the_same_records_with_one_or_two_workers(suite, module):
    plugins = get_plugins()
    tasks = plugins.suites.get(suite).load()[:12]
    if module == "action_sequencing":  # gold plans, half of them cut short (failures, missing steps)
        plans = [[[a.name, *a.args] for a in t.gold_plan] for t in tasks]
        responses = [Response(t.id, upstream_output(p if i % 2 else p[:-2])) for i, (t, p) in enumerate(zip(tasks, plans))]
    else:  # goal-derived plans (some fail), and an empty answer
        simulator = plugins.simulators.get(suite)
        responses = [Response(t.id, json.dumps({"output": goal_subgoal_plan(t, simulator)}) if i else "")
                     for i, t in enumerate(tasks)]
    one, two = (score(plugins, suite, module, responses, {"workers": w}) for w in (1, 2))
    assert one.records == two.records and one.summary == two.summary
