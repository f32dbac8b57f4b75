"""Two-agent episodes (eai.collaboration.episode) on the committed partnr-vh
suite: the scripted pair, capability profiles, held objects, determinism."""

from __future__ import annotations

import json

import pytest

from eai.api import load_suite
from eai.collaboration.episode import HUMAN, ROBOT, Episode, Policy, View
from eai.collaboration.policies import run_scripted, scripted_pair, segments
from eai.exceptions import EaiError
from eai.host.manager import get_plugins
from eai.world import Action

SAMPLE = ["constraint_free_001", "spatial_001", "temporal_001", "heterogeneous_001"]


@pytest.fixture(scope="module")
def simulator():
    return get_plugins().simulators.get("virtualhome")


class Steps(Policy):
    """Actions in order, then waiting; what it was told is kept."""

    def __init__(self, *actions: Action) -> None:
        self.actions = list(actions)
        self.views: list[View] = []

    def act(self, view: View) -> Action | None:
        self.views.append(view)
        return self.actions.pop(0) if self.actions else None


def check_pair(task, simulator):
    record = run_scripted(task, simulator, HUMAN, ROBOT, max_turns=200)
    assert record["success"] and record["percent_complete"] == 1, (task.id, record["log"])
    return record


@pytest.mark.parametrize("task_id", SAMPLE)
def test_scripted_pair_succeeds_on_a_sample(simulator, task_id):
    record = check_pair(load_suite("partnr-vh", [task_id])[0], simulator)
    assert record["agents"]["human"]["actions"] > 0 and record["agents"]["robot"]["actions"] > 0
    assert record["offloading"] == pytest.approx(0.5)


@pytest.mark.slow
def test_scripted_pair_succeeds_on_every_generated_task(simulator):
    for task in load_suite("partnr-vh"):
        check_pair(task, simulator)


def test_the_robot_cannot_power_on_so_the_human_does(simulator):
    task = load_suite("partnr-vh", ["heterogeneous_001"])[0]
    switch = next(step for step in task.gold_plan if step.name == "SWITCHON")
    pair = scripted_pair(task, simulator, HUMAN, ROBOT)
    human_steps = [step for segment in pair[0][1].mine for step in segment.steps]
    assert switch in human_steps
    robot = Steps(Action("FIND", switch.args), switch)
    record = Episode(task, simulator, [(HUMAN, Steps()), (ROBOT, robot)]).run(max_turns=6)
    assert record["log"][-1] == ["robot", str(switch), f"{switch} failed: the robot cannot power on"]
    assert record["agents"]["robot"]["failed"] == 1 and record["percent_complete"] == 0


def test_the_history_of_spatial_001_has_every_turn_with_the_log_s_actions_in_it(simulator):
    task = load_suite("partnr-vh", ["spatial_001"])[0]
    episode = Episode(task, simulator, scripted_pair(task, simulator, HUMAN, ROBOT))
    record = episode.run(max_turns=200)
    assert len(episode.history) == record["turns"]  # waits included, which the log leaves out
    assert [h.agent for h in episode.history] == ["human", "robot"] * (record["turns"] // 2) + ["human"] * (record["turns"] % 2)
    acted = [[h.agent, h.action, h.feedback] for h in episode.history if h.move == "action"]
    assert acted == record["log"] and any(h.move == "wait" for h in episode.history)
    assert [h.failed for h in episode.history if h.move == "action"] == ["failed" in said for _, _, said in record["log"]]
    assert episode.history[-1].percent_complete == record["percent_complete"] == 1


def test_acting_on_what_the_other_holds_fails_with_a_reason(simulator):
    task = load_suite("partnr-vh", ["constraint_free_001"])[0]
    item = segments(task, simulator)[0].steps[1].args[0]  # the first segment's GRAB
    human = Steps(Action("FIND", (item,)), Action("GRAB", (item,)))
    robot = Steps(Action("FIND", (item,)), Action("GRAB", (item,)))
    record = Episode(task, simulator, [(HUMAN, human), (ROBOT, robot)]).run(max_turns=8)
    assert record["log"][3] == ["robot", f"GRAB({item})", f"GRAB({item}) failed: {item} is held by the human"]
    assert human.views[2].other_action == f"GRAB({item})"  # its turn after the robot's try
    assert any(("HOLDS_RH", "character.65", item) in view.atoms for view in human.views)
    assert not any(("HOLDS_RH", "character.65", item) in view.atoms for view in robot.views)


def test_records_are_byte_identical_across_runs(simulator):
    task = load_suite("partnr-vh", ["temporal_001"])[0]
    runs = [json.dumps(run_scripted(task, simulator, HUMAN, ROBOT, 200), sort_keys=True) for _ in range(2)]
    assert runs[0] == runs[1]


def test_a_task_without_evaluation_functions_is_an_error(simulator):
    task = load_suite("etplan-vh", ["place_on_001"])[0]
    with pytest.raises(EaiError, match="no evaluation functions"):
        Episode(task, simulator, [(HUMAN, Steps()), (ROBOT, Steps())])


def test_partial_observability_shows_things_of_explored_rooms_only(simulator):
    task = load_suite("partnr-vh", ["constraint_free_001"])[0]
    init = task.init
    assert ("INSIDE", "character.65", "home_office.319") in init
    thing = next(a[1] for a in sorted(init) if a[0] == "INSIDE" and a[2] == "bathroom.1"
                 and task.object_by_id[a[1]].has("GRABBABLE"))
    human = Steps(Action("WALK", ("bathroom.1",)), Action("WALK", ("bathroom.1",)))
    Episode(task, simulator, [(HUMAN, human), (ROBOT, Steps())], partial=True).run(max_turns=4)
    first, second = human.views[0].atoms, human.views[1].atoms
    assert ("INSIDE", "bathroom_counter.41", "bathroom.1") in first  # furniture is always seen
    assert ("INSIDE", "bills.2014", "home_office.319") in first  # the room it starts in is explored
    assert not any(thing in a for a in first)
    assert ("INSIDE", thing, "bathroom.1") in second


def test_full_observability_shows_everything(simulator):
    task = load_suite("partnr-vh", ["constraint_free_001"])[0]
    human = Steps()
    Episode(task, simulator, [(HUMAN, human), (ROBOT, Steps())]).run(max_turns=2)
    assert human.views[0].atoms == frozenset(simulator.world(task).initial)
