"""Gold goals written as the upstream models' answers, for the goal-interpretation tests."""

import json

from eai.host.manager import get_plugins
from eai.results.responses import Response
from eai.results.scoring import score

PRINTED = {"ONTOP": "ON", "NEXT_TO": "CLOSE"}  # relation names as the VirtualHome prompt prints them


def virtualhome_answer(state, relation, action=(), name=lambda obj: obj):
    """VirtualHome's format: node goals {name, state}, edge goals {from_name,
    relation, to_name}, action goals {action, description}."""
    return json.dumps({
        "node goals": [{"name": name(lit.atom[1]), "state": lit.atom[0]} for lit in state],
        "edge goals": [{"from_name": name(lit.atom[1]), "relation": PRINTED.get(lit.atom[0], lit.atom[0]),
                        "to_name": name(lit.atom[2])} for lit in relation],
        "action goals": [{"action": step[0], "description": "as annotated"} for step in action],
    })


def virtualhome_gold(task, ids=True):
    """The task's gold goals as the annotation writes them (540_1 lists a goal
    twice), objects named by id or by class name."""
    name = (lambda obj: obj) if ids else (lambda obj: task.object_by_id[obj].class_name)
    goal = task.goal
    return virtualhome_answer(goal.state, goal.relation, goal.action, name)


def behavior_literal(lit):
    atom = list(lit.atom)
    return atom if lit.positive else ["not", atom]


def behavior_answer(state, relation):
    """BEHAVIOR's format: lists, negation as ["not", [...]]."""
    return json.dumps({"node goals": [behavior_literal(lit) for lit in state],
                       "edge goals": [behavior_literal(lit) for lit in relation]})


def score_answers(suite, answers):
    """Score {task id: answer text} with the goal-interpretation module."""
    responses = [Response(task_id, text) for task_id, text in answers.items()]
    return score(get_plugins(), suite, "goal_interpretation", responses)
