"""The paper's VirtualHome goal-interpretation prompt (appendix I.1), filled from a task.

The wording is the upstream one-shot prompt's (eai-eval 1.0.5). The inputs
come from our task and vocabulary:

- relevant objects, one line each in the format the prompt announces
  (``name, id: ..., states: ..., possible states: ...``): upstream printed no
  id, so objects of one class could not be told apart; the states are the
  initial ones (defaults included); the possible states are the goal states
  our simulator lets the object take (:data:`POSSIBLE_STATES`), where upstream
  printed a per-class list of VirtualHome state words most of which are no
  goal state (``grabbed``, ``hot``...);
- the relation descriptions (upstream's ``relation_types.json``), named as the
  goals print them (ON for ONTOP, CLOSE for NEXT_TO);
- for each relation the classes of its gold target objects over the suite
  (:data:`RELATION_TARGETS`, upstream's ``relation_object_pairs.json``, which
  upstream printed as Python sets, in an order that changed from run to run);
- the actions of our vocabulary with their descriptions (upstream's list
  lacked SLEEP, a gold action goal, and listed LOOKAT_SHORT/LONG, which no
  program uses);
- the task name and instruction.
"""

from __future__ import annotations

from eai.plugin_api import Simulator, Task
from eai_virtualhome.scene import initial_atoms

# Goal states an object can take, by the property that allows them; the
# character can sit and lie; anything can be cleaned (WASH/WIPE need no property).
POSSIBLE_STATES = (("CAN_OPEN", ("CLOSED", "OPEN")), ("HAS_SWITCH", ("ON", "OFF")),
                   ("HAS_PLUG", ("PLUGGED_IN", "PLUGGED_OUT")))
CHARACTER_STATES = ("SITTING", "LYING")
CLEANABLE_STATES = ("CLEAN", "DIRTY")

RELATION_DESCRIPTIONS = {
    "ON": "An object rests atop another, like a book on a table.",
    "FACING": "One object is oriented towards another, as in a person facing a wall.",
    "HOLDS_LH": "An object is held or supported by the left hand, like a left hand holding a ball.",
    "INSIDE": "An object is contained within another, like coins inside a jar.",
    "BETWEEN": "An object is situated spatially between two entities, like a park between two buildings.",
    "HOLDS_RH": "An object is grasped or carried by the right hand, such as a right hand holding a pen.",
    "CLOSE": "Objects are near each other without touching, like two close-standing trees.",
}

# The classes of the target (second) objects of each relation's gold goals in
# the VirtualHome suite (checked against the suite by the tests).
RELATION_TARGETS = {
    "CLOSE": ["cat", "shower"],
    "FACING": ["computer", "laptop", "phone", "remote_control", "television", "toilet"],
    "HOLDS_LH": ["keyboard", "novel", "spectacles", "tooth_paste", "toothbrush", "water_glass"],
    "HOLDS_RH": ["address_book", "cup", "drinking_glass", "mouse", "novel", "phone", "remote_control",
                 "tooth_paste", "toothbrush", "water_glass"],
    "INSIDE": ["bathroom", "dining_room", "freezer", "hands_both", "home_office"],
    "ON": ["bed", "character", "coffe_maker", "couch", "dishwasher", "oven", "table", "toilet", "washing_machine"],
}

