"""Subgoal decomposition for habitat tasks, in the shape of the paper's prompt
(appendix I.2): the vocabulary of state and action primitives, the objects,
the initial state and the goal; the answer lists the intermediate states in
temporal order, one LTL formula per line. The example answer is another
house's (:data:`eai_habitat.describe.EXAMPLE_INTRO`)."""

from __future__ import annotations

from eai.plugin_api import FewShot, Simulator, Task
from eai_habitat import describe

TEMPLATE = """You are determining the state transitions of a household task solved by a robot. List the intermediate states, and actions only where necessary, in temporal order, ending with the goal. Each line is a Boolean expression of state and action primitives written "name(id, ...)", combined with "and", "or" and "not". Expressions on one line hold together; consecutive lines hold one after another.

State primitives:
{predicates}

Action primitives (use them only when necessary):
{actions}

The robot holds at most one object. To pick an object it must be at the receptacle the object is on; to place it on a receptacle it must be at that receptacle.

Objects (id: what it is):
{objects}

Initial state:
{state}

Goal: {instruction}
The goal in symbolic form: {goal}

Output: only a JSON object {{"output": [...]}} listing the lines.{example}
"""

EXAMPLE_TASK = "Put the kettle on the stove"
EXAMPLE = ('{"output": ["robot_at(counter_3)", "holding(kettle_1)", "robot_at(stove)", '
           '"on_top(kettle_1, stove) and not_holding(robot_0)"]}')


def subgoal_decomposition_prompt(task: Task, simulator: Simulator, shots: int) -> str:
    """The prompt for ``task``, with the example answer when ``shots`` is 1 (none at 0)."""
    return TEMPLATE.format(predicates="\n".join(describe.predicates()), actions="\n".join(describe.actions()),
                           objects="\n".join(describe.objects(task)), state="\n".join(describe.initial_state(task)),
                           instruction=task.instruction, goal=task.goal.ltl,
                           example=describe.example(EXAMPLE_TASK, EXAMPLE, shots))


SUBGOAL_DECOMPOSITION = FewShot(subgoal_decomposition_prompt, 1)
