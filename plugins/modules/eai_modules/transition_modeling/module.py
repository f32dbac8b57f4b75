"""Transition modeling (paper sections 2.6, D.4, appendix F): the model writes
the preconditions and effects of the operators a task needs; they are matched
against the gold operators (logic form, per predicate category) and a planner
solves the task's problem with them.

The planning domain is the gold domain's types and predicates with the
model's operators for the task, and nothing else: an operator the model
omitted, garbled, or wrote so that the planner rejects it is missing. The
goal is the task's PDDL goal, which holds state goals only. With the
``sensitivity`` option, each needed operator is also swapped alone into the
gold operators of the task, and the task re-planned (appendix F).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eai import EaiError
from eai.plugin_api import (
    OTHER_OUTCOMES,
    AbilityModule,
    Column,
    Env,
    OperatorParse,
    PlanResult,
    Plugins,
    Record,
    ScoreProgress,
    TableSpec,
    Task,
    Vocabulary,
    columns,
    parse_operators,
)
from eai_modules.transition_modeling.answer import Answer
from eai_modules.transition_modeling.gold import gold_model
from eai_modules.transition_modeling.planning import PlanningOptions, solve
from eai_modules.transition_modeling.summary import summarize

COLUMNS = tuple(
    Column("Logic form F1", header, ("by_category", category, "f1"))
    for header, category in (("Object states", "object_states"), ("Object orientation", "object_orientation"),
                             ("Object affordance", "object_affordance"), ("Spatial relations", "spatial_relations"),
                             ("Non-spatial relations", "non-spatial_relations"))
) + columns("Overall", ("F1", ("f1",)), ("Planner SR", ("planner_success_rate",))) + (
    Column(OTHER_OUTCOMES, "Parse error", ("parse_error_rate",), "parsing"),
    Column(OTHER_OUTCOMES, "Budget exhausted", ("planner_outcomes", "budget_exhausted"), "planner budget_exhausted", of_n=True))


class TransitionModeling(AbilityModule):
    name = "transition_modeling"
    description = "PDDL preconditions and effects of the operators a task needs; logic form and planning (paper Φ)"
    needs_simulator = False
    default_planner = "fast_downward"
    tables = (TableSpec("Table 7", "Transition modeling (%): logic-form F1 by predicate category, planner success",
                        "transition_modeling", COLUMNS),)

    def applies_to(self, task: Task) -> bool:
        return task.transition_model is not None

    def parse(self, text: str, cut: bool = False) -> OperatorParse:
        return parse_operators(text, cut)

    def in_format(self, parsed: OperatorParse, vocabulary: Vocabulary) -> bool:
        """An ``(:action`` block was found."""
        return bool(parsed.operators or parsed.errors)

    def evaluate(self, parsed: OperatorParse, task: Task, env: Env) -> Record:
        return self.evaluate_all([(parsed, task)], env)[0]

    def evaluate_all(self, items: Sequence[tuple[OperatorParse, Task]], env: Env,
                     progress: ScoreProgress = lambda done, total: None) -> list[Record]:
        options = PlanningOptions.read(env.options, self.default_planner)
        answers = [Answer.read(parsed, task, gold_model(env.plugins, task.suite)) for parsed, task in items]
        jobs = []
        for answer in answers:
            jobs.append((answer.predicted_domain(), answer.problem))
            if options.sensitivity:
                jobs += [(answer.swapped_domain(name), answer.problem) for name in answer.needed]
        results = iter(solve(jobs, env.plugins, options, progress))
        records = []
        for answer, (_, task) in zip(answers, items):
            record = {"categories": list(task.transition_model.categories), **answer.record(), **_planned(next(results))}
            if options.sensitivity:
                record["sensitivity"] = {name: _stays_solvable(next(results)) for name in answer.needed}
            records.append(record)
        return records

    def summarize(self, records: Sequence[Record]) -> dict[str, Any]:
        return summarize(records)

    def gold_answer(self, task: Task, env: Env) -> str | None:
        """The gold operators the task needs, in PDDL; None for a suite without gold operators (a generated one)."""
        try:
            return "\n".join(op.to_pddl("") for op in gold_model(env.plugins, task.suite).operators(task))
        except EaiError:
            return None

    def trace(self, parsed: OperatorParse, task: Task, env: Env) -> dict[str, Any]:
        return {"operators": operators(parsed, task, env.plugins)}


def operators(parsed: OperatorParse, task: Task, plugins: Plugins) -> dict[str, Any]:
    """The operators of a transition-modeling answer that are not exactly the
    gold: per operator, for its precondition and effect, the gold atoms the
    answer misses (``missing``) and its atoms that match no gold one
    (``wrong``); empty lists and parts are left out."""
    found = {}
    for name, parts in Answer.read(parsed, task, gold_model(plugins, task.suite)).differences().items():
        kept = {part: {k: atoms for k, atoms in sides.items() if atoms} for part, sides in parts.items()}
        kept = {part: sides for part, sides in kept.items() if sides}
        if kept:
            found[name] = kept
    return found


def _stays_solvable(result: PlanResult) -> bool | None:
    """Whether a swap stays solvable; None when the planner gave no verdict."""
    return result.solved if result.outcome.verdict else None


def _planned(result: PlanResult) -> dict[str, Any]:
    return {
        "success": result.solved,
        "rejected": dict(result.rejected),
        "planner": {"outcome": result.outcome.value, "detail": result.detail, "plan_length": len(result.plan)},
    }
