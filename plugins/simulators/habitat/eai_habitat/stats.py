"""Habitat's own figures for ``eai tasks stats``: tasks by split, goals by kind, plan lengths."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

from eai.plugin_api import Task, ltl
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


def goal_kind(text: str) -> str:
    """The goal's quantifiers, negated ones marked (``exists``, ``forall``,
    ``not exists``), or ``no quantifier``."""
    return " and ".join(sorted(set(_quantifiers(ltl.parse(text), False)))) or "no quantifier"


def _quantifiers(formula: ltl.Formula, negated: bool) -> Iterator[str]:
    if isinstance(formula, (ltl.Exists, ltl.Forall)):
        yield ("not " if negated else "") + ("exists" if isinstance(formula, ltl.Exists) else "forall")
        yield from _quantifiers(formula.body, negated)
    elif isinstance(formula, ltl.Not):
        yield from _quantifiers(formula.arg, not negated)
    elif isinstance(formula, (ltl.And, ltl.Or)):
        for arg in formula.args:
            yield from _quantifiers(arg, negated)


def _predicates(task: Task) -> set[str]:
    names = VOCABULARY.state_predicates | VOCABULARY.relation_predicates
    return {p.name for p in propositions(ltl.parse(task.goal.ltl)) if p.name in names}
