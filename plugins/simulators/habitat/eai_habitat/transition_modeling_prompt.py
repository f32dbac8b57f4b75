"""Transition modeling for habitat tasks, in the shape of the paper's prompt
(appendix I.4): the domain's types and predicates, the task's PDDL problem,
and the headers of the operators the task needs, whose preconditions and
effects the answer writes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from eai.plugin_api import Task, fill_transition_prompt

if TYPE_CHECKING:
    from eai_habitat.simulator import HabitatSimulator

TEMPLATE = """The following are the types and predicates of a PDDL domain of a household robot (the habitat ReplicaCAD rearrangement domain). Pay attention to the types of each predicate.
<domain>

Objective: given the PDDL problem below, which defines the objects of the task (:objects), its initial state (:init) and its goal (:goal), write the body (:precondition and :effect) of the PDDL actions named below, with the parameters given.
An action has four parts:
(:action [name]
  :parameters ([parameters])
  :precondition ([precondition])
  :effect ([effect])
)
The precondition is a first-order formula over the predicates with and, or, not, exists and forall. The effect lists what the action makes true and false: predicates, (not ...) for what becomes false, (when [condition] [effect]) for what happens only where the condition holds before the action, and (forall (?x - type) [effect]) for every object of a type. Every predicate must be used with the number and types of arguments the domain declares.

Problem:
<problem>

Actions to write:
<operators>
Output: only the PDDL of these actions.
"""


def transition_modeling_prompt(task: Task, simulator: HabitatSimulator) -> str:
    """The prompt for ``task``, with the suite's gold domain file as it is written."""
    return fill_transition_prompt(TEMPLATE, task, simulator.domain_text())
