"""A goal interpreted by a model, as the goal of a task the next stage of a
pipeline works on (:meth:`GoalInterpretation.interpreted_goal`).

Each readable predicted goal becomes a literal (an object name standing for
several objects takes the first candidate: the task's relevant objects first,
as goal interpretation resolves names), each predicted action an action step.
Hallucinated and malformed goals are dropped: the next stage never sees them.
The LTL goal is written as the VirtualHome annotations write theirs: the
action steps in order, then the conjunction of the literals.
"""

from __future__ import annotations

from eai.plugin_api import Goal, Literal, Simulator, Task, ltl
from eai_modules.goal_interpretation.parse import ParsedGoals
from eai_modules.goal_interpretation.resolve import ACTION, STATE, Resolver


def predicted_goal(parsed: ParsedGoals, task: Task, simulator: Simulator) -> Goal:
    resolver = Resolver(task, simulator.vocabulary, lambda: simulator.world(task))
    state: list[Literal] = []
    relation: list[Literal] = []
    actions: list[tuple[str, ...]] = []
    for prediction in resolver.predictions(parsed.goals):
        if prediction.problem:
            continue
        if prediction.kind == ACTION:
            actions.append((prediction.predicate,))
            continue
        literal = Literal(prediction.positive, (prediction.predicate, *(c[0] for c in prediction.candidates)))
        kind = state if prediction.kind == STATE else relation
        if literal not in kind:
            kind.append(literal)
    return Goal(_ltl(state + relation, actions), tuple(state), tuple(relation), tuple(actions))


def _ltl(literals: list[Literal], actions: list[tuple[str, ...]]) -> str:
    parts: list[ltl.Formula] = [ltl.Exists("x0", _any(step, "x0")) for step in actions]
    atoms = [ltl.Prim(lit.atom[0], lit.atom[1:]) for lit in literals]
    signed = [a if lit.positive else ltl.Not(a) for a, lit in zip(atoms, literals)]
    if signed:
        parts.append(signed[0] if len(signed) == 1 else ltl.And(tuple(signed)))
    if not parts:
        return ""
    return ltl.to_text(parts[0] if len(parts) == 1 else ltl.Then(tuple(parts)))


def _any(step: tuple[str, ...], var: str) -> ltl.Formula:
    prims = tuple(ltl.Prim(name, (var,)) for name in step)
    return prims[0] if len(prims) == 1 else ltl.Or(prims)
