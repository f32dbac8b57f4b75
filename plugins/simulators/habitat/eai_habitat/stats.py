"""Habitat's own figures for ``eai tasks stats``: tasks by split, goals by kind, plan lengths."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from eai.ltl import And, Exists, Forall, Formula, Not, Or, parse
from eai.world import Task
from eai_habitat.problem import propositions
from eai_habitat.vocabulary import VOCABULARY


def figures(tasks: Sequence[Task]) -> dict[str, Any]:
    """Tasks by name (the split, or EB's subset), goals by kind (the
    goal's quantifier, and each predicate it uses), gold plan lengths, and
    the tasks whose goal holds from the start."""
    steps = Counter(len(t.gold_plan) for t in tasks)
    return {
        "by_name": dict(sorted(Counter(t.name for t in tasks).items())),
        "goal_kinds": dict(sorted(Counter(goal_kind(t.goal.ltl) for t in tasks).items())),
        "goal_predicates": dict(sorted(Counter(p for t in tasks for p in _predicates(t)).items())),
        "gold_plan_steps": [[n, steps[n]] for n in sorted(steps)],  # [steps, tasks]
        "satisfied_at_start": [t.id for t in tasks if t.extra["habitat"]["satisfied_at_start"]],
    }


def goal_kind(ltl: str) -> str:
    """The goal's quantifiers, negated ones marked (``exists``, ``forall``,
    ``not exists``), or ``no quantifier``."""
    return " and ".join(sorted(set(_quantifiers(parse(ltl), False)))) or "no quantifier"


def _quantifiers(formula: Formula, negated: bool) -> Iterator[str]:
    if isinstance(formula, (Exists, Forall)):
        yield ("not " if negated else "") + ("exists" if isinstance(formula, Exists) else "forall")
        yield from _quantifiers(formula.body, negated)
    elif isinstance(formula, Not):
        yield from _quantifiers(formula.arg, not negated)
    elif isinstance(formula, (And, Or)):
        for arg in formula.args:
            yield from _quantifiers(arg, negated)


def _predicates(task: Task) -> set[str]:
    names = VOCABULARY.state_predicates | VOCABULARY.relation_predicates
    return {p.name for p in propositions(parse(task.goal.ltl)) if p.name in names}
