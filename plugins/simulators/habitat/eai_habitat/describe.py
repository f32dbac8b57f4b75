"""The parts every habitat prompt shows: objects, the initial state, predicates, actions,
and how its example answer is introduced.

Deterministic: objects in the task's order, facts sorted.
"""

from __future__ import annotations

from eai.plugin_api import Task, format_atom
from eai_habitat.scene import CAB_TYPE, FRIDGE_TYPE, MOVABLE_TYPE, PLACE_TYPE, ROBOT_TYPE
from eai_habitat.vocabulary import ACTIONS

ROLES = {ROBOT_TYPE: "the robot", PLACE_TYPE: "a receptacle (NAV to it, PLACE on it)",
         FRIDGE_TYPE: "the fridge's push point (NAV to it to open or close the fridge)",
         CAB_TYPE: "a drawer's push point (NAV to it to open or close the drawer)"}
PREDICATES = (
    ("on_top", "(obj, receptacle)", "obj stands on (or in) the receptacle"),
    ("in", "(obj, articulated)", "obj is inside the fridge or drawer whose push point is named"),
    ("holding", "(obj)", "the robot holds obj"),
    ("not_holding", "(robot_0)", "the robot's hand is empty"),
    ("robot_at", "(place)", "the robot is at a receptacle or a push point"),
    ("opened_fridge", "(fridge_push_point)", "the fridge is open"),
    ("closed_fridge", "(fridge_push_point)", "the fridge is closed"),
    ("opened_cab", "(cab_push_point_N)", "drawer N is open"),
    ("closed_cab", "(cab_push_point_N)", "drawer N is closed"),
)

# Each prompt's example answer is another house's, of a task of its own: copying it answers no task here
EXAMPLE_INTRO = 'An example from another house, whose objects are not in this one: for "{task}", the answer is'


def example(task: str, answer: str, shots: int) -> str:
    """The prompt's example, ``answer`` for ``task`` after :data:`EXAMPLE_INTRO` ("" at ``shots`` 0)."""
    return f" {EXAMPLE_INTRO.format(task=task)}\n{answer}" if shots else ""


def objects(task: Task) -> list[str]:
    """One line per object: its id and what it is."""
    lines = []
    for obj in task.objects:
        kind = next(iter(obj.properties), "")
        what = f"{obj.class_name.replace('_', ' ')} (movable)" if kind == MOVABLE_TYPE else ROLES.get(kind, kind)
        lines.append(f"{obj.id}: {what}")
    return lines


def initial_state(task: Task) -> list[str]:
    """The initial facts, sorted, ``part_of`` (which receptacle is inside which push point's object) included."""
    return sorted(format_atom(atom) for atom in task.init)


def predicates() -> list[str]:
    return [f"{name}{args}: {meaning}" for name, args, meaning in PREDICATES]


def actions() -> list[str]:
    return [f"{name}(obj): {spec.description}" for name, spec in ACTIONS.items()]
