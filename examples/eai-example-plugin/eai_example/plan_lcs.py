"""A fifth ability module: how close the plan a model writes is to the gold
plan, every step as written (ET-Plan-Bench's longest common subsequence).

It asks with the action-sequencing prompt and reads the answer as action
sequencing does, but runs nothing: each written step is read alone in the
task's world (one that cannot be read stays in the plan and matches no gold
step), steps are compared as ``(action, class of each object)`` as
ET-Plan-Bench compares them, and the longest common subsequence (LCS) of the
written plan and the gold plan gives ``recall`` (LCS / gold length:
ET-Plan-Bench's LCS ratio, here over the whole written plan rather than the
part that ran, which action sequencing reports), ``precision`` (LCS /
written length) and their ``f1`` (ROUGE-L's). A plan that fails at its
second step but writes the rest of the gold procedure fails action
sequencing and scores high here: it knows the procedure.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eai.plugin_api import (
    AbilityModule,
    Env,
    ParsedPlan,
    Record,
    TableSpec,
    Task,
    Vocabulary,
    class_steps,
    columns,
    ground_plan,
    lcs_length,
    parse_plan,
    percent,
)


class PlanLcs(AbilityModule):
    name = "plan_lcs"
    description = "the plan as written vs the gold plan: LCS precision, recall (ET-Plan-Bench's LCS ratio) and F1"
    prompt_name = "action_sequencing"  # asks what action sequencing asks: a simulator with that prompt runs it
    tables = (TableSpec("Plan LCS", "Plan similarity (%): the plan as written against the gold plan", "plan_lcs",
                        columns("LCS of the written and the gold plan", ("Precision", ("precision",)),
                                ("Recall", ("recall",)), ("F1", ("f1",)), ("Same as gold", ("same_rate",)))
                        + columns("Other outcomes", ("Format error", ("format_error_rate",)))),)

    def parse(self, text: str, cut: bool = False) -> ParsedPlan:
        return parse_plan(text, cut)

    def in_format(self, parsed: ParsedPlan, vocabulary: Vocabulary) -> bool:
        return not parsed.error

    def evaluate(self, parsed: ParsedPlan, task: Task, env: Env) -> Record:
        simulator = env.simulator
        world, listed = simulator.world(task), simulator.action_list(task)
        written = []
        for step in parsed.steps:
            read = ground_plan(ParsedPlan((step,)), world, simulator.vocabulary, listed)
            written.append(class_steps(read.plan, task)[0] if read.error is None else ("?", step.text or step.name))
        gold = class_steps(task.gold_plan, task)
        common = lcs_length(written, gold)
        precision = common / len(written) if written else 0.0
        recall = common / len(gold) if gold else None
        f1 = 2 * precision * recall / (precision + recall) if recall and precision else 0.0
        return {"success": written == gold, "format_error": parsed.error or None, "lcs": common,
                "plan_length": len(written), "gold_length": len(gold), "unread_steps": sum(s[0] == "?" for s in written),
                "precision": round(precision, 4), "recall": None if recall is None else round(recall, 4),
                "f1": round(f1, 4), "written": [" ".join(s) for s in written]}

    def summarize(self, records: Sequence[Record]) -> dict[str, Any]:
        """Means in percent over the records (recall and F1 over the tasks with a gold plan)."""
        n = len(records)
        gold = [r for r in records if r["recall"] is not None]
        over = {"precision": records, "recall": gold, "f1": gold}
        return {"n": n, "lcs": round(sum(r["lcs"] for r in records) / n, 2) if n else None,
                **{key: percent(sum(r[key] for r in some), len(some)) for key, some in over.items()},
                "same_rate": percent(sum(r["success"] for r in records), n),
                "format_error_rate": percent(sum(bool(r["format_error"]) for r in records), n)}
