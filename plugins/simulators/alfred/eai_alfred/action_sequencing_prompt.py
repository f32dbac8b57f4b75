"""The action-sequencing prompt, in EB-ALFRED's style: skills and their rules,
the task's numbered action list, the instruction, and EB-ALFRED's output
format ``{"executable_plan": [{"action_id": ..., "action_name": ...}]}``.

EB-ALFRED shows its agent a camera image; in its place the prompt states what
the paper's prompts state (appendix I.3): where the task's relevant objects
are at the start and which of them are open or on (:mod:`eai_alfred.facts`).
The wording is ours.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from eai.plugin_api import Task
from eai_alfred.actions import action_list
from eai_alfred.facts import facts

if TYPE_CHECKING:
    from eai_alfred.simulator import AlfredSimulator

HEADER = """## You are a robot in a home. You carry out a human's instruction with a set of skills, one after another.

## Skills and when they can be done
- find a X: go to X. Always possible while X is in the scene. Afterwards the robot can reach X, what is in or on X, the receptacle holding X, what else that receptacle holds, and the faucet by a sink.
- pick up the X: possible when X is within reach, not inside a closed receptacle, and the robot holds nothing.
- put down the object in hand: puts what the robot holds into or onto the receptacle it found last, which must be open if it opens.
- drop the object in hand: lets what the robot holds fall to the floor.
- open the X, close the X: possible when X is within reach; something turned on must be turned off before it is opened.
- turn on the X, turn off the X: possible when X is within reach; a microwave must be closed to turn on.
- slice the X: possible when X is within reach and the robot holds a knife (Knife or ButterKnife). The slices lie where X lay; pick up the X then picks up a slice.
Turning on a faucet cleans what is in its sink; turning on a microwave heats what is in it; closing a fridge cools what is in it."""

GUIDELINES = """## Guidelines
1. Find an object before you act on it, unless the last object you found brought it within reach.
2. Objects of one type are told apart by a number: Cabinet, Cabinet_2, Cabinet_3. Try other instances if one does not hold what you look for.
3. Use only the actions listed, each with its own action id."""

FOOTER = """Output a JSON object {{"reasoning_and_reflection": str, "executable_plan": [{{"action_id": int, "action_name": str}}, ...]}} whose executable_plan lists, in order, the actions (ids 0 ~ {last}) that carry out the instruction. Output only the JSON."""


def action_sequencing_prompt(task: Task, simulator: AlfredSimulator) -> str:
    actions = action_list(task, simulator.skills())
    known = facts(task)
    parts = [
        HEADER,
        "## What the robot knows at the start\n" + "\n".join(f"- {line}" for line in known or ["Nothing in particular."]),
        f"## The available action ids (0 ~ {len(actions) - 1}) and action names are:\n"
        + ", ".join(f"action id {i}: {name}" for i, name in enumerate(actions)),
        GUIDELINES,
        f"## Now the human instruction is: {task.instruction.rstrip('.')}.",
        FOOTER.format(last=len(actions) - 1),
    ]
    return "\n\n".join(parts) + "\n"
