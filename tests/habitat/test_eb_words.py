"""EB-Habitat's answers in its own words: its 70 skills read as our actions,
a category picked as EB picks it, and ``robot_at`` as habitat measures it
(within 2 m: the fridge's shelf and its push point are one stop)."""

import pytest

from eai.host.manager import get_plugins
from eai.results.responses import Response
from eai.results.scoring import score
from eai.testing.answers import eb_answer
from eai.testing.faults import act, run
from eai.world import Action
from tests.habitat.conftest import load


def scored(suite, task, steps):
    simulator = get_plugins().simulators.get("habitat")
    text = eb_answer(simulator, task, steps)
    return score(get_plugins(), suite, "action_sequencing", [Response(task.id, text)]).records[0]


def test_context_000_the_issues_plan_in_eb_words_succeeds():
    """The issue's four steps, each once a hallucination, on the episode they were written for."""
    [task] = load("context_000")
    record = scored("langr", task, ["navigate to the right counter in the kitchen", "pick up the ball",
                                    "navigate to the TV stand", "place at the TV stand"])
    assert record["success"] and record["error_type"] is None and record["task_progress"] == 1.0
    assert "action_id_mismatches" not in record


def test_every_skill_of_eb_habitats_list_reads_as_an_action_of_the_episode(simulator):
    """EB-Habitat's 70 skills (the list its prompts number) are each one of our actions on the
    episode's objects, a pick on a category the episode has more than one of standing for any of them."""
    [task] = load("irrelevant_text_031")
    world, listed = simulator.world(task), simulator.action_list(task)
    assert (len(listed.actions), listed.numbered) == (70, 70)
    assert listed.actions[:2] == ("navigate to the cabinet 7", "navigate to the cabinet 6")
    assert listed.actions[13] == "navigate to the refrigerator" and listed.actions[61] == "close the refrigerator"
    read = [simulator.vocabulary.read_phrase(words) for words in listed.actions]
    assert None not in read
    grounded = [world.action_args(name, list(args)) for name, args in read]
    categories = {o.class_name.replace("_", " ") for o in task.objects}
    unknown = [words for words, ids in zip(listed.actions, grounded) if None in ids]
    assert unknown == [w for w in listed.actions if w.startswith("pick up the ") and w[12:] not in categories]
    assert grounded[:5] == [["cab_push_point_7"], ["cab_push_point_6"], ["cab_push_point_5"], ["cab_push_point_4"],
                            ["fridge_push_point"]]
    assert read[60] == ("OPEN_FRIDGE", ("fridge_push_point",)) and read[62] == ("OPEN_CAB", ("cabinet 7",))
    assert simulator.vocabulary.write_phrase(Action("CLOSE_FRIDGE", ("fridge_push_point",))) == "close the refrigerator"
    assert world.action_args("PICK", ["block"]) == ["block"] and world.action_args("NAV", ["block"]) == [None]


@pytest.mark.parametrize(("place", "picked"), [("sofa", "block_2"), ("table 1", "block_1")])
def test_irrelevant_text_031_pick_up_the_block_picks_the_block_within_reach(simulator, place, picked):
    """Two blocks, on the black table and on the sofa: EB's ``pick_block`` picks the one where the robot is."""
    [task] = load("irrelevant_text_031")
    world = simulator.world(task)
    state = run(world, [act("NAV", simulator.world(task).resolve_args([place])[0]), act("PICK", "block")])
    assert ("holding", picked) in state
    if picked == "block_2":
        record = scored("langr", task, ["navigate to the sofa", "pick up the block", "navigate to the TV stand",
                                        "place at the TV stand"])
        assert record["success"]


def test_irrelevant_text_031_picking_a_block_from_nowhere_is_a_missing_step():
    [task] = load("irrelevant_text_031")
    record = scored("langr", task, ["pick up the block", "navigate to the TV stand", "place at the TV stand"])
    assert (record["error_type"], record["error_step"]) == ("missing_step", 0)
    assert "robot is not at black_table" in record["error_detail"]  # the first block's place


def test_new_scenes_064_eb_habitats_example_2_closes_the_fridge_from_its_shelf():
    """EB-Habitat's own in-context example 2: "navigate to the refrigerator" (the shelf, id 13), then
    close the fridge at its push point. Habitat's robot_at (within 2 m) holds of both; so does ours."""
    [task] = load("new_scenes_064")
    record = scored("langr", task, ["navigate to the refrigerator", "close the refrigerator"])
    assert record["success"] and record["additional_steps"] == 0


def test_the_robot_at_the_fridges_shelf_is_at_its_push_point_and_the_other_way_round(simulator):
    [task] = load("new_scenes_064")
    world = simulator.world(task)
    at_shelf = run(world, [act("NAV", "refrigerator")])
    assert ("robot_at", "refrigerator") in at_shelf and ("robot_at", "fridge_push_point") in at_shelf
    assert world.check(at_shelf, act("NAV", "fridge_push_point")).redundant  # no move: one stop
    at_point = run(world, [act("NAV", "fridge_push_point")])
    assert ("robot_at", "refrigerator") in at_point
    elsewhere = run(world, [act("NAV", "fridge_push_point"), act("NAV", "sofa")])
    assert not any(atom[0] == "robot_at" and atom[1] != "sofa" for atom in elsewhere)


def test_a_drawer_opens_from_the_drawer_itself(simulator):
    """The left drawer is part of cab_push_point_7: at the one, the robot is at the other."""
    [task] = load("new_scenes_032")
    world = simulator.world(task)
    state = run(world, [act("NAV", "left_drawer"), act("OPEN_CAB", "cab_push_point_7")])
    assert ("opened_cab", "cab_push_point_7") in state
    assert world.check(state, Action("OPEN_CAB", ("cab_push_point_6",))).missing  # another drawer: not there
