"""The paper's VirtualHome action-sequencing prompt (appendix I.3), filled from a task.

The wording is the upstream prompt's (eai-eval 1.0.5, the version asking for
object names with their ids), plus one sentence saying that keys may repeat.
The input part is built from our task: the relevant objects with ids and
properties; every relevant object but the character with its initial states
(defaults included) and properties; the initial relations among relevant
objects (ONTOP printed as ON, NEXT_TO as NEAR); the goals (ONTOP printed as
ON, NEXT_TO as CLOSE, as the upstream goals read); the action definitions of
the vocabulary; for a generated task (docs/generation.md), its instruction and
LTL goal too. Everything is sorted, so the text is deterministic.
"""

from __future__ import annotations

from eai.plugin_api import ActionSpec, Atom, Literal, Simulator, Task
from eai_virtualhome.scene import initial_atoms

SEPARATOR = "-----------------"
EDGE_NAMES = {"ONTOP": "ON", "NEXT_TO": "NEAR"}
GOAL_EDGE_NAMES = {"ONTOP": "ON", "NEXT_TO": "CLOSE"}

HEADER = """The task is to guide the robot to take actions from the current state to fulfill some node goals, edge goals, and action goals. The input will be the related objects in the scene, nodes and edges in the current environment, and the desired node goals, edge goals, and action goals. The output should be action commands in JSON format so that after the robot executes the action commands sequentially, the ending environment would satisfy the goals.

Data format:
Objects in the scene indicates those objects involved in the action execution. It follows the format: <object_name> (object_id)

Nodes and edges in the current environment shows the nodes' names, states and properties, and edges in the environment.
Nodes follow the format: object_name, states:... , properties:...
Edges follow the format: object_name A is ... to object_name B

Node goals show the target object states in the ending environment. They follow the format: object_name is ... (some state)

Edge goals show the target relationships of objects in the ending environment. They follow the format: object_name A is ... (some relationship) to object_name B.

Action goals specify the necessary actions you need to include in your predicted action commands sequence, and the order they appear in action goals should also be the RELATIVE order they appear in your predicted action commands sequence if there are more than one line. Each line in action goals include one action or more than one actions concatenated by OR. You only need to include ONE of the actions concatenated by OR in the same line. For example, if the action goal is:
The following action(s) should be included:
GRAB
TYPE or TOUCH
OPEN
------------------------
Then your predicted action commands sequence should include GRAB, either TYPE or TOUCH, and OPEN. Besides, GRAB should be executed earlier than TYPE or TOUCH, and TYPE or TOUCH should be executed earlier than OPEN.
If the action goal is:
The following action(s) should be included:
There is no action requirement.
It means there is no action you have to include in output, and you can use any action to achieve the node and edge goals. Warning: No action requirement does not mean empty output. You should always output some actions and their arguments.

Action commands include action names and objects. Each action's number of objects is fixed (0, 1, or 2), and the output should include object names followed by their IDs:
[]: Represents 0 objects.
[object, object_id]: Represents 1 object.
[object 1, object_1_id, object 2, object_2_id]: Represents 2 objects.
The output must be in JSON format, where:
Dictionary keys are action names.
Dictionary values are lists containing the objects (with their IDs) for the corresponding action.
The order of execution is determined by the order in which the key-value pairs appear in the JSON dictionary.
The same action name may appear as a key more than once (for example two WALK commands); each occurrence is executed in its place.

For example, If you want to first FIND the sink and then PUTBACK a cup into the sink, you should express it as:
{
  "FIND": ["sink", "sink_id"],
  "PUTBACK": ["cup", "cup_id", "sink", "sink_id"]
}

The object of action also needs to satisfied some properties preconditions. For example, SWITCHON's object number is 1. To switch on something, the object should 'HAS_SWITCH'. The rule is represented as SWITCHON = ("Switch on", 1, [['HAS_SWITCH']]). Another example is POUR. POUR's object number is 2. To pour sth A into sth B, A should be pourable and drinkable, and B should be RECIPIENT. The rule is represented as POUR = ("Pour", 2, [['POURABLE', 'DRINKABLE'], ['RECIPIENT']]).

Action Definitions Format:
Each action is defined as a combination of:
Action Name (String): A descriptive name for the action.
Required Number of Parameters (Integer): The count of parameters needed to perform the action.
Preconditions for Each Object (List of Lists of Strings): Conditions that must be met for each object involved in the action.

Supported Actions List:
"""

NOTICE = """Notice:
1. CLOSE action is opposed to OPEN action, CLOSE sth means changing the object's state from OPEN to CLOSE.

2. You cannot [PUTIN] <character> <room name>. If you want robot INSIDE some room, please [WALK] <room name>.

3. The subject of all these actions is <character>, that is, robot itself. Do not include <character> as object_name. NEVER EVER use character as any of the object_name, that is, the argument of actions.

4. The action name should be upper case without white space.

5. Importantly, if you want to apply ANY action on <object_name>, you should NEAR it. Therefore, you should apply WALK action as [WALK] <object_name> to first get near to the object before you apply any following actions, if you have no clue you are already NEAR <object_name>

6. Output only object names and their IDs, not just the names.

7. Output should not be empty! Always output some actions and their arguments.

8. If you want to apply an action on an object, you should WALK to the object first.
"""

