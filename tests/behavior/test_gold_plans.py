"""The human-annotated action sequences of the 100 activities, run as the
kernel runs plans (``eai.simulation.taxonomy.execute``), then the goal read at the end."""

import json
from collections import Counter

from eai.host.manager import get_plugins
from eai.results.responses import Response
from eai.results.scoring import score
from eai.simulation.taxonomy import execute
from eai_behavior.world import BehaviorWorld
from tests.behavior.goal import reached, unmet

# Each is explained in docs/metrics.md (Action sequencing, "Gold plans").
KNOWN_FAILURES = {
    "cleaning_bedroom": "goal unmet: nextto(vacuum.n.04_1, bed.n.01_1)",
    "cleaning_oven": "wrong_order at step 10: TOGGLE_OFF(sink.n.01_1)",
    "cleaning_stove": "missing_step at step 7: SOAK(dishtowel.n.01_1)",
    "making_tea": "affordance at step 9: UNFREEZE(knife.n.01_1)",
    "packing_child_s_bag": "goal unmet: nextto(backpack.n.01_1, bed.n.01_1)",
    "sorting_mail": "goal unmet: ontop(envelope.n.01_1, envelope.n.01_1)",
}


def gold_failure(task):
    """'' if the gold plan executes and reaches the goal, else why not."""
    run = execute(BehaviorWorld(task), task.gold_plan)
    if not run.executable:
        return f"{run.error_type.value} at step {run.error_step}: {run.detail}"
    if reached(task, run.trajectory):
        return ""
    return f"goal unmet: {', '.join(unmet(task, run.trajectory))}"


def test_gold_plans_execute_and_reach_their_goals(activities):
    failures = {name: why for name, task in activities.items() if (why := gold_failure(task))}
    assert len(activities) == 100
    assert set(failures) == set(KNOWN_FAILURES), failures
    for name, why in KNOWN_FAILURES.items():
        assert failures[name].startswith(why), failures[name]
    assert len(failures) <= 6


def test_redundant_gold_steps(activities):
    """41 gold steps are additional steps (docs/behavior-simulator.md): UNFREEZE
    of food that is not frozen (the annotators unfreeze what they take from a
    fridge), CLEAN of what is clean, releasing what a PLACE already released,
    re-grasping what is held, soaking a soaked brush."""
    redundant = Counter()
    for task in activities.values():
        run = execute(BehaviorWorld(task), task.gold_plan)
        redundant.update(task.gold_plan[i].name for i in run.additional_steps)
    assert redundant == {"UNFREEZE": 32, "CLEAN": 4, "RIGHT_RELEASE": 3, "RIGHT_GRASP": 1, "SOAK": 1}


def test_preserving_food_counts_among_the_94_only_with_right_release_spelt_right(activities):
    """The annotation writes step 12 `RIGHT_REALEASE`; the importer spells it
    `RIGHT_RELEASE` (docs/tasks.md), and only then is the gold figure 94 of 100."""
    task = activities["preserving_food"]
    assert [a.name for a in task.gold_plan].index("RIGHT_RELEASE") == 11
    names = task.extra["behavior"]["scene_names"]

    def answer(spelling):
        steps = [{"action": spelling.get(a.name, a.name), "object": ", ".join(names[x] for x in a.args)}
                 for a in task.gold_plan]
        return Response(task.id, json.dumps(steps))

    fixed, annotated = (score(get_plugins(), "behavior", "action_sequencing", [answer(spelling)]).records[0]
                        for spelling in ({}, {"RIGHT_RELEASE": "RIGHT_REALEASE"}))
    assert fixed["success"]
    assert (annotated["error_type"], annotated["error_detail"]) == ("hallucination", "unknown action 'RIGHT_REALEASE'")
