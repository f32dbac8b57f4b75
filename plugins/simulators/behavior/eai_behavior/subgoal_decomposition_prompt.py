"""The paper's BEHAVIOR subgoal-decomposition prompt (appendix I.2), filled from a task.

The instructions and the worked example are the upstream prompt's wording
(eai-eval 1.0.5), typos included, without two rows of its state table that
this simulator does not have (``touching``, ``burnt``). The target task is
written as upstream writes it: objects by scene name with the last
underscore a dot (``basket.0``; the agent ``agent_n_01.1``), categories with
underscores (``basket_n_01``), ``toggled_on`` as ``toggledon``; the BDDL
initial literals one per line; each top-level BDDL goal condition on a line,
quantifiers written ``forall(jar_n_01, ...)``, ``forn(2, jar_n_01, ...)``,
``forpairs(basket_n_01, candle_n_01, ...)``. The simulator reads these
spellings back (``bow.0``, ``toggledon``, ``holds_rh``). Deterministic.
"""

from __future__ import annotations

from typing import Any

from eai.plugin_api import FewShot, Simulator, Task, examples_in

INSTRUCTIONS = '''# Background Introduction
You are determining the complete state transitions of a household task solving by a robot. The goal is to list all intermediate states (which is called subgoals as a whole) to achieve the final goal states from the initial states. The output consists of a list of boolean expression, which is a combination of the state predicates. Note that your output boolean expression list is in temporal order, therefore, it must be consistent and logical. In short, your task is to output the subgoal plan in the required format.

# Data Vocabulary Introduction
Below we introduce the detailed data vocabulary and their format that you can use to generate the subgoal plan.
## Available States
The state is represented as a first-order predicate, which is a tuple of a predicate name and its arguments. Its formal definition looks like this "<PredicateName>(Params)", where <PredicateName> is the state name and each param should be ended with an id. An example is "inside(coin.1, jar.1)". Below is a list of available states and their descriptions.
| State Name | Arguments | Description |
| --- | --- | --- |
| inside | (obj1.id, obj2.id) | obj1 is inside obj2. If we have state inside(A, B), and you want to take A out of B while B is openable and stayed at "not open" state, please open B first. Also, inside(obj1, agent) is invalid.|
| ontop | (obj1.id, obj2.id) | obj1 is on top of obj2 |
| nextto | (obj1.id, obj2.id) | obj1 is next to obj2 |
| under | (obj1.id, obj2.id) | obj1 is under obj2 |
| onfloor | (obj1.id, floor2.id) | obj1 is on the floor2 |
| cooked | (obj1.id) | obj1 is cooked |
| dusty | (obj1.id) | obj1 is dusty. If want to change dusty(obj1.id) to "not dusty(obj1.id)", there are two ways to do it, depending on task conditions. Here, all objects other than obj1 are types but not instances: 1. [inside(obj1.id, dishwasher or sink), toggledon(dishwasher or sink)] 2. holding other cleanning tool |
| frozen | (obj1.id) | obj1 is frozen |
| open | (obj1.id) | obj1 is open |
| sliced | (obj1.id) | obj1 is sliced. If want to change "not sliced(obj1.id)" to "sliced(obj1.id)", one must have a slicer. | 
| soaked | (obj1.id) | obj1 is soaked |
| stained | (obj1.id) | obj1 is stained. If want to change stained(obj1.id) to "not stained(obj1.id)", there are three ways to do it, depending on task conditions. Here, all objects other than obj1 are types but not instances: 1. [inside(obj1.id, sink), toggledon(sink)] 2. [soaked(cleaner)] 3. holding detergent. |
| toggledon | (obj1.id) | obj1 is toggled on |
| holds_rh | (obj1.id) | obj1 is in the right hand of the robot |
| holds_lh | (obj1.id) | obj1 is in the left hand of the robot |
## Available Connectives
The connectives are used to satisfy the complex conditions. They are used to combine the state predicates.
| Connective Name | Arguments | Description |
| --- | --- | --- |
| and | exp1 and exp2 | evaluates to true if both exp1 and exp2 are true |
| or | exp1 or exp2 | evaluates to true if either exp1 or exp2 is true |
| not | not exp | evaluates to true if exp is false |
| forall | forall(x, exp) | evaluates to true if exp is true for all x |
| exists | exists(x, exp) | evaluates to true if exp is true for at least one x |
| forpairs | forpairs(x, y, exp) | evaluates to true if exp is true for all pairs of x and y. For example, forpairs(watch, basket, inside(watch, basket)) means that for each watch and basket, the watch is inside the basket. |
| forn | forn(n, x, exp) | evaluates to true if exp is true for exactly n times for x. For example, forn(2, jar_n_01, (not open(jar_n_01)) means that there are exactly two jars that are not open. |
| fornpairs | fornpairs(n, x, y, exp) | evaluates to true if exp is true for exactly n times for pairs of x and y. For example, fornpairs(2, watch, basket, inside(watch, basket)) means that there are exactly two watches inside the basket. |

# Rules You Must Follow
- The initial states are the states that are given at the beginning of the task.
- Your output must be a list of boolean expressions that are in temporal order.
- You must follow the data format and the available states and connectives defined above.
- The output must be consistent, logical and as detailed as possible. View your output as a complete state transition from the initial states to the final goal states.

- Please note that the robot can only hold one object in one hand. Also, the robot needs to have at least one hand free to perform any action other than put, place, take, hold.
- Use holds_rh and holds_lh in your plan if necessary. For example, stained(shoe) cannot directly change to not stained(shoe), but needs intermediate states like [soaked(rag), holds_rh(rag), not stained(shoe)] or [holds_rh(detergent), not stained(shoe)].
- Your output follows the temporal order line by line. If you think there is no temporal order requirement for certain states, you can use connective 'and' to combine them. If you think some states are equivalent, you can use connective 'or' to combine them.
- Please use provided relevant objects well to help you achieve the final goal states. Note that inside(obj1, agent) is an invalid state, therefore you cannot output it in your plan.
- Do not output redundant states. A redundant state means a state that is either not necessary or has been satisfied before without broken. 
- Your must strictly follow the json format like this {"output": [<your subgoal plan>]}, where <your subgoal plan> is a list of boolean expressions presented in the temporal order.
- Start your output with "{" and end with "}". For each line of the output,  DO NOT INCLUDE IRRELEVANT INFORMATION (like number of line, explanation, etc.).

# Example: Task is bottling_fruit
Below we provide an example for your better understanding.
## Relevant objects in this scene
{'name': 'strawberry.0', 'category': 'strawberry_n_01'}
{'name': 'fridge.97', 'category': 'electric_refrigerator_n_01'}
{'name': 'peach.0', 'category': 'peach_n_03'}
{'name': 'countertop.84', 'category': 'countertop_n_01'}
{'name': 'jar.0', 'category': 'jar_n_01'}
{'name': 'jar.1', 'category': 'jar_n_01'}
{'name': 'carving_knife.0', 'category': 'carving_knife_n_01'}
{'name': 'bottom_cabinet_no_top.80', 'category': 'cabinet_n_01'}
{'name': 'room_floor_kitchen.0', 'category': 'floor_n_01'}

## Initial States
inside(strawberry.0, fridge.97)
inside(peach.0, fridge.97)
not sliced(strawberry.0)
not sliced(peach.0)
ontop(jar.0, countertop.84)
ontop(jar.1, countertop.84)
ontop(carving_knife.0, countertop.84)
onfloor(agent_n_01.1, room_floor_kitchen.0)

## Goal States
exists(jar_n_01, (inside(strawberry.0, jar_n_01) and (not inside(peach.0, jar_n_01))))
exists(jar_n_01, (inside(peach.0, jar_n_01) and (not inside(strawberry.0, jar_n_01))))
forall(jar_n_01, (not open(jar_n_01)))
sliced(strawberry.0)
sliced(peach.0)

## Output: Based on initial states in this task, achieve final goal states logically and reasonably. It does not matter which state should be satisfied first, as long as all goal states can be satisfied at the end. Make sure your output follows the json format, and do not include irrelevant information, do not include any explanation. Output concrete states and do not use quantifiers like "forall" or "exists". 
{"output": ["ontop(strawberry.0, countertop.84) and ontop(peach.0, countertop.84)", "holds_rh(carving_knife.0)", "sliced(strawberry.0) and sliced(peach.0)", "inside(strawberry.0, jar.0) and not inside(peach.0, jar.0)", "inside(peach.0, jar.1) and not inside(strawberry.0, jar.1)", "not open(jar.0) and not open(jar.1)"]}'''

