"""Goal interpretation (paper sections 2.3, D.1): a natural-language goal in,
symbolic state, relation and action goals out, scored by precision, recall
and F1 against the gold goal (docs/metrics.md, "Goal interpretation")."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from eai.plugin_api import (
    OTHER_OUTCOMES,
    AbilityModule,
    Column,
    Counts,
    Env,
    Goal,
    GoalChecker,
    Record,
    Simulator,
    TableSpec,
    Task,
    Vocabulary,
    percent,
    total_counts,
)
from eai_modules.goal_interpretation.goal import predicted_goal
from eai_modules.goal_interpretation.gold import gold_options
from eai_modules.goal_interpretation.match import Scored, score
from eai_modules.goal_interpretation.parse import ParsedGoals, parse_goals
from eai_modules.goal_interpretation.resolve import ACTION, KINDS, Prediction, Resolver

COLUMNS = tuple(
    Column(kind.capitalize() if kind != "relation" else "Spatial", header, (kind, key))
    for kind in ("state", "relation", "action", "overall")
    for header, key in (("Precision", "precision"), ("Recall", "recall"), ("F1", "f1"))
) + (Column(OTHER_OUTCOMES, "Format error", ("format_error_rate",), "parsing"),)


GOALS_SCHEMA = {
    "title": "symbolic_goal",
    "description": "The symbolic goal: node (state) goals, edge (relation) goals and, in VirtualHome, action goals.",
    "type": "object",
    "properties": {"node goals": {"type": "array"}, "edge goals": {"type": "array"}, "action goals": {"type": "array"}},
    "required": ["node goals", "edge goals"],
}
"""The sections of :mod:`eai_modules.goal_interpretation.parse` the prompts ask for; their items
in any of the shapes it reads (VirtualHome's objects, BEHAVIOR's lists, strings)."""


class GoalInterpretation(AbilityModule):
    name = "goal_interpretation"
    description = "symbolic state, relation and action goals from the instruction; precision/recall/F1 (paper G)"
    interprets = True
    tables = (TableSpec("Table 3", "Goal interpretation (%)", "goal_interpretation", COLUMNS),)
    response_schema = GOALS_SCHEMA

    def parse(self, text: str, cut: bool = False) -> ParsedGoals:
        return parse_goals(text, cut)

    def in_format(self, parsed: ParsedGoals, vocabulary: Vocabulary) -> bool:
        """Goal sections (``node goals``, ``edge goals``...) were found."""
        return not parsed.error

    def interpreted_goal(self, parsed: ParsedGoals, task: Task, simulator: Simulator) -> Goal:
        return predicted_goal(parsed, task, simulator)

    def reward(self, record: Record) -> float:
        """The answer's F1 over the gold goals (of the option it matched best), 0 to 1."""
        return record.get("f1", 0.0) / 100

    def gold_answer(self, task: Task, env: Env) -> str | None:
        """The task's stored gold goals in the node, edge and action goal sections."""
        def literal(x: Any) -> Any:
            return list(x.atom) if x.positive else ["not", list(x.atom)]
        goal = task.goal
        return json.dumps({"node goals": [literal(x) for x in goal.state], "edge goals": [literal(x) for x in goal.relation],
                           "action goals": [{"action": step[0], "description": ""} for step in goal.action]})

    def evaluate(self, parsed: ParsedGoals, task: Task, env: Env) -> Record:
        simulator = env.simulator
        resolver = Resolver(task, simulator.vocabulary, lambda: simulator.world(task))
        predictions = resolver.predictions(parsed.goals)
        by_kind = {kind: [p for p in predictions if p.kind == kind] for kind in KINDS}
        best, examined, scored_options = None, 0, set()
        for gold in gold_options(task, GoalChecker(task, simulator.vocabulary), predictions):
            examined += 1
            if gold.index in scored_options:  # met before: it scores no better
                continue
            scored_options.add(gold.index)
            scored = score(by_kind, gold)
            if best is None or scored.overall.f1 > best.overall.f1:
                best = scored
            if best.overall.f1 == 1.0 or not predictions:
                break
        assert best is not None  # gold_options yields at least one option
        return {
            **{kind: _counts(best.counts[kind]) for kind in KINDS},
            "f1": round(100 * best.overall.f1, 2),
            "option": best.gold.index,
            "options_examined": examined,
            "format_error": parsed.error or None,
            "truncated_answer": parsed.truncated,
            "hallucinations": [f"{p.written}: {p.problem}" for p in predictions if p.hallucinated],
            "malformed": [f"{p.written}: {p.problem}" for p in predictions if p.problem and not p.hallucinated],
            "ambiguous": _ambiguous(by_kind, best),
            "missed": _missed(best),
            "wrong": [str(p.written) for kind in KINDS for i, p in enumerate(by_kind[kind])
                      if not p.problem and i not in best.pairs[kind] and i not in best.repeats[kind]],
        }

    def summarize(self, records: Sequence[Record]) -> dict[str, Any]:
        n = len(records)
        kinds = {kind: total_counts(Counts(**r[kind]) for r in records) for kind in KINDS}
        predicted = sum(c.predicted for c in kinds.values())
        return {
            "n": n,
            **{kind: _figures(counts) for kind, counts in kinds.items()},
            "overall": _figures(total_counts(kinds.values())),
            "format_error_rate": percent(sum(r["format_error"] is not None for r in records), n),
            "hallucination_rate": percent(sum(bool(r["hallucinations"]) for r in records), n),
            "hallucinated_goal_rate": percent(sum(len(r["hallucinations"]) for r in records), predicted),
            "malformed_goal_rate": percent(sum(len(r["malformed"]) for r in records), predicted),
        }


def _counts(counts: Counts) -> dict[str, int]:
    return {"matched": counts.matched, "predicted": counts.predicted, "gold": counts.gold}


def _figures(counts: Counts) -> dict[str, Any]:
    """Micro-averaged percentages; None when there is nothing to score."""
    nothing = counts.predicted == 0 and counts.gold == 0
    figures = {
        "precision": percent(counts.matched, counts.predicted),
        "recall": percent(counts.matched, counts.gold),
        "f1": percent(2 * counts.matched, counts.predicted + counts.gold),
    }
    return {**{k: None if nothing else v for k, v in figures.items()}, **_counts(counts)}


def _ambiguous(by_kind: dict[str, list[Prediction]], best: Scored) -> dict[str, list[str]]:
    """Each ambiguous name as written -> the objects chosen for it (the
    matched gold goal's, else the first candidate)."""
    chosen: dict[str, set[str]] = {}
    for kind in KINDS:
        for i, p in enumerate(by_kind[kind]):
            if p.problem or not p.ambiguous or i in best.repeats[kind]:
                continue
            gold = best.pairs[kind].get(i)
            objects = best.gold.of(kind)[gold].atom[1:] if gold is not None else [c[0] for c in p.candidates]
            for name, candidates, obj in zip(p.written.args, p.candidates, objects):
                if len(candidates) > 1:
                    chosen.setdefault(name, set()).add(obj)
    return {name: sorted(objs) for name, objs in sorted(chosen.items())}


def _missed(best: Scored) -> list[str]:
    missed = []
    for kind in KINDS:
        matched = set(best.pairs[kind].values())
        for j, goal in enumerate(best.gold.of(kind)):
            if j not in matched:
                missed.append("|".join(goal) if kind == ACTION else str(goal))
    return missed
