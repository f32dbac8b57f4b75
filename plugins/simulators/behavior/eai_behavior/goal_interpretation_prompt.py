"""The paper's BEHAVIOR goal-interpretation prompt (appendix I.1), filled from a task.

The wording is the upstream template's (eai-eval 1.0.5). The inputs come
from our task:

- the relevant objects, each with its possible unary states: those its BDDL
  abilities allow (:data:`ABILITY_STATES`; upstream listed the states of the
  iGibson object, which we do not have);
- the initial conditions as the activity's BDDL file states them, in its order;
- the activity name and instruction.

One change to the wording: the set of edge-goal relations names the
relations our simulator knows, ``OnTop`` included (upstream's set left it out
although its examples use it) and ``Touching`` left out (no goal uses it).
"""

from __future__ import annotations

import json

from eai.plugin_api import Simulator, Task

# Printed state name -> the BDDL ability that allows it, in the prompt's order.
ABILITY_STATES = (("Cooked", "cookable"), ("Open", "openable"), ("Frozen", "freezable"), ("Dusty", "dustyable"),
                  ("Stained", "stainable"), ("Sliced", "sliceable"), ("Soaked", "soakable"),
                  ("Toggled_On", "toggleable"))
RELATION_NAMES = ("NextTo", "Inside", "OnFloor", "OnTop", "Under")

STATE_SET = "{" + ", ".join(f'"{name}"' for name, _ in ABILITY_STATES) + "}"
RELATION_SET = "{" + ", ".join(f'"{name}"' for name in RELATION_NAMES) + "}"

TEMPLATE = """You are a helpful assistant for goal interpretation in an embodied environment. You should only output in json format. Your task is to understand natural language goals for a household robot, reason about the object states and relationships, and turn natural language goals into symbolic goal states in the designated format. The goals include: unary goals describing one object's own unary states, and binary goals describing object-object binary relationships. The input will be the goal's name, the goal's description, relevant objects as well as their possible unary states, and all initial unary and binary states. The output should be the symbolic version of the goal states.


Relevant objects in the scene indicates those objects involved in the action execution initially. It will include the object name, and the object's all possible unary states (In goal conditions, each state can be set to true: ["Stained", "cup.n.01_1"] or not true: ["not", ["Stained", "cup.n.01_1"]]). It follows the format: object name including object id, possible unary states: ...(all possible unary states). Your proposed unary object states should be within the following set: {states}


Relevant objects in the scene are:
{objects}

All initial states in the scene are:
{initial}

Symbolic goals format:

Node goal states should be a set indicating the desired final goal states of single objects. Each goal in the list should be a list with two elements: the first element is the state name, which comes from the set {states}; the second element is the object name, which comes from the list of relevant objects in the scene provided above An example being ["Frozen", "chicken.n.01_1"]. To indicate the negation of a state such as the above example, simply use the format ["not", ["Frozen", "chicken.n.01_1"]].


Edge goal states should be a set indicating the desired binary relationships between two objects. Each goal state in the set is a list of three elements: the first element is the state name, which comes from the set {relations}, the second and third elements are the object names, with relationship as indicated by the first element. For example, the edge goal condition ["inside", "tomato.n.01_2", "electric_refrigerator.n.01_1"] indicates that the object "tomato.n.01_2" is inside "electric_refrigerator.n.01_1", and the edge goal condition ["ontop", "plate.n.04_1", "countertop.n.01_1"] indicates that the object "plate.n.04_1" is ontop of the object "countertop.n.01_1". Similar to node goal states, edge goal states and also be negated by simply nesting inside a "not", for example ["not", ["inside", "peach.n.03_1", "jar.n.01_2"]] means that the object "peach.n.03_1" is not inside the object "jar.n.01_2".


Task Name and Goal Instructions:
{instructions}

Now using json format, output just the symbolic version of the goal states without any explanation. Output a single json object string, whose keys are 'node goals' and 'edge goals', and values are your output of symbolic node goals and symbolic edge goals, respectively. That is, your output should be of the format: {{"node goals": SYMBOLIC_NODE_GOALS, "edge goals": SYMBOLIC_EDGE_GOALS}}. Also, please strictly follow the aforementioned symbolic goal format."""


def possible_states(task: Task, obj_id: str) -> list[str]:
    obj = task.object_by_id[obj_id]
    return [name for name, ability in ABILITY_STATES if obj.has(ability)]


def goal_interpretation_prompt(task: Task, simulator: Simulator) -> str:
    return TEMPLATE.format(
        states=STATE_SET,
        relations=RELATION_SET,
        objects="\n".join(f"{oid}: {possible_states(task, oid)}" for oid in task.relevant),
        initial="\n".join(str(condition) for condition in task.extra["behavior"]["bddl_init"]),
        instructions=json.dumps({"Task Name": task.name, "Goal Instructions": task.instruction}, indent=4),
    )
