"""summary.json of transition modeling: logic-form precision, recall and F1
summed over atoms (micro-averaged), planner success, per predicate and task
category, per operator, and the sensitivity analysis when it ran. Planner
rates count only the runs that gave a verdict: an infrastructure failure is
counted in ``planner_outcomes``, never as a failure of the answer."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from eai.plugin_api import Counts, Outcome, Rate, Record, percent


def summarize(records: Sequence[Record]) -> dict[str, Any]:
    n = len(records)
    parts = {part: _total(r["logic_form"][part] for r in records) for part in ("precondition", "effect")}
    by_category: dict[str, Counts] = {}
    by_operator: dict[str, Counts] = {}
    for r in records:
        for category, counts in r["logic_form"]["by_category"].items():
            by_category[category] = by_category.get(category, Counts()) + Counts(**counts)
        for name, both in r["logic_form"]["by_operator"].items():
            by_operator[name] = by_operator.get(name, Counts()) + _total(both.values())
    tasks = Counter(c for r in records for c in r["categories"])
    operator_tasks = Counter(name for r in records for name in r["operators"])
    summary = {
        "n": n,
        **_prf(parts["precondition"] + parts["effect"]),
        "precondition": _prf(parts["precondition"]),
        "effect": _prf(parts["effect"]),
        "planner_success_rate": _success_rate(records),
        "parse_error_rate": percent(sum(r["parse_error"] for r in records), n),
        "by_category": {
            category: {**_prf(by_category.get(category, Counts())), "tasks": tasks[category],
                       "planner_success_rate": _success_rate([r for r in records if category in r["categories"]])
                       if tasks[category] else None}
            for category in sorted(set(by_category) | set(tasks))
        },
        "by_operator": {name: {**_prf(counts), "tasks": operator_tasks[name]} for name, counts in sorted(by_operator.items())},
        "operators": {
            "needed": sum(len(r["operators"]) for r in records),
            "parse_errors": sum(len(set(r["parse_errors"]) & set(r["operators"])) for r in records),
            "missing": sum(len(r["missing"]) for r in records),
            "rejected": sum(len(r["rejected"]) for r in records),
            "extra": sum(len(r["extra"]) for r in records),
        },
        "planner_outcomes": {o.value: sum(r["planner"]["outcome"] == o.value for r in records) for o in Outcome},
    }
    if any("sensitivity" in r for r in records):
        summary["sensitivity"] = _sensitivity([r for r in records if "sensitivity" in r])
    return summary


def _sensitivity(records: Sequence[Record]) -> dict[str, Any]:
    """Per operator, per task category, and overall: how many tasks stay
    solvable when only that operator is the model's."""
    swaps = [(name, ok, r["categories"]) for r in records for name, ok in r["sensitivity"].items()]
    return {
        **_rate((ok for _, ok, _ in swaps), "swaps"),
        "by_operator": _by_operator((name, ok) for name, ok, _ in swaps),
        "by_category": {
            category: {**_rate((ok for _, ok, cs in swaps if category in cs), "swaps"),
                       "by_operator": _by_operator((name, ok) for name, ok, cs in swaps if category in cs)}
            for category in sorted({c for _, _, cs in swaps for c in cs})
        },
    }


def _by_operator(pairs: Iterable[tuple[str, bool | None]]) -> dict[str, Any]:
    grouped: dict[str, list[bool]] = {}
    for name, ok in pairs:
        grouped.setdefault(name, []).append(ok)
    return {name: _rate(oks, "tasks") for name, oks in sorted(grouped.items())}


def _success_rate(records: Sequence[Record]) -> float | None:
    """Percent solved among the tasks the planner gave a verdict on (an
    infrastructure failure is none); None when records exist but none has one."""
    judged = [r for r in records if r["planner"]["outcome"] != Outcome.INFRASTRUCTURE_FAILURE.value]
    return None if records and not judged else percent(sum(r["success"] for r in judged), len(judged))


def _rate(oks: Iterable[bool | None], noun: str) -> dict[str, Any]:
    """``stay_solvable_rate`` over the swaps with a verdict (None: an infrastructure failure)."""
    judged = [ok for ok in oks if ok is not None]
    return {"stay_solvable_rate": percent(sum(judged), len(judged)), noun: len(judged)}


def _total(counts: Iterable[Mapping[str, int]]) -> Counts:
    return sum((Counts(**c) for c in counts), Counts())


def _prf(counts: Counts) -> dict[str, float]:
    """Micro-averaged percentages, each a :class:`Rate` of the atoms it is over (F1: 2 matched of predicted + gold)."""
    m, p, g = counts.matched, counts.predicted, counts.gold
    return {"precision": Rate(round(100 * counts.precision, 2), m, p), "recall": Rate(round(100 * counts.recall, 2), m, g),
            "f1": Rate(round(100 * counts.f1, 2), 2 * m, p + g)}