FOOTER = """Please output the list of action commands in json format so that after the robot executes the action commands sequentially, the ending environment would satisfy all the node goals, edge goals and action goals. The dictionary keys should be action names. The dictionary values should be a list containing the objects of the corresponding action. Only output the json of action commands in a dictionary with nothing else.

Output:
"""


def _listing(items) -> str:
    return "[" + ", ".join(f"'{item}'" for item in items) + "]"


def action_line(spec: ActionSpec) -> str:
    """``CLOSE: (1, [['CAN_OPEN']]) # Change state from OPEN to CLOSED``"""
    needs = "[" + ", ".join(_listing(req) for req in spec.requirements) + "]"
    return f"{spec.name}: ({spec.arity}, {needs}) # {spec.description}"


class _Names:
    def __init__(self, task: Task) -> None:
        self.objects = task.object_by_id

    def name(self, obj_id: str) -> str:
        return self.objects[obj_id].class_name

    def tagged(self, obj_id: str) -> str:
        return f"<{self.name(obj_id)}> ({obj_id.rpartition('.')[2]})"


def _objects(task: Task) -> str:
    lines = ["Objects in the scene:"]
    for oid in task.relevant:
        obj = task.object_by_id[oid]
        lines.append(f"{obj.class_name}, id: {oid.rpartition('.')[2]}, properties: {_listing(sorted(obj.properties))}")
    return "\n".join(lines + [SEPARATOR])


def _environment(task: Task, names: _Names, atoms: set[Atom]) -> str:
    relevant = set(task.relevant)
    character = next((o for o in task.relevant if names.name(o) == "character"), None)
    states_of: dict[str, list[str]] = {}  # one pass over the atoms, not one per object
    relations = []
    for atom in atoms:
        if len(atom) == 2:
            states_of.setdefault(atom[1], []).append(atom[0])
        elif len(atom) == 3 and atom[1] in relevant and atom[2] in relevant:
            relations.append(atom)
    nodes = []
    for oid in task.relevant:
        if oid == character:
            continue
        states = sorted(states_of.get(oid, ()))
        props = sorted(task.object_by_id[oid].properties)
        nodes.append(f"{names.name(oid)}, states: {_listing(states)}, properties:{_listing(props)}")
    edges = [f"{names.tagged(a[1])} is {EDGE_NAMES.get(a[0], a[0])} to {names.tagged(a[2])}" for a in sorted(relations)]
    return "\n".join(["Nodes:", *nodes, "", "Edges:", *edges, SEPARATOR])


def _goal_line(lit: Literal, names: _Names) -> str:
    atom = lit.atom
    neg = "" if lit.positive else "not "
    if len(atom) == 2:
        return f"{names.name(atom[1])} is {neg}{atom[0]}"
    return f"{names.name(atom[1])} is {neg}{GOAL_EDGE_NAMES.get(atom[0], atom[0])} to {names.name(atom[2])}"


def _action_goals(steps: tuple[tuple[str, ...], ...]) -> str:
    if not steps:
        return "There is no action requirement."
    return "\n".join(["The following action(s) should be included:", *(" or ".join(s) for s in steps), SEPARATOR])


def generated_goal(task: Task) -> list[str]:
    """A generated task's instruction and LTL goal, which say what node and
    edge goals cannot (which of several objects, in which order, with which
    hands); nothing for a benchmark's task, whose prompt stays upstream's."""
    if not task.generation:
        return []
    return [f"The task in words: {task.instruction}",
            f'The goal as an LTL formula ("A then B": A holds first, B after it): {task.goal.ltl}', SEPARATOR, ""]


def action_sequencing_prompt(task: Task, simulator: Simulator) -> str:
    names = _Names(task)
    atoms = initial_atoms(task)
    parts = [
        HEADER + "\n".join(action_line(spec) for spec in simulator.vocabulary.actions.values()),
        "",
        NOTICE,
        "Input:",
        "The relevant objects in the scene are:",
        _objects(task),
        "",
        "The current environment state is",
        _environment(task, names, atoms),
        "",
        "Node goals are:",
        *(_goal_line(lit, names) for lit in task.goal.state),
        SEPARATOR,
        "",
        "Edge goals are:",
        *(_goal_line(lit, names) for lit in task.goal.relation),
        SEPARATOR,
        "",
        "Action goals are:",
        _action_goals(task.goal.action),
        "",
        *generated_goal(task),
        FOOTER,
    ]
    return "\n".join(parts)
