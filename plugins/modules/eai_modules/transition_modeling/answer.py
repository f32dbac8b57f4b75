"""One task's answer read against the gold: the operators the task needs, what
the model wrote for each, the logic-form scores, and the domains to plan with.

An operator the model left out, or wrote in a block that does not parse, is
*missing*: it scores as predicting nothing and the planner runs without it.
It is never filled in from the gold.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from eai.plugin_api import (
    Counts,
    Domain,
    Operator,
    OperatorParse,
    OperatorScore,
    Problem,
    Task,
    operator_differences,
    parse_problem,
    score_operator,
)
from eai_modules.transition_modeling.gold import GoldModel


@dataclass(frozen=True)
class Answer:
    gold: tuple[Operator, ...]  # the operators the task needs, in its order
    predicted: Mapping[str, Operator]  # the parsed ones among them, named as the gold
    parse: OperatorParse
    problem: Problem
    model: GoldModel

    @classmethod
    def read(cls, parse: OperatorParse, task: Task, model: GoldModel) -> Answer:
        gold = model.operators(task)
        predicted = {op.name: dataclasses.replace(parse.operators[op.name], name=op.name)
                     for op in gold if op.name in parse.operators}
        return cls(gold, predicted, parse, parse_problem(task.transition_model.problem), model)

    @property
    def needed(self) -> tuple[str, ...]:
        return tuple(op.name for op in self.gold)

    def domain(self, operators: tuple[Operator, ...]) -> Domain:
        """The gold domain's types and predicates with these operators."""
        return dataclasses.replace(self.model.domain, operators=operators)

    def predicted_domain(self) -> Domain:
        return self.domain(tuple(self.predicted[name] for name in self.needed if name in self.predicted))

    def swapped_domain(self, name: str) -> Domain:
        """The gold operators the task needs, with ``name`` as predicted (or left out)."""
        swapped = (self.predicted.get(op.name) if op.name == name else op for op in self.gold)
        return self.domain(tuple(op for op in swapped if op is not None))

    def pairs(self) -> list[tuple[Operator, Operator | None, dict[str, str] | None]]:
        """Each needed gold operator, the predicted one of its name (None when
        missing), and how their parameters pair (None: by position)."""
        return [(op, self.predicted.get(op.name), _renaming(self.predicted.get(op.name), op)) for op in self.gold]

    def scores(self) -> list[OperatorScore]:
        return [score_operator(predicted, gold, renaming) for gold, predicted, renaming in self.pairs()]

    def differences(self) -> dict[str, dict[str, dict[str, list[str]]]]:
        """Per needed operator, for its precondition and its effect: the gold
        atoms the answer misses (``missing``) and its atoms that match no gold
        one (``wrong``), as the logic-form score pairs them."""
        return {gold.name: operator_differences(predicted, gold, renaming) for gold, predicted, renaming in self.pairs()}

    @property
    def parse_error(self) -> bool:
        """A needed operator's block did not parse, or the answer has no ``(:action`` block at all."""
        return any(name in self.parse.errors for name in self.needed) or not (self.parse.operators or self.parse.errors)

    def record(self) -> dict[str, Any]:
        """The record fields that need no planner."""
        scores = self.scores()
        by_category: dict[str, Counts] = {}
        for score in scores:
            for category, counts in score.both.by_category(self.model.categories).items():
                by_category[category] = by_category.get(category, Counts()) + counts
        return {
            "operators": list(self.needed),
            "parse_error": self.parse_error,
            "truncated_answer": self.parse.truncated,
            "parse_errors": {name: str(error) for name, error in self.parse.errors.items()},
            "missing": [name for name in self.needed if name not in self.parse.operators and name not in self.parse.errors],
            "extra": [name for name in self.parse.operators if name not in self.needed],
            "logic_form": {
                "precondition": counts_json(sum((s.precondition.counts for s in scores), Counts())),
                "effect": counts_json(sum((s.effect.counts for s in scores), Counts())),
                "by_operator": {s.name: {"precondition": counts_json(s.precondition.counts),
                                         "effect": counts_json(s.effect.counts)} for s in scores},
                "by_category": {c: counts_json(counts) for c, counts in sorted(by_category.items())},
            },
        }


def counts_json(counts: Counts) -> dict[str, int]:
    return {"matched": counts.matched, "predicted": counts.predicted, "gold": counts.gold}


def _renaming(predicted: Operator | None, gold: Operator) -> dict[str, str] | None:
    """Parameters by name when the answer kept the header's names (in any
    order), else None: by position."""
    if predicted is None:
        return None
    names = [v for v, _ in predicted.parameters]
    return {v: v for v in names} if sorted(names) == sorted(v for v, _ in gold.parameters) else None
