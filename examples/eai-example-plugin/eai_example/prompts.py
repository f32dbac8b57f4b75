"""The lamps world's prompts for the modules it claims: goal interpretation and
action sequencing. Each says exactly what answer it wants; the kernel's
parsers read it (docs/metrics.md). A prompt builder is called with the task
and the simulator (here, for its vocabulary's actions)."""

from __future__ import annotations

from eai.plugin_api import Simulator, Task


def _scene(task: Task, actions) -> str:
    objects = "\n".join(f"- {obj.id} ({obj.class_name}{', has a switch' if obj.has('HAS_SWITCH') else ''})"
                        for obj in task.objects)
    state = ", ".join(f"{name}({arg})" for name, arg in sorted(task.init))
    verbs = "\n".join(f"- {spec.name}(object): {spec.description}" for spec in actions.values())
    return f"Objects:\n{objects}\n\nNow: {state}\n\nActions:\n{verbs}"


def goal_interpretation_prompt(task: Task, simulator: Simulator) -> str:
    return (f"{_scene(task, simulator.vocabulary.actions)}\n\nInstruction: {task.instruction}\n\n"
            "Which states must hold when the instruction is done? Answer with JSON only:\n"
            '{"node goals": [{"name": "lamp.1", "state": "ON"}], "edge goals": [], "action goals": []}')


def action_sequencing_prompt(task: Task, simulator: Simulator) -> str:
    goals = ", ".join(str(literal) for literal in task.goal.state)
    return (f"{_scene(task, simulator.vocabulary.actions)}\n\nGoal: {goals}\n\n"
            "Which actions reach the goal, in order? Answer with JSON only, one [ACTION, object] per step:\n"
            '[["SWITCHON", "lamp.1"]]')
