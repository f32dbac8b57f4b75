"""The simulator template the kernel owns: World.check runs a plugin's parts in
the paper's order, Simulator.prompt dispatches to the builders a simulator
declares (the example plugin's lamps world, and the built-in simulators)."""

import subprocess
import sys

import pytest

from eai.exceptions import EaiError
from eai.host.manager import get_plugins
from eai.world import Action
from tests.helpers import ROOT

EXAMPLE = ROOT / "examples" / "eai-example-plugin"
PAPER_MODULES = ("goal_interpretation", "subgoal_decomposition", "action_sequencing", "transition_modeling")


@pytest.fixture
def lamps(monkeypatch):
    monkeypatch.syspath_prepend(str(EXAMPLE))
    from eai_example import lamps

    return lamps


@pytest.fixture
def lamps_2(lamps):
    (task,) = lamps.LampSuite().load(["lamps_2"])
    return task


def test_lamps_2_checks_signature_then_affordance_then_state(lamps, lamps_2):
    world = lamps.LampSimulator().world(lamps_2)
    state = world.initial
    verdicts = {str(action): world.check(state, action) for action in (
        Action("JUMP", ("lamp.1",)), Action("SWITCHON", ("lamp.1", "lamp.2")), Action("SWITCHON", ("vase.3",)),
        Action("SWITCHON", ("sofa.9",)))}
    assert {name: (v.affordable, v.reason) for name, v in verdicts.items()} == {
        "JUMP(lamp.1)": (False, "unknown action JUMP"),
        "SWITCHON(lamp.1, lamp.2)": (False, "SWITCHON takes 1 object(s), got 2"),
        "SWITCHON(vase.3)": (False, "vase.3 has no switch"),
        "SWITCHON(sofa.9)": (False, "unknown object sofa.9"),
    }
    switch_on = Action("SWITCHON", ("lamp.1",))
    assert world.check(state, switch_on).executable and not world.check(state, switch_on).redundant
    again = world.check(world.apply(state, switch_on), switch_on)
    assert (again.executable, again.redundant, again.reason) == (True, True, "lamp.1 is already ON")


def test_lamps_2_has_no_transition_modeling_prompt(lamps, lamps_2):
    simulator = lamps.LampSimulator()
    assert simulator.modules == ("goal_interpretation", "action_sequencing")
    assert simulator.prompt("action_sequencing", lamps_2).endswith('[["SWITCHON", "lamp.1"]]')
    with pytest.raises(EaiError) as raised:
        simulator.prompt("transition_modeling", lamps_2)
    assert str(raised.value) == ("simulator 'lamps' has no prompt for module 'transition_modeling' "
                                 "(it has: goal_interpretation, action_sequencing)")


def test_a_prompt_builder_named_wrong_is_one_line(lamps, lamps_2):
    class Misnamed(lamps.LampSimulator):
        prompts = {"goal_interpretation": "eai_example.prompts:interpret"}

    with pytest.raises(EaiError) as raised:
        Misnamed().prompt("goal_interpretation", lamps_2)
    assert str(raised.value) == ("prompt builder 'eai_example.prompts:interpret' cannot be imported: "
                                 "module 'eai_example.prompts' has no attribute 'interpret'")


def test_built_in_simulators_claim_the_modules_they_have_prompts_for():
    simulators = get_plugins().simulators
    for name in ("virtualhome", "behavior", "alfred", "habitat"):
        simulator = simulators.get(name)
        assert simulator.modules == tuple(simulator.prompts) == PAPER_MODULES, name


def test_prompt_builders_are_imported_when_first_asked_for():
    """Registering the simulators (every eai command does) imports no prompt module."""
    code = ("import sys; from eai.host.manager import get_plugins; plugins = get_plugins(); "
            "names = [m for s in ('virtualhome', 'behavior', 'alfred', 'habitat') "
            "for m in plugins.simulators.get(s).prompts.values()]; "
            "print(sorted(n for n in names if n.partition(':')[0] in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout == "[]\n"
