"""Action sequencing for habitat tasks, in the shape of the paper's prompt
(appendix I.3): the initial state, the goal (the instruction and its
symbolic form), the objects and the actions with their preconditions; the
answer is a list of actions, EB-Habitat's skills on object ids. The example
answer is another house's (:data:`eai_habitat.describe.EXAMPLE_INTRO`)."""

from __future__ import annotations

from eai.plugin_api import FewShot, Simulator, Task
from eai_habitat import describe

TEMPLATE = """You are designing instructions for a household robot. The goal is to guide the robot to change its environment from an initial state to a desired final state. The input is the initial state, the goal, and the objects you can interact with. The output is a list of actions such that, executed one after another, they bring the environment from the initial state to the goal.

The robot works in a home: receptacles, a fridge and drawers that open and close, and movable objects standing on the receptacles. It holds at most one object at a time.

Objects (id: what it is):
{objects}

Initial state:
{state}

Meaning of the state predicates:
{predicates}

Goal: {instruction}
The goal in symbolic form (first-order logic over the object ids; "ball(x)" means x is a ball): {goal}

Actions (each takes one object id):
{actions}

Rules:
1. PICK needs the robot at the receptacle the object is on (NAV there first), an empty hand, and the object not inside a closed drawer.
2. PLACE puts the object in hand on the receptacle the robot is at (NAV there first).
3. OPEN_FRIDGE, CLOSE_FRIDGE, OPEN_CAB and CLOSE_CAB need the robot at the push point.
4. Use only the actions and object ids listed above.

Output: only a JSON list of actions, each {{"action": "ACTION_NAME", "object": "object_id"}}.{example}
"""

EXAMPLE_TASK = "Put the kettle on the stove"
EXAMPLE = ('[{"action": "NAV", "object": "counter_3"}, {"action": "PICK", "object": "kettle_1"}, '
           '{"action": "NAV", "object": "stove"}, {"action": "PLACE", "object": "stove"}]')


def action_sequencing_prompt(task: Task, simulator: Simulator, shots: int) -> str:
    """The prompt for ``task``, with the example answer when ``shots`` is 1 (none at 0)."""
    return TEMPLATE.format(objects="\n".join(describe.objects(task)), state="\n".join(describe.initial_state(task)),
                           predicates="\n".join(describe.predicates()), instruction=task.instruction,
                           goal=task.goal.ltl, actions="\n".join(describe.actions()),
                           example=describe.example(EXAMPLE_TASK, EXAMPLE, shots))


ACTION_SEQUENCING = FewShot(action_sequencing_prompt, 1)