TARGET = """Now, it is time for you to generate the subgoal plan for the following task.
# Target Task: {name}
## Relevant objects in this scene
{objects}

## Initial States
{initial}

## Goal States
{goal}

## Output: Based on initial states in this task, achieve final goal states logically and reasonably. It does not matter which state should be satisfied first, as long as all goal states can be satisfied at the end. Make sure your output follows the json format, and do not include irrelevant information, do not include any explanation. Output concrete states and do not use quantifiers like "forall" or "exists"."""


EXAMPLES = examples_in(INSTRUCTIONS + "\n\n", ("# Example: Task is bottling_fruit",))  # one worked example


def subgoal_decomposition_prompt(task: Task, simulator: Simulator, shots: int) -> str:
    """The prompt: the instructions with the worked example when ``shots`` is 1 (none at 0), then the target task."""
    behavior = task.extra["behavior"]
    names: dict[str, str] = behavior["scene_names"]
    categories = {task.object_by_id[oid].class_name: _category(task.object_by_id[oid].class_name)
                  for oid in task.relevant}
    goal = behavior["bddl_goal"]
    conditions = goal[1:] if goal and goal[0] == "and" else [goal]
    objects = [str({"name": _formula_name(names[oid]), "category": categories[task.object_by_id[oid].class_name]})
               for oid in task.relevant]
    initial = [_literal([_formula_name(names.get(term, term)) for term in item]) for item in behavior["bddl_init"]]
    target = TARGET.format(name=task.name, objects="\n".join(objects), initial="\n".join(initial),
                           goal="\n".join(_condition(_rename(c, names, categories)) for c in conditions))
    return EXAMPLES.kept(shots) + target



