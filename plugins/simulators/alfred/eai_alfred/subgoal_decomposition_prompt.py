"""The subgoal-decomposition prompt (paper appendix I.2), adapted to ALFRED.

The vocabulary of states and skills, the rules of the LTL subgoal format,
one worked example of our own, then the task: its relevant objects, their
initial state and the goal states. The answer is ``{"output": [...]}``, one
subgoal per line, each refined into skills by search. The wording is ours.
"""

from __future__ import annotations

from eai.plugin_api import FewShot, Simulator, Task
from eai_alfred.facts import atoms
from eai_alfred.goal_interpretation_prompt import MEANINGS
from eai_alfred.vocabulary import ACTIONS

RULES = """# Rules
- Each line of the output is a subgoal: a state predicate, or several joined by "and" (all must hold together) or "or" (one of them must hold); "not P(x)" asks for P(x) to be false.
- Lines are in temporal order: each subgoal is reached after the ones before it, and the robot finds the skills that reach it.
- Write objects exactly as listed. Skills may appear in a subgoal (FIND(Apple)), but states are better: they say what must hold.
- An object inside a closed receptacle cannot be taken before the receptacle is open; what the robot holds must be put down before it picks up something else.
- Output only JSON: {"output": [<subgoal>, <subgoal>, ...]}."""

# copied as the answer, it is recorded as the prompt's example (prompt_example)
EXAMPLE_ANSWER = ('{"output": ["is_open(Cabinet_2)", "holds(Mug)", "is_open(Microwave)", "in_receptacle(Mug, Microwave)", '
                  '"not is_open(Microwave)", "is_hot(Mug)", "not is_on(Microwave)", "is_open(Microwave)", "holds(Mug)", '
                  '"in_receptacle(Mug, CoffeeMachine)"]}')
EXAMPLE = """# Example: "Put a heated mug in the coffee machine."
## Objects
Mug (Mug), Cabinet_2 (Cabinet), Microwave (Microwave), CoffeeMachine (CoffeeMachine)
## Initial state
in_receptacle(Mug, Cabinet_2)
not is_open(Cabinet_2)
not is_open(Microwave)
## Goal states
is_hot(Mug)
in_receptacle(Mug, CoffeeMachine)
## Output
""" + EXAMPLE_ANSWER


def subgoal_decomposition_prompt(task: Task, simulator: Simulator, shots: int) -> str:
    """The prompt for ``task``, with the worked example when ``shots`` is 1 (none at 0)."""
    states = "\n".join(f"| {name} | {meaning} |" for name, meaning in MEANINGS.items())
    skills = "\n".join(f"| {spec.name}({', '.join(['x'] * spec.arity)}) | {spec.description} |" for spec in ACTIONS.values())
    goals = [str(lit) for lit in task.goal.state + task.goal.relation]
    parts = [
        "# Task\nYou plan for a household robot. List the intermediate states it must reach, in order, to go from the "
        "initial state to the goal states. Each subgoal is refined into the robot's skills by search.",
        "# States\n| Predicate | Meaning |\n| --- | --- |\n" + states,
        "# Skills\n| Skill | What it does |\n| --- | --- |\n" + skills,
        RULES,
        *(EXAMPLE,)[:shots],
        "# Your task: \"" + task.instruction + "\"\n## Objects\n"
        + ", ".join(f"{oid} ({task.object_by_id[oid].class_name})" for oid in task.relevant)
        + "\n## Initial state\n" + ("\n".join(atoms(task)) or "nothing in particular")
        + "\n## Goal states\n" + ("\n".join(goals) or "none") + "\n## Output",
    ]
    return "\n\n".join(parts) + "\n"


SUBGOAL_DECOMPOSITION = FewShot(subgoal_decomposition_prompt, 1)