TEMPLATE = """Your task is to understand natural language goals for a household robot, reason about the object states and relationships, and turn natural language goals into symbolic goals in the given format. The goals include: node goals describing object states, edge goals describing object relationships and action goals describing must-to-do actions in this goal. The input will be the goal's name, the goal's description, relevant objects as well as their current and all possible states, and all possible relationships between objects. The output should be the symbolic version of the goals.


Relevant objects in the scene indicates those objects involved in the action execution initially. It will include the object name, the object initial states, and the object all possible states. It follows the format: object name, id: ...(object id), states: ...(object states), possible states: ...(all possible states). Your proposed object states should be within the following set: CLOSED, OPEN, ON, OFF, SITTING, DIRTY, CLEAN, LYING, PLUGGED_IN, PLUGGED_OUT.


Relevant objects in the scene are:
{objects}

All possible relationships are the keys of the following dictionary, and the corresponding values are their descriptions:
{relations}


Symbolic goals format:
Node goals should be a list indicating the desired ending states of objects. Each goal in the list should be a dictionary with two keys 'name' and 'state'. The value of 'name' is the name of the object, and the value of 'state' is the desired ending state of the target object. For example, [{{'name': 'washing_machine', 'state': 'PLUGGED_IN'}}, {{'name': 'washing_machine', 'state': 'CLOSED'}}, {{'name': 'washing_machine', 'state': 'ON'}}] requires the washing_machine to be PLUGGED_IN, CLOSED, and ON. It can be a valid interpretation of natural language goal: 
Task name: Wash clothes. 
Task description: Washing pants with washing machine
This is because if one wants to wash clothes, the washing machine should be functioning, and thus should be PLUGGED_IN, CLOSED, and ON.

Edge goals is a list of dictionaries indicating the desired relationships between objects. Each goal in the list is a dictionary with three keys 'from_name', and 'relation' and 'to_name'. The value of 'relation' is desired relationship between 'from_name' object to 'to_name' object. The value of 'from_name' and 'to_name' should be an object name. The value of 'relation' should be an relationship. All relations should only be within the following set: ON, INSIDE, BETWEEN, CLOSE, FACING, HOLDS_RH, HOLDS_LH.

Each relation has a fixed set of objects to be its 'to_name' target. Here is a dictionary where keys are 'relation' and corresponding values is its possible set of 'to_name' objects:
{targets}

Action goals is a list of actions that must be completed in the goals. The number of actions is less than three. If node goals and edge goals are not enough to fully describe the goal, add action goals to describe the goal. Below is a dictionary of possible actions, whose keys are all possible actions and values are corresponding descriptions. When output actions goal list, each action goal should be a dictionary with keys 'action' and 'description'.
{actions}

Goal name and goal description:
Goal name: {name}
Goal description: {instruction}


Now output the symbolic version of the goal. Output in json format, whose keys are 'node goals', 'edge goals', and 'action goals', and values are your output of symbolic node goals, symbolic edge goals, and symbolic action goals, respectively. That is, {{'node goals': SYMBOLIC NODE GOALS, 'edge goals': SYMBOLIC EDGE GOALS, 'action goals': SYMBOLIC ACTION GOALS}}. Please strictly follow the symbolic goal format.
"""


def possible_states(task: Task, obj_id: str) -> list[str]:
    obj = task.object_by_id[obj_id]
    if obj.class_name == "character":
        return list(CHARACTER_STATES)
    return [state for prop, states in POSSIBLE_STATES if obj.has(prop) for state in states] + list(CLEANABLE_STATES)


def _objects(task: Task) -> str:
    states_of: dict[str, list[str]] = {}
    for atom in initial_atoms(task):  # once, not once per object shown
        if len(atom) == 2:
            states_of.setdefault(atom[1], []).append(atom[0])
    lines = []
    for oid in task.relevant:
        states = sorted(states_of.get(oid, []))
        lines.append(f"{task.object_by_id[oid].class_name}, id: {oid.rpartition('.')[2]}, states: {states}, "
                     f"possible states: {possible_states(task, oid)}")
    return "\n".join(lines)


def goal_interpretation_prompt(task: Task, simulator: Simulator) -> str:
    return TEMPLATE.format(
        objects=_objects(task),
        relations=RELATION_DESCRIPTIONS,
        targets=RELATION_TARGETS,
        actions={name: spec.description for name, spec in simulator.vocabulary.actions.items()},
        name=task.name,
        instruction=task.instruction,
    )
