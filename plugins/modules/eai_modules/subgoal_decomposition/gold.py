"""The goal-derived subgoal plan of a task: its gold goals, one subgoal per line.

Lines come in a fixed order: the action goals in order (the LTL goals put
them first), then the relation and state goals in the simulator's
``subgoal_order`` (negative literals written ``not P(x)``), or in the
``order`` given. Relations before states suits VirtualHome, where states
are finishing touches (close the washing machine after loading it): 334 of
342 plans succeed, 315 with states first; ALFRED's states come first (clean
the ladle, then put it on the table).

An action goal names actions but no object; its line takes the objects from
the gold program: those of the first gold step, after the step the previous
action goal used, whose action is one of the goal's alternatives. Each
alternative taking that many objects is written with them, joined by
``or``: ``LOOKAT(tv.410) or WATCH(tv.410)``. A goal no gold step matches
keeps its names with no objects (``SLEEP()``), which the module reports as it
would a model's.

A goal with quantifiers (BEHAVIOR) has many groundings; its lines are the
literals the goal check reads on the final state of the gold program (the
goal option that program reaches, :meth:`eai.simulation.goals.GoalChecker.literals`),
so that they are achievable together whenever the gold program succeeds.
"""

from __future__ import annotations

from eai.plugin_api import Action, GoalChecker, Simulator, Task, execute_plan


def goal_subgoal_plan(task: Task, simulator: Simulator, order: tuple[str, str] | None = None) -> list[str]:
    """The subgoal lines of ``task``'s gold goals."""
    vocabulary = simulator.vocabulary
    lines, position = [], 0
    for alternatives in task.goal.action:
        found = _find(task.gold_plan, alternatives, position)
        if found is None:
            lines.append(" or ".join(f"{name}()" for name in alternatives))
            continue
        position, used = found
        names = [name for name in alternatives
                 if name in vocabulary.actions and vocabulary.actions[name].arity == len(used.args)]
        lines.append(" or ".join(str(Action(name, used.args)) for name in names))
    final = execute_plan(simulator.world(task), task.gold_plan).trajectory.final
    return lines + [str(lit) for lit in simulator.goal_lines(*GoalChecker(task, vocabulary).literals(final), order)]


def _find(plan: tuple[Action, ...], names: tuple[str, ...], start: int) -> tuple[int, Action] | None:
    """(position after, step) of the first step from ``start`` doing one of ``names``."""
    for i in range(start, len(plan)):
        if plan[i].name in names:
            return i + 1, plan[i]
    return None
