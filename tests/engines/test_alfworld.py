"""ALFWorld's TextWorld engine behind the environment protocol, on the real EB-ALFRED tasks (extra ``alfworld``)."""

from collections import Counter

import pytest

from eai.host.manager import get_plugins
from eai.simulation.environment import SymbolicProvider, Unbuildable
from eai.simulation.worldcheck import check_world
from eai.testing.environment import EnvironmentConformance
from eai_alfworld.engine import data
from eai_alfworld.environment import AlfworldProvider
from eai_alfworld.game import build
from tests.engines.conftest import needs_alfworld

pytestmark = needs_alfworld


def tasks(*ids):
    return get_plugins().suites.get("eb-alfred").load(list(ids))


def simulator():
    return get_plugins().simulators.get("alfred")


def test_each_task_is_built_or_refused_with_its_reason():
    counts = Counter()
    for task in get_plugins().suites.get("eb-alfred").load():
        try:
            build(task, data())
            counts["built"] += 1
        except Unbuildable as why:
            counts[why.reason] += 1
    assert counts == {"built": 196, "movable receptacle": 53, "free-standing": 51}


def test_a_look_at_task_needs_its_lamp_which_eai_keeps_free_standing():
    [task] = tasks("base_6")
    why = AlfworldProvider().unbuildable(task)
    assert task.name == "look_at_obj_in_light" and why.reason == "free-standing" and "Lamp" in why.detail


@pytest.mark.parametrize("task_id", ["base_0", "base_22", "long_horizon_1", "long_horizon_23"])
def test_gold_plans_play_in_alfworld_state_by_state_as_in_eai_world(task_id):
    """Cleaning, heating (in a microwave turned on) and cooling (in a fridge closed) slices: the
    sliced object stands for the slice picked up, the other slice stays where it was cut."""
    [task] = tasks(task_id)
    with SymbolicProvider(simulator()).open() as ours, AlfworldProvider().open() as theirs:
        assert ours.reset(task).atoms == theirs.reset(task).atoms
        for action in task.gold_plan:
            mine, engine = ours.step(action), theirs.step(action)
            assert (engine.success, engine.atoms) == (mine.success, mine.atoms), action
    assert engine.goal_reached and mine.goal_reached


def test_a_faucet_turned_on_cleans_what_is_in_its_sink_with_alfworlds_clean():
    [task] = tasks("base_0")
    with AlfworldProvider().open() as env:
        env.reset(task)
        said = [env.step(action).feedback for action in task.gold_plan[:5]]
    assert said[4] == ("Last action executed successfully. You pick up the ladle_2 from the sink. "
                       "You clean the ladle_2 using the sink. You move the ladle_2 to the sink.")


def test_alfworld_refuses_the_knife_where_alfreds_plan_puts_it_and_changes_nothing():
    [task] = tasks("long_horizon_5")
    with AlfworldProvider().open() as env:
        env.reset(task)
        results = [env.step(action) for action in task.gold_plan[:7]]
    assert all(r.success for r in results[:6]) and not results[6].success
    assert results[6].feedback == "Last action is invalid. ALFWorld refused 'move Knife to Fridge': Nothing happens."
    assert results[6].atoms == results[5].atoms


def test_check_world_explains_the_knife_by_alfworlds_container_table():
    check = check_world(AlfworldProvider(), simulator(), "eb-alfred", tasks("base_0", "long_horizon_5", "base_1"), ("gold",))
    assert [(o.task, o.agree, o.reason) for o in check.outcomes] == [("base_0", True, ""),
                                                                     ("long_horizon_5", False, "container table")]
    assert check.unbuildable["base_1"][0] == "movable receptacle"


def test_base_41_picking_up_the_sponge_already_held_is_an_additional_step_in_both():
    """The gold plan with its fifth step (PUT_DOWN at the sink) dropped picks the sponge up again."""
    check = check_world(AlfworldProvider(), simulator(), "eb-alfred", tasks("base_41"), ("drop",))
    [outcome] = check.outcomes
    assert outcome.agree, outcome


def test_long_horizon_6_slicing_beside_the_knife_picked_up_is_explained_by_reach_after_pick_up():
    """ALFWorld's agent stays at the counter it took the butter knife from and slices the bread there;
    eai's world reaches from the knife, in hand, and needs FIND(Bread) first."""
    check = check_world(AlfworldProvider(), simulator(), "eb-alfred", tasks("long_horizon_6"), ("swap",))
    [outcome] = check.outcomes
    assert (outcome.agree, outcome.action, outcome.reason) == (False, "SLICE(Bread)", "reach after pick-up")


def test_a_step_the_game_leaves_out_is_refused_in_ebs_words():
    [task] = tasks("base_0")
    left_out = next(o for o in build(task, data()).left_out if task.object_by_id[o].class_name == "Apple")
    with AlfworldProvider().open() as env:
        start = env.reset(task).atoms
        result = env.step(type(task.gold_plan[0])("FIND", (left_out,)))
    assert not result.success and "leaves it out" in result.feedback and result.atoms == start


@pytest.mark.slow
class TestAlfworldConformance(EnvironmentConformance):
    """The kit on a task of each type whose gold plan ALFWorld carries out (docs/engines.md)."""

    @pytest.fixture
    def provider(self):
        return AlfworldProvider()

    @pytest.fixture
    def tasks(self):
        return tasks("base_0", "base_2", "base_3", "long_horizon_1", "long_horizon_23")
