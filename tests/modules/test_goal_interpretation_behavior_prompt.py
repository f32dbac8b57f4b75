"""The BEHAVIOR goal-interpretation prompt, filled from the real activities."""

import pytest

from eai.host.manager import get_plugins
from eai_behavior.goal_interpretation_prompt import RELATION_NAMES, STATE_SET

GIFT_BASKETS = "assembling_gift_baskets_0_Beechwood_0_int_0_2021-10-26_12-46-37"


def goal_interpretation_prompt(task):
    return get_plugins().simulators.get("behavior").prompt("goal_interpretation", task)


@pytest.fixture(scope="module")
def tasks():
    return {task.id: task for task in get_plugins().suites.get("behavior").load()}


def test_prompt_lists_objects_initial_conditions_and_the_instruction(tasks):
    text = goal_interpretation_prompt(tasks[GIFT_BASKETS])
    lines = text.splitlines()
    assert "basket.n.01_1: ['Open', 'Dusty', 'Stained']" in lines
    assert "['onfloor', 'basket.n.01_1', 'floor.n.01_1']" in lines
    assert "['onfloor', 'agent.n.01_1', 'floor.n.01_1']" in lines
    assert '    "Task Name": "assembling_gift_baskets",' in lines
    assert '    "Goal Instructions": "Put one candle, one cheese, one cookie, and one bow into each basket."' in lines
    assert 'which comes from the set {"NextTo", "Inside", "OnFloor", "OnTop", "Under"}' in text
    assert text.endswith('{"node goals": SYMBOLIC_NODE_GOALS, "edge goals": SYMBOLIC_EDGE_GOALS}. '
                         "Also, please strictly follow the aforementioned symbolic goal format.")
    assert text == goal_interpretation_prompt(tasks[GIFT_BASKETS])


def test_every_gold_predicate_is_offered(tasks):
    states = {name.strip('" ').lower() for name in STATE_SET[1:-1].split(",")}
    offered = states | {name.lower() for name in RELATION_NAMES}
    used = {lit.atom[0] for task in tasks.values() for lit in task.goal.state + task.goal.relation}
    assert used <= offered


def test_every_relevant_object_is_listed(tasks):
    for task in tasks.values():
        lines = goal_interpretation_prompt(task).splitlines()
        assert all(any(line.startswith(f"{oid}: [") for line in lines) for oid in task.relevant), task.id
