"""EB-ALFRED's own in-context examples (EmbodiedBench's alfred_examples.json and
alfred_long_horizon_examples.json at the pinned commit, captured by the import
into tasks/eb-alfred/examples.json) score as the benchmark says: each is a
correct answer. Their scenes are not among the 300 tasks, so an example is
scored on every task whose goal its instruction states (read by hand below:
its task type and targets); every example reads whole, its action ids
EB-ALFRED's global numbering."""

import json

import pytest

from eai.host.manager import get_plugins
from eai.modules.plans.parse import parse_plan
from eai.results.responses import Response
from eai.results.scoring import score
from eai.tasks.examples import read
from eai_alfred.actions import global_actions
from eai_alfred.goals import targets
from tests.helpers import ROOT

SUITE = ROOT / "tasks" / "eb-alfred"
EXAMPLES = read(SUITE / "examples.json")
SHORT, LONG = "embodiedbench/evaluator/config/alfred_examples.json", \
    "embodiedbench/evaluator/config/alfred_long_horizon_examples.json"
# the goal each instruction states: task type, object, receptacle, lamp (ALFRED's pddl_params)
HEAT_TOMATO_SLICE_TO_SINK = ("pick_heat_then_place_in_recep", "TomatoSliced", "Sink", "")
HEAT_APPLE_SLICE_TO_TABLE = ("pick_heat_then_place_in_recep", "AppleSliced", "DiningTable", "")
STATED = {
    (SHORT, 1): ("look_at_obj_in_light", "CreditCard", "", "FloorLamp"),  # Examine a credit card by ... a tall lamp
    (SHORT, 2): ("look_at_obj_in_light", "RemoteControl", "", "FloorLamp"),  # Use lamp light to look at the remote
    (SHORT, 4): HEAT_TOMATO_SLICE_TO_SINK,  # Place a heated slice of tomato in the kitchen sink
    (SHORT, 6): HEAT_APPLE_SLICE_TO_TABLE,  # Place the microwaved slice of apple on to the white table
    (LONG, 0): HEAT_APPLE_SLICE_TO_TABLE,
    (LONG, 1): HEAT_TOMATO_SLICE_TO_SINK,
    (LONG, 4): HEAT_TOMATO_SLICE_TO_SINK,  # Transfer a tomato slice cooked in the microwave to the sink
}


def test_the_examples_are_eb_alfreds_files_verbatim():
    provenance = json.loads((SUITE / "provenance.json").read_text())
    files = next(s["files"] for s in provenance["sources"] if s["name"] == "embodiedbench")
    captured = json.loads((SUITE / "examples.json").read_text())["files"]
    assert captured == {SHORT: files[SHORT], LONG: files[LONG]}  # the files the import read, by sha256
    assert [(e.file, e.index) for e in EXAMPLES] == [(SHORT, i) for i in range(10)] + [(LONG, i) for i in range(7)]
    assert all(e.text.startswith("Human instruction: ") and e.instruction and e.answer for e in EXAMPLES)


def stated_tasks(goal):
    kind, obj, parent, toggle = goal
    found = []
    for task in get_plugins().suites.get("eb-alfred").load():
        t = targets(task.extra["alfred"]["pddl_params"])
        if (task.name, t["object"], t["parent"], t["toggle"]) == (kind, obj, parent, toggle):
            found.append(task.id)
    return found


@pytest.mark.parametrize("key", sorted(STATED))
def test_an_example_succeeds_on_every_task_of_the_goal_it_states(key):
    [example] = [e for e in EXAMPLES if (e.file, e.index) == key]
    ids = stated_tasks(STATED[key])
    assert ids, key
    records = score(get_plugins(), "eb-alfred", "action_sequencing", [Response(i, example.answer) for i in ids]).records
    assert [(r["identifier"], r["success"]) for r in records] == [(i, True) for i in ids]
    assert not any("action_id_mismatches" in r for r in records)


def test_every_example_reads_whole_and_numbers_its_actions_as_eb_alfred_does():
    simulator = get_plugins().simulators.get("alfred")
    numbered = global_actions(simulator.skills())
    for example in EXAMPLES:
        parsed = parse_plan(example.answer)
        assert not parsed.error and len(parsed.steps) >= 4, (example.file, example.index)
        for step in parsed.steps:
            assert simulator.vocabulary.read_phrase(step.text) is not None, step
            assert numbered[step.action_id] == step.text, (example.file, example.index, step)
