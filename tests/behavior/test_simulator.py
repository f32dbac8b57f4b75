"""The registered simulator: vocabulary, worlds, the action-sequencing and subgoal-decomposition prompts."""

import os
import re
import subprocess
import sys

import pytest

from eai.exceptions import EaiError
from eai.host.manager import get_plugins
from eai_behavior.rules import RULES
from eai_behavior.vocabulary import ACTIONS

PROMPT_ACTIONS = (
    "LEFT_GRASP RIGHT_GRASP LEFT_PLACE_ONTOP RIGHT_PLACE_ONTOP LEFT_PLACE_INSIDE RIGHT_PLACE_INSIDE RIGHT_RELEASE "
    "LEFT_RELEASE OPEN CLOSE COOK CLEAN FREEZE UNFREEZE SLICE SOAK DRY TOGGLE_ON TOGGLE_OFF LEFT_PLACE_NEXTTO "
    "RIGHT_PLACE_NEXTTO LEFT_TRANSFER_CONTENTS_INSIDE RIGHT_TRANSFER_CONTENTS_INSIDE LEFT_TRANSFER_CONTENTS_ONTOP "
    "RIGHT_TRANSFER_CONTENTS_ONTOP LEFT_PLACE_NEXTTO_ONTOP RIGHT_PLACE_NEXTTO_ONTOP LEFT_PLACE_UNDER RIGHT_PLACE_UNDER"
).split()


@pytest.fixture
def simulator():
    return get_plugins().simulators.get("behavior")


def test_vocabulary_is_the_papers_thirty_actions(simulator, activities):
    actions = simulator.vocabulary.actions
    assert len(actions) == 30 and set(actions) == {"NAVIGATE_TO", *PROMPT_ACTIONS}
    assert set(RULES) == set(actions)
    assert actions["LEFT_PLACE_NEXTTO_ONTOP"].arity == 2 and actions["OPEN"].requirements == (("openable",),)
    assert all(spec.description for spec in actions.values())
    used = {step.name for task in activities.values() for step in task.gold_plan}
    assert used <= set(actions)  # the importer corrects the annotation typo RIGHT_REALEASE
    assert {"inside", "onfloor", "ontop", "under", "nextto"} == simulator.vocabulary.relation_predicates
    assert {"cooked", "sliced", "toggled_on", "holding_left"} <= simulator.vocabulary.state_predicates


def test_prompt_lists_the_actions_the_upstream_prompt_lists(simulator, bathtub):
    text = simulator.prompt("action_sequencing", bathtub)
    listed = re.findall(r"^([A-Z_]+) # ", text, flags=re.M)
    assert listed == PROMPT_ACTIONS
    assert set(listed) <= set(ACTIONS)


def test_action_sequencing_prompt(simulator, activities):
    task = activities["cleaning_bathtub"]
    text = simulator.prompt("action_sequencing", task)
    lines = text.splitlines()
    for line in (
        "['stained', 'bathtub_35']",
        "['inside', 'scrub_brush_0', 'bathtub_35']",
        "['onfloor', 'agent.n.01_1', 'room_floor_bathroom_0']",
        "['not', 'stained', 'bathtub_35']",
        "{'name': 'bucket_0', 'category': 'bucket.n.01'}",
        "{'name': 'room_floor_bathroom_0', 'category': 'floor.n.01'}",
        "You are designing instructions for a household robot. ",
        '        "object": "target_obj_name1,target_obj_name2",',
    ):
        assert line in lines, line
    assert "agent.n.01', " not in text and "'category': 'agent.n.01'" not in text
    assert text.endswith("Only output the list of action commands with nothing else.\n\nOutput:\n")
    assert text == simulator.prompt("action_sequencing", task)


def test_prompt_of_a_quantified_goal_and_sliceable_objects(simulator, activities):
    text = simulator.prompt("action_sequencing", activities["assembling_gift_baskets"])
    assert ("['forpairs', 'basket.n.01', '-', 'basket.n.01', 'candle.n.01', '-', 'candle.n.01', "
            "'inside', 'candle.n.01', 'basket.n.01']") in text.splitlines()
    assert "part_0'" not in text  # parts are not listed, rule 8 names them


def test_subgoal_decomposition_prompt(simulator, activities):
    text = simulator.prompt("subgoal_decomposition", activities["assembling_gift_baskets"])
    assert text.startswith("# Background Introduction\n")
    assert "| holds_rh | (obj1.id) |" in text and "| touching |" not in text and "| burnt |" not in text
    target = text[text.index("# Target Task: assembling_gift_baskets"):].splitlines()
    for line in (
        "{'name': 'basket.0', 'category': 'basket_n_01'}",
        "{'name': 'breakfast_table.13', 'category': 'table_n_02'}",
        "onfloor(basket.0, room_floor_living_room.0)",
        "onfloor(agent_n_01.1, room_floor_living_room.0)",
        "forpairs(basket_n_01, candle_n_01, inside(candle_n_01, basket_n_01))",
    ):
        assert line in target, line
    assert not any("part" in line for line in target)  # parts are not listed
    assert text == simulator.prompt("subgoal_decomposition", activities["assembling_gift_baskets"])


def test_subgoal_prompt_goal_conditions(simulator, activities):
    lines = simulator.prompt("subgoal_decomposition", activities["bottling_fruit"]).splitlines()
    goal = lines[lines.index("## Goal States", lines.index("# Target Task: bottling_fruit")) + 1:][:5]
    assert goal == [
        "exists(jar_n_01, (inside(strawberry.0, jar_n_01) and (not inside(peach.0, jar_n_01))))",
        "exists(jar_n_01, (inside(peach.0, jar_n_01) and (not inside(strawberry.0, jar_n_01))))",
        "forall(jar_n_01, (not open(jar_n_01)))",
        "sliced(strawberry.0)",
        "sliced(peach.0)",
    ]


def test_unknown_modules_have_no_prompt(simulator, bathtub):
    with pytest.raises(EaiError):
        simulator.prompt("no_such_module", bathtub)


def test_world_of_a_task(simulator, bathtub):
    world = simulator.world(bathtub)
    assert world.task is bathtub and ("stained", "bathtub.n.01_1") in world.initial


PROBE = """
from eai.host.manager import get_plugins
from eai.simulation.taxonomy import execute
sim = get_plugins().simulators.get("behavior")
tasks = {t.name: t for t in get_plugins().suites.get("behavior").load()}
for name in ("bottling_fruit", "serving_a_meal", "cleaning_oven"):
    task = tasks[name]
    world = sim.world(task)
    run = execute(world, task.gold_plan)
    print(run.error_type, run.detail, run.trajectory.final.bits, sorted(run.trajectory.final))
    print([str(a) for a, _ in world.successors(run.trajectory.final)])
    print(world.check(world.initial, task.gold_plan[-1]))
    print(sim.prompt("action_sequencing", task))
"""


def test_nothing_depends_on_the_hash_seed():
    def run(seed):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, timeout=120)
        assert out.returncode == 0, out.stderr
        return out.stdout
    assert run("1") == run("2")
