"""Subgoal plans for BEHAVIOR's bottling_fruit ("Slice the strawberry and the
peach, put the sliced strawberry and peach in separate jars, and close the
jars"), as a careful model might write them: the goal-derived plans and
natural variants. Used by tests/modules/test_subgoal_decomposition_behavior.py
and benchmarks/subgoal_variants.py."""

from __future__ import annotations

from eai.simulation.simulator import Simulator
from eai.world import Task
from eai_modules.subgoal_decomposition import goal_subgoal_plan

NAME = "bottling_fruit"
S, P, J1, J2 = "strawberry.n.01_1", "peach.n.03_1", "jar.n.01_1", "jar.n.01_2"
SLICED = [f"sliced({S})", f"sliced({P})"]
CLOSED = [f"not open({J1})", f"not open({J2})"]

SENSIBLE = {
    "instruction order": SLICED + [f"inside({S}, {J1})", f"inside({P}, {J2})"] + CLOSED,
    "opening the jars": SLICED + [f"open({J1})", f"inside({S}, {J1})", f"open({J2})", f"inside({P}, {J2})"] + CLOSED,
    "one fruit at a time": [f"sliced({S})", f"inside({S}, {J1})", f"not open({J1})",
                            f"sliced({P})", f"inside({P}, {J2})", f"not open({J2})"],
    "the slices named": SLICED + [f"inside({x}_part_{i}, {jar})" for x, jar in ((S, J1), (P, J2)) for i in (0, 1)]
    + CLOSED,
    "knife and fridge first": ["open(electric_refrigerator.n.01_1)", "holding_right(carving_knife.n.01_1)", *SLICED,
                               f"inside({S}, {J1})", f"inside({P}, {J2})", *CLOSED],
}
"""Plans that reach the goal: each refines within the default budget."""

JOINED = [" and ".join(SLICED), f"inside({S}, {J1}) and inside({P}, {J2})", " and ".join(CLOSED)]
"""Both fruits in one line: one search for a ten-step plan, beyond the default budget."""


def plans(task: Task, simulator: Simulator) -> dict[str, list[str]]:
    """Every plan above by name, the goal-derived ones first."""
    return {"goal-derived, relations first": goal_subgoal_plan(task, simulator),
            "goal-derived, states first": goal_subgoal_plan(task, simulator, ("state", "relation")),
            **SENSIBLE, "joined lines": JOINED}
