"""The transition-modeling prompt (paper appendix I.4), adapted to ALFRED: the
gold domain's predicates, the task's PDDL problem, and the operators the task
needs with their parameters, for the model to fill in their preconditions and
effects (placed by the kernel's :func:`eai.modules.transition_prompt.fill`).
The wording is ours.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from eai.plugin_api import Task, fill_transition_prompt

if TYPE_CHECKING:
    from eai_alfred.simulator import AlfredSimulator

TEMPLATE = """The following PDDL domain describes a household robot's world: its predicates, with their argument types.
<domain>

Objective: given a problem file (objects, initial state, goal), write the body of the robot's actions, their :precondition and :effect, so that carrying out the actions in some order takes the initial state to the goal.

An action is written:
(:action [name]
  :parameters ([parameters])
  :precondition ([precondition])
  :effect ([effect])
)
A precondition is a formula over the predicates with "and", "or", "not", "exists" (and "forall"). An effect is a conjunction of predicates and negated predicates; "(when C E)" makes E happen only where C held before the action, and "(forall (?x - object) E)" applies E to every object. Use only the predicates of the domain, with the arguments they declare, and only the action's parameters (or variables you quantify).

Here is what the robot's skills do, in words:
- find: the robot goes to an object and is then at it, and at nothing else.
- pick_up: the robot takes an object within reach that nothing closed encloses, with its hand empty; the object leaves its receptacle.
- put_down: the robot puts what it holds into the receptacle it is at, which is open if it opens.
- drop: the robot lets go of what it holds.
- open, close: the robot opens or closes an object within reach; closing a fridge cools what is in it.
- turn_on, turn_off: the robot turns an object within reach on or off; a microwave turned on heats what is in it, a faucet cleans what is in the sink beside it.
- slice: the robot, holding a knife, slices an object within reach; its slices lie where it lay.

Problem file:
<problem>

Actions to be finished:
<operators>
Output a JSON object {"output": "<the PDDL of all the actions above>"}.
"""


def transition_modeling_prompt(task: Task, simulator: AlfredSimulator) -> str:
    """The prompt for ``task``, with the suite's gold domain file as it is written."""
    return fill_transition_prompt(TEMPLATE, task, simulator.domain_text())
