"""Action sequencing (paper sections 2.5, D.2): a plan in, executability,
error category and goal satisfaction out. An answer read with no step is an
empty plan, its own outcome (the prompt asks for a non-empty plan)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from itertools import accumulate
from typing import Any

from eai.plugin_api import (
    AbilityModule,
    Env,
    GoalChecker,
    ParsedPlan,
    Record,
    Task,
    Trajectory,
    Vocabulary,
    benchmark_fields,
    collaboration_fields,
    ground_plan,
    judge_loop,
    parse_plan,
    plan_steps,
    run_plan,
    similarity,
    similarity_summary,
    trajectory_record,
    trajectory_summary,
)
from eai_modules.action_sequencing.tables import TABLES, sequence_tables

STRINGS = {"type": "array", "items": {"type": "string"}}
PLAN_SCHEMA = {
    "title": "action_plan",
    "description": "The action plan, in the shape the prompt asks for.",
    "anyOf": [
        {"type": "object", "description": "VirtualHome: action names as keys, in order; each value the action's objects",
         "additionalProperties": STRINGS},
        {"type": "array", "description": "BEHAVIOR: one step per item",
         "items": {"type": "object", "properties": {"action": {"type": "string"}, "object": {"type": "string"}},
                   "required": ["action", "object"]}},
        {"type": "object", "description": "EmbodiedBench: the plan's steps under executable_plan",
         "properties": {"reasoning_and_reflection": {"type": "string"},
                        "executable_plan": {"type": "array", "items": {
                            "type": "object", "properties": {"action_id": {"type": "integer"},
                                                             "action_name": {"type": "string"}},
                            "required": ["action_id", "action_name"]}}},
         "required": ["executable_plan"]},
    ],
}
"""The shapes of :mod:`eai_modules.action_sequencing.parse` that the prompts ask for."""


class ActionSequencing(AbilityModule):
    name = "action_sequencing"
    description = "an action plan from the initial state and goal; executed and checked (paper Q)"
    plans = True
    tables = TABLES
    response_schema = PLAN_SCHEMA

    def parse(self, text: str, cut: bool = False) -> ParsedPlan:
        return parse_plan(text, cut)

    def in_format(self, parsed: ParsedPlan, vocabulary: Vocabulary) -> bool:
        """A plan most of whose steps name an action of ``vocabulary``, say one
        in its words, or give one's ``action_id`` (EmbodiedBench's format)."""
        known = sum(step.name in vocabulary.actions or step.action_id is not None
                    or bool(step.text and vocabulary.read_phrase(step.text)) for step in parsed.steps)
        return not parsed.error and 2 * known > len(parsed.steps)

    def gold_answer(self, task: Task, env: Env) -> str | None:
        """The task's gold plan, as ``[["WALK", "kitchen.1"], ...]``."""
        return json.dumps([[a.name, *a.args] for a in task.gold_plan]) if task.gold_plan else None

    def evaluate(self, parsed: ParsedPlan, task: Task, env: Env) -> Record:
        simulator = env.simulator
        world = simulator.world(task)
        grounding = ground_plan(parsed, world, simulator.vocabulary, simulator.action_list(task))
        plan, grammar = grounding.plan, grounding.error
        checker = GoalChecker(task, simulator.vocabulary)
        if grammar is not None:
            kind, step, detail = grammar
            goals, additional, executable = checker.check(None), (), False
            trajectory, executed = Trajectory((world.initial,)), ()
        else:
            execution = run_plan(world, plan, task, env)
            kind, step, detail = execution.error_type, execution.error_step, execution.detail
            goals, additional, executable = checker.check(execution.trajectory), execution.additional_steps, execution.executable
            trajectory, executed = execution.trajectory, plan[:execution.error_step]  # redundant steps included
        record = trajectory_record(executable, goals, (kind.value if kind else None, step, detail),
                                   len(additional), len(parsed.steps), parsed.truncated)
        skipped = set(additional)
        ends = list(accumulate(int(i not in skipped) for i in range(len(plan))))  # actions done after each step
        judge_loop(record, parsed.steps, checker, trajectory if executable else None, ends)
        record.update(benchmark_fields(simulator, task, trajectory))
        record.update(similarity(executed, task, record["success"]))
        if task.category:
            record["category"] = task.category
        if grounding.mismatches:
            record["action_id_mismatches"] = list(grounding.mismatches)
        if env.options.get("action_failure_p") or env.environment is not None:
            record["failed_actions"] = [] if grammar else [f"{i}: {plan[i]}" for i in execution.failed_steps]
        if env.environment is not None:
            record["environment_feedback"] = [] if grammar else list(execution.feedback)
        if env.options.get("agents") == 2 and task.evaluation:
            record.update(collaboration_fields(task, simulator, [] if grammar else plan))
        return record

    def summarize(self, records: Sequence[Record]) -> dict[str, Any]:
        return {**trajectory_summary(records), **similarity_summary(records)}

    def report_tables(self, units: Sequence[Any]) -> list[Any]:
        return sequence_tables(units)

    def trace(self, parsed: ParsedPlan, task: Task, env: Env) -> dict[str, Any]:
        """The plan's steps as scoring executed them, each with the atoms it changed."""
        return {"steps": plan_steps(task, parsed, env.simulator, env)}
