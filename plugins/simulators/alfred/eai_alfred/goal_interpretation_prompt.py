"""The goal-interpretation prompt (paper appendix I.1), adapted to ALFRED.

The task's relevant objects with their type and the goal states they can
take, the initial state of those objects, the predicates with what they
mean, and the instruction; the answer is JSON with ``node goals`` (one
object) and ``edge goals`` (two), as in the paper's BEHAVIOR prompt. ALFRED
has no action goals. A goal on an object of a type is met by any object of
that type, so any of them may be named. The wording is ours.
"""

from __future__ import annotations

from eai.plugin_api import Simulator, Task
from eai_alfred.facts import atoms

# goal states an object can take, by the ability that allows them
STATES = (("is_open", "openable"), ("is_on", "toggleable"), ("is_sliced", "sliceable"), ("holds", "pickupable"),
          ("is_clean", "pickupable"), ("is_hot", "pickupable"), ("is_cool", "pickupable"))
MEANINGS = {
    "at(x)": "the robot is at x (the object it found last)",
    "holds(x)": "the robot holds x",
    "is_open(x)": "x is open",
    "is_on(x)": "x is turned on",
    "is_sliced(x)": "x has been sliced",
    "is_clean(x)": "x has been washed (in a sink, with the faucet turned on)",
    "is_hot(x)": "x has been heated (in a microwave turned on)",
    "is_cool(x)": "x has been cooled (in a fridge, closed)",
    "in_receptacle(x, r)": "x is in or on receptacle r",
}

TEMPLATE = """Your task is to turn a household robot's instruction into symbolic goals: the states objects must be in, and the relations between objects, when the instruction is carried out.

The objects involved, each with its type and the goal states it can take ("at" for all of them):
{objects}

Their initial state:
{initial}

Predicates:
{predicates}

Node goals are states of one object, written ["predicate", "object"], or ["not", ["predicate", "object"]] for a state that must not hold. Edge goals are relations between two objects, written ["in_receptacle", "object", "receptacle"]. A goal about an object of a type is met by any object of that type, so name any one of them.

Instruction: {instruction}

Output only a JSON object {{"node goals": [...], "edge goals": [...]}}.
"""


def possible_states(task: Task, oid: str) -> list[str]:
    obj = task.object_by_id[oid]
    return [state for state, ability in STATES if obj.has(ability)]


def goal_interpretation_prompt(task: Task, simulator: Simulator) -> str:
    return TEMPLATE.format(
        objects="\n".join(f"{oid} ({task.object_by_id[oid].class_name}): {', '.join(possible_states(task, oid)) or '-'}"
                          for oid in task.relevant),
        initial="\n".join(atoms(task)) or "nothing in particular",
        predicates="\n".join(f"{name}: {meaning}" for name, meaning in MEANINGS.items()),
        instruction=task.instruction,
    )
