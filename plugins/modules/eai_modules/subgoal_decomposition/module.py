"""Subgoal decomposition (paper sections 2.4, D.3): subgoal lines in, each
refined into actions by search (:mod:`eai.modules.subgoals.refine`), the trajectory checked
as in action sequencing, with the same record and summary fields plus the
subgoals' own. An answer read with no subgoal is an empty plan, its own
outcome (the prompt asks for a non-empty plan)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from eai.plugin_api import (
    ACTION_ERRORS,
    BUDGET_EXHAUSTED,
    EMPTY_PLAN,
    EMPTY_PLAN_COLUMN,
    GOAL_SUCCESS,
    OTHER_OUTCOMES,
    UNREACHABLE,
    AbilityModule,
    Column,
    Env,
    GoalChecker,
    ParsedSubgoals,
    Record,
    Refiner,
    SubgoalStep,
    TableSpec,
    Task,
    Trajectory,
    Vocabulary,
    benchmark_fields,
    empty_plan_detail,
    ground_lines,
    judge_loop,
    parse_subgoals,
    percent,
    search_budget,
    trajectory_record,
    trajectory_summary,
)
from eai_modules.subgoal_decomposition.gold import goal_subgoal_plan

CALLED = re.compile(r"([A-Za-z_][\w\-]*)\s*\(")  # the names a subgoal line calls: on_top(, NEXT_TO (

SUBGOALS_SCHEMA = {
    "title": "subgoal_plan",
    "description": "The subgoal plan: one LTL formula per line, under output.",
    "type": "object",
    "properties": {"output": {"type": "array", "items": {"type": "string"}}},
    "required": ["output"],
}
"""The paper's ``{"output": [line, ...]}`` (:mod:`eai_modules.subgoal_decomposition.parse`)."""


class SubgoalDecomposition(AbilityModule):
    name = "subgoal_decomposition"
    description = "LTL subgoals refined into actions by search; executed and checked (paper Phi)"
    default_planner = "bfs"
    tables = (
        TableSpec("Table 6", "Trajectory evaluation (%) for subgoal decomposition", "subgoal_decomposition",
                  ACTION_ERRORS + (EMPTY_PLAN_COLUMN,
                                   Column(OTHER_OUTCOMES, "Budget exhausted", ("subgoals", "budget_exhausted"), "budget_exhausted"))),
        TableSpec("Table 6b", "Goal success (%) for subgoal decomposition", "subgoal_decomposition", GOAL_SUCCESS),
    )
    response_schema = SUBGOALS_SCHEMA

    def parse(self, text: str, cut: bool = False) -> ParsedSubgoals:
        return parse_subgoals(text, cut)

    def in_format(self, parsed: ParsedSubgoals, vocabulary: Vocabulary) -> bool:
        """Subgoal lines that read as formulas, most of them naming a predicate
        or an action of ``vocabulary``."""
        names = {name.lower() for name in (*vocabulary.state_predicates, *vocabulary.relation_predicates,
                                           *vocabulary.actions, *vocabulary.state_aliases, *vocabulary.relation_aliases)}
        known = sum(line.formula is not None and any(n.lower() in names for n in CALLED.findall(line.text))
                    for line in parsed.lines)
        return not parsed.error and 2 * known > len(parsed.lines)

    def gold_answer(self, task: Task, env: Env) -> str | None:
        """The goal-derived subgoal plan (:func:`goal_subgoal_plan`), as ``{"output": [...]}``."""
        return json.dumps({"output": goal_subgoal_plan(task, env.simulator)}) if env.simulator else None

    def evaluate(self, parsed: ParsedSubgoals, task: Task, env: Env) -> Record:
        simulator = env.simulator
        world = simulator.world(task)
        checker = GoalChecker(task, simulator.vocabulary)
        lines, grammar = ground_lines(parsed, world, simulator.vocabulary, checker.universe)
        parse_errors = [list(item) for item in parsed.line_errors]
        if grammar is None and not lines:
            grammar = (EMPTY_PLAN, None, empty_plan_detail(parsed.truncated, "subgoal"))
        if grammar is not None:
            record = trajectory_record(False, checker.check(None), grammar, 0, len(parsed.lines), parsed.truncated)
            judge_loop(record, parsed.lines, checker, None, ())
            benchmark = benchmark_fields(simulator, task, Trajectory((world.initial,)))
            return {**record, **benchmark, **_subgoal_fields((), 0, 0), "parse_errors": parse_errors}
        planner = env.plugins.planners.get(env.options.get("planner", self.default_planner))
        refiner = Refiner(world, planner, search_budget(env.options), checker)
        best = refiner.refine(lines)
        last = best.steps[-1] if best.steps else None
        error: tuple[str | None, int | None, str] = (None, None, "")
        if last is not None and not last.refined:
            error = (last.error.value if last.error else last.outcome, len(best.steps) - 1, last.detail)
        record = trajectory_record(best.executable, best.goals, error,
                                   sum(step.additional for step in best.steps), len(lines), parsed.truncated)
        judge_loop(record, parsed.lines, checker, best.trajectory if best.executable else None,
                   [step.done for step in best.steps])
        fields = _subgoal_fields(best.steps, len(best.trajectory.actions), refiner.branches)
        benchmark = benchmark_fields(simulator, task, best.trajectory)
        return {**record, **benchmark, **fields, "parse_errors": parse_errors}

    def summarize(self, records: Sequence[Record]) -> dict[str, Any]:
        n = len(records)
        subgoals = {
            "refined": percent(sum(r["refined"] for r in records), sum(r["plan_length"] for r in records)),
            "unreachable": percent(sum(r["unreachable"] for r in records), n),
            "budget_exhausted": percent(sum(r["budget_exhausted"] for r in records), n),
            "parse_errors": percent(sum(bool(r["parse_errors"]) for r in records), n),
        }
        return {**trajectory_summary(records), "subgoals": subgoals}


def _subgoal_fields(steps: Sequence[SubgoalStep], actions: int, branches: int) -> dict[str, Any]:
    """What the subgoals gave: each one's outcome and actions, and counts."""
    last = steps[-1].outcome if steps else None
    return {
        "subgoals": [{"subgoal": step.subgoal.text, "outcome": step.outcome, "actions": [str(a) for a in step.actions],
                      "expanded": step.expanded} for step in steps],
        "refined": sum(step.refined for step in steps),
        "unreachable": last == UNREACHABLE,
        "budget_exhausted": last == BUDGET_EXHAUSTED,
        "actions": actions,
        "branches": branches,
    }