SUBGOAL_DECOMPOSITION = FewShot(subgoal_decomposition_prompt, len(EXAMPLES.items))

def _category(class_name: str) -> str:
    return class_name.replace(".", "_")


def _formula_name(name: str) -> str:
    """``basket_0`` -> ``basket.0``, ``agent.n.01_1`` -> ``agent_n_01.1``, ``toggled_on`` -> ``toggledon``."""
    if name == "toggled_on":
        return "toggledon"
    head, underscore, tail = name.replace(".", "_").rpartition("_")
    return f"{head}.{tail}" if underscore else name


def _literal(terms: list[str]) -> str:
    if terms[0] == "not":
        return f"not {terms[1]}({', '.join(terms[2:])})"
    return f"{terms[0]}({', '.join(terms[1:])})"


def _rename(expr: Any, names: dict[str, str], categories: dict[str, str]) -> Any:
    """A BDDL condition with objects by their formula names and types by category."""
    if isinstance(expr, list):
        return [_rename(part, names, categories) for part in expr]
    term = names.get(str(expr).lstrip("?"), str(expr).lstrip("?"))
    return categories.get(term) or _formula_name(term)


def _condition(body: list[Any], level: int = 0) -> str:
    """One BDDL condition as upstream's simplified LTL (quantifiers as functions,
    nested connectives in parentheses)."""
    head = body[0]

    def inner(part: list[Any]) -> str:
        return _condition(part, level + 1)

    if head in ("forall", "exists"):
        return f"{head}({body[1][2]}, {inner(body[2])})"
    if head == "forn":
        return f"forn({body[1][0]}, {body[2][2]}, {inner(body[3])})"
    if head == "forpairs":
        return f"forpairs({body[1][2]}, {body[2][2]}, {inner(body[3])})"
    if head == "fornpairs":
        return f"fornpairs({body[1][0]}, {body[2][2]}, {body[3][2]}, {inner(body[4])})"
    if head in ("and", "or", "not"):
        text = f"not {inner(body[1])}" if head == "not" else f" {head} ".join(inner(part) for part in body[1:])
        return f"({text})" if level else text
    return f"{head}({', '.join(body[1:])})"
