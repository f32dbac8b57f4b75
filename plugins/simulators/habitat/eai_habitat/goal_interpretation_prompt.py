"""Goal interpretation for habitat tasks, in the shape of the paper's prompt
(appendix I.1): the task, the objects and their initial state, the
predicates, the instruction; the answer is the symbolic goal as node goals
(one object) and edge goals (two objects). The example answer is another
house's (:data:`eai_habitat.describe.EXAMPLE_INTRO`)."""

from __future__ import annotations

from eai.plugin_api import FewShot, Simulator, Task
from eai_habitat import describe

TEMPLATE = """Your task is to understand natural language goals for a household robot, reason about the object states and relationships, and turn natural language goals into symbolic goals in the given format. The goals include: node goals describing the final state of one object (or of the robot), and edge goals describing the final relationship between two objects. Write only the goals the instruction asks for.

The robot works in a home: receptacles, a fridge and drawers that open and close, and movable objects standing on the receptacles.

Objects in the scene (id: what it is):
{objects}

Initial state:
{state}

Predicates you can use (node goals take one object, edge goals two):
{predicates}

A goal is a list [predicate, object id, ...]; a negated goal is ["not", [predicate, object id, ...]]. When the instruction asks for any one object of a kind (e.g. "a ball"), choose one object of that kind.

Output: only a JSON object of this form, with nothing else.{example}

Instruction: {instruction}
"""

EXAMPLE_TASK = "Put the kettle on the stove and leave drawer 2 open"
EXAMPLE = '{"node goals": [["opened_cab", "cab_push_point_2"]], "edge goals": [["on_top", "kettle_1", "stove"]]}'


def goal_interpretation_prompt(task: Task, simulator: Simulator, shots: int) -> str:
    """The prompt for ``task``, with the example answer when ``shots`` is 1 (none at 0)."""
    return TEMPLATE.format(objects="\n".join(describe.objects(task)), state="\n".join(describe.initial_state(task)),
                           predicates="\n".join(describe.predicates()), instruction=task.instruction,
                           example=describe.example(EXAMPLE_TASK, EXAMPLE, shots))


GOAL_INTERPRETATION = FewShot(goal_interpretation_prompt, 1)
