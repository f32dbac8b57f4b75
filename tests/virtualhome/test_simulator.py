"""The registered simulator: vocabulary, worlds, the action-sequencing and subgoal-decomposition prompts."""

import os
import subprocess
import sys

import pytest

from eai.exceptions import EaiError
from eai.host.manager import get_plugins
from eai.world import Action
from eai_virtualhome.scene import initial_atoms
from eai_virtualhome.world import VirtualHomeWorld

PAPER_ACTIONS = (
    "WALK RUN FIND TURNTO LOOKAT POINTAT GRAB PUTBACK PUTIN OPEN CLOSE SWITCHON SWITCHOFF PLUGIN PLUGOUT SIT "
    "STANDUP LIE DRINK EAT READ TYPE TOUCH WATCH PUSH PULL MOVE WASH RINSE SCRUB WIPE POUR PUTON PUTOFF CUT "
    "DROP RELEASE GREET SQUEEZE"
).split()


@pytest.fixture
def simulator():
    return get_plugins().simulators.get("virtualhome")


def test_vocabulary_has_the_papers_actions_and_the_gold_ones(simulator, vh_tasks):
    actions = simulator.vocabulary.actions
    assert set(PAPER_ACTIONS) <= set(actions)
    for task in vh_tasks.values():
        for step in task.gold_plan:
            assert actions[step.name].arity == len(step.args), step
    assert actions["POUR"].requirements == (("POURABLE", "DRINKABLE"), ("RECIPIENT",))
    assert actions["STANDUP"].arity == 0 and all(spec.description for spec in actions.values())
    assert {"ONTOP", "NEXT_TO", "HOLDS_RH"} <= simulator.vocabulary.relation_predicates


def test_world_of_a_task(simulator, wash_clothes):
    world = simulator.world(wash_clothes)
    assert ("CLOSED", "washing_machine.1001") in world.initial
    assert ("OFF", "freezer.289") in world.initial  # default state of a switch with none given
    assert world.task is wash_clothes


def test_action_sequencing_prompt(simulator, vh_tasks):
    text = simulator.prompt("action_sequencing", vh_tasks["27_2"])
    for line in (
        "washing_machine, id: 1001, properties: ['CAN_OPEN', 'CONTAINERS', 'HAS_PLUG', 'HAS_SWITCH', 'RECIPIENT']",
        "washing_machine, states: ['CLEAN', 'CLOSED', 'OFF', 'PLUGGED_IN'], properties:"
        "['CAN_OPEN', 'CONTAINERS', 'HAS_PLUG', 'HAS_SWITCH', 'RECIPIENT']",
        "<clothes_jacket> (1003) is INSIDE to <washing_machine> (1001)",
        "<basket_for_clothes> (1000) is NEAR to <soap> (1002)",
        "<washing_machine> (1001) is ON to <basket_for_clothes> (1000)",
        "washing_machine is PLUGGED_IN",
        "clothes_jacket is ON to washing_machine",
        "There is no action requirement.",
        "PLUGIN: (1, [['HAS_PLUG']]) # Connect an electrical device to a power source",
        "STANDUP: (0, []) # Stand up from a sitting or lying position",
        "[object, object_id]: Represents 1 object.",
    ):
        assert line in text.splitlines(), line
    assert "may appear as a key more than once" in text
    assert "character, id: 65" in text and "character, states" not in text
    assert text.endswith("Output:\n")
    assert text == simulator.prompt("action_sequencing", vh_tasks["27_2"])


def test_action_goals_in_the_prompt(simulator, vh_tasks):
    text = simulator.prompt("action_sequencing", vh_tasks["31_1"])
    assert "The following action(s) should be included:\nGRAB\nWASH or RINSE or SCRUB or WIPE\n" in text


def test_subgoal_decomposition_prompt(simulator, vh_tasks):
    text = simulator.prompt("subgoal_decomposition", vh_tasks["27_2"])
    assert text.startswith("# Background Introduction\n")
    target = text[text.index("Now, it is time for you to generate the subgoal plan"):].splitlines()
    for line in (
        "# Target Task: Task category is Wash clothes",
        "| washing_machine.1001 | washing_machine | ['CAN_OPEN', 'CONTAINERS', 'HAS_PLUG', 'HAS_SWITCH', 'RECIPIENT'] |",
        "OFF(washing_machine.1001)",
        "INSIDE(clothes_jacket.1003, washing_machine.1001)",
        "INSIDE(character.65, bathroom.1)",
        "ONTOP(soap.1002, washing_machine.1001)",
        "No",
    ):
        assert line in target, line
    assert not any(line.startswith("NEXT_TO(") or line.endswith("(character.65)") for line in target)
    assert target[target.index("[States]") + 1:target.index("[States]") + 4] == [
        "CLOSED(washing_machine.1001)", "ON(washing_machine.1001)", "PLUGGED_IN(washing_machine.1001)"]
    assert text == simulator.prompt("subgoal_decomposition", vh_tasks["27_2"])


def test_action_goals_in_the_subgoal_prompt(simulator, vh_tasks):
    text = simulator.prompt("subgoal_decomposition", vh_tasks["31_1"])
    assert "only one of them needs to be satisfied.\nGRAB\nWASH or RINSE or SCRUB or WIPE\n\n" in text
    assert "## Necessity to Use Actions\nYes\n" in text


def test_unknown_modules_have_no_prompt(simulator, wash_clothes):
    with pytest.raises(EaiError):
        simulator.prompt("no_such_module", wash_clothes)


PROBE = """
from eai.host.manager import get_plugins
sim = get_plugins().simulators.get("virtualhome")
task = get_plugins().suites.get("virtualhome").load(["27_2"])[0]
world = sim.world(task)
state = world.initial
for action in task.gold_plan:
    print(world.check(state, action))
    state = world.apply(state, action)
print([str(a) for a, _ in world.successors(state, task.relevant)])
print(world.resolve_args(["cup"]), world.resolve_args(["basket_for_clothes"]))
print(sim.prompt("action_sequencing", task))
"""


def test_nothing_depends_on_the_hash_seed():
    def run(seed):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, timeout=120)
        assert out.returncode == 0, out.stderr
        return out.stdout
    assert run("1") == run("2")


def test_every_initial_state_is_its_tasks_atoms_plus_defaults(vh_tasks):
    # worlds share a template index; each must still start from its own task
    for task in vh_tasks.values():
        world = VirtualHomeWorld(task)
        assert set(world.initial) == initial_atoms(task), task.id
        assert world.initial.index is world.index
    assert ("OFF", "freezer.289") in initial_atoms(vh_tasks["27_2"])
    assert ("OFF", "freezer.289") not in vh_tasks["27_2"].init


def test_worlds_do_not_share_an_index(vh_tasks):
    a, b = VirtualHomeWorld(vh_tasks["27_2"]), VirtualHomeWorld(vh_tasks["70_1"])
    assert a.index is not b.index
    a.apply(a.initial, Action("WALK", ("soap.1002",)))
    assert b.index.find(("NEXT_TO", "character.65", "soap.1002")) is None
