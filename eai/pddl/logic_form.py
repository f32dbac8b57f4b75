"""Logic-form accuracy of predicted operators (paper, appendix D.4).

A predicted precondition (or effect) is matched against the gold one
recursively. Atoms match when the predicate and the arguments agree after
renaming: predicted parameter ``i`` stands for gold parameter ``i`` (the
prompt gives the header, so position is what binds an argument; a caller
whose prompt orders the header differently from the gold passes the
renaming), and a quantified variable stands for the gold variable at the
same place in the quantifier. ``not``, ``imply``, ``when`` and quantifiers
match only their own kind (quantifiers also need the same variable types).
The children of ``and`` / ``or`` are paired by a maximum-weight bipartite
matching (networkx) whose edge weight is the number of atoms the pair
matches recursively. Nested ``and``s are flattened and one-child
``and``/``or`` unwrapped first, so ``(and (p ?x))`` equals ``(p ?x)``.

From the matched atoms: precision = matched / predicted atoms, recall =
matched / gold atoms, F1; per operator for preconditions and effects, and
summed (micro-averaged) per predicate category and overall. Atoms are
counted as occurrences: a predicate repeated in several ``or`` branches
counts once per branch. Ties between equally good pairings break the same
way on every run (integer node labels, sorted results). The same matching
names the atoms it left unmatched (:func:`unmatched`): the gold atoms a
prediction misses and its atoms that match no gold one.

Where and why this differs from the upstream ``logic_score.py``:

- upstream's edge weights are 0 or 1 (the recursive similarity, a fraction,
  is stored in an integer matrix), so a child that matches only in part
  counts as no match at all; here an edge weighs the atoms it matches;
- upstream compares atoms as strings, so a renamed parameter never matches;
  here parameters map by header position;
- upstream's ``when`` scores only when condition and effect both match in
  full (and the BEHAVIOR copy never matches a ``when``); here their atoms
  count one by one;
- upstream counts *sets of predicate names*, so duplicates vanish, and it
  credits as matched the predicates of every child pair that matched,
  whether or not the matching chose that pair, and all predicates under a
  partly matched ``not``; here each atom occurrence counts once, matched or
  not;
- upstream leaves out predicted predicates missing from the category map
  and operators missing from the answer; here the former count under
  ``"unknown"`` and the latter as predicting nothing (recall 0).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from eai.pddl.formula import (
    TRUE,
    And,
    Exists,
    Forall,
    Formula,
    Imply,
    Not,
    Or,
    Path,
    Pred,
    When,
    atoms,
    located,
    to_sexpr,
)
from eai.pddl.model import Operator

UNKNOWN_CATEGORY = "unknown"


@dataclass(frozen=True)
class Counts:
    """Matched, predicted and gold atoms; empty against empty scores 1."""

    matched: int = 0
    predicted: int = 0
    gold: int = 0

    def __add__(self, other: Counts) -> Counts:
        return Counts(self.matched + other.matched, self.predicted + other.predicted, self.gold + other.gold)

    @property
    def precision(self) -> float:
        return self.matched / self.predicted if self.predicted else float(self.gold == 0)

    @property
    def recall(self) -> float:
        return self.matched / self.gold if self.gold else float(self.predicted == 0)

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


def total(counts: Iterable[Counts]) -> Counts:
    return sum(counts, Counts())


@dataclass(frozen=True)
class FormulaScore:
    """Atom counts of one predicted formula against its gold, per predicate name (sorted)."""

    by_predicate: tuple[tuple[str, Counts], ...] = ()

    @property
    def counts(self) -> Counts:
        return total(c for _, c in self.by_predicate)

    def by_category(self, categories: Mapping[str, str]) -> dict[str, Counts]:
        """Counts per category of ``categories`` (predicate -> category), sorted by category."""
        grouped: dict[str, Counts] = {}
        for name, counts in self.by_predicate:
            key = categories.get(name, UNKNOWN_CATEGORY)
            grouped[key] = grouped.get(key, Counts()) + counts
        return dict(sorted(grouped.items()))

    def __add__(self, other: FormulaScore) -> FormulaScore:
        merged = dict(self.by_predicate)
        for name, counts in other.by_predicate:
            merged[name] = merged.get(name, Counts()) + counts
        return FormulaScore(tuple(sorted(merged.items())))


@dataclass(frozen=True)
class OperatorScore:
    name: str
    precondition: FormulaScore
    effect: FormulaScore

    @property
    def both(self) -> FormulaScore:
        return self.precondition + self.effect


@dataclass(frozen=True)
class LogicFormScore:
    """Scores of every gold operator (gold order); ``extra`` names predicted
    operators that have no gold counterpart (not scored)."""

    operators: tuple[OperatorScore, ...]
    extra: tuple[str, ...] = ()

    def part(self, part: str = "both") -> FormulaScore:
        """Summed over operators: ``"precondition"``, ``"effect"`` or ``"both"``."""
        return sum((getattr(op, part) for op in self.operators), FormulaScore())


def score_operators(predicted: Mapping[str, Operator], gold: Iterable[Operator]) -> LogicFormScore:
    """Score every gold operator against the predicted one of the same name;
    a missing one counts as predicting nothing."""
    gold = tuple(gold)
    names = {op.name for op in gold}
    scores = tuple(score_operator(predicted.get(op.name), op) for op in gold)
    return LogicFormScore(scores, tuple(sorted(set(predicted) - names)))


def score_operator(
    predicted: Operator | None, gold: Operator, renaming: Mapping[str, str] | None = None
) -> OperatorScore:
    """Match ``predicted`` against ``gold``; ``renaming`` (predicted parameter ->
    gold parameter) defaults to pairing parameters by position."""
    predicted, renaming = _aligned(predicted, gold, renaming)
    return OperatorScore(
        gold.name,
        match_formula(predicted.precondition, gold.precondition, renaming),
        match_formula(predicted.effect, gold.effect, renaming),
    )


def operator_differences(predicted: Operator | None, gold: Operator,
                         renaming: Mapping[str, str] | None = None) -> dict[str, dict[str, list[str]]]:
    """What :func:`score_operator` left unmatched, for the precondition and
    the effect: ``missing`` gold atoms and ``wrong`` predicted ones (:func:`unmatched`)."""
    predicted, renaming = _aligned(predicted, gold, renaming)
    return {part: dict(zip(("missing", "wrong"), unmatched(getattr(predicted, part), getattr(gold, part), renaming)))
            for part in ("precondition", "effect")}


def _aligned(predicted: Operator | None, gold: Operator,
             renaming: Mapping[str, str] | None) -> tuple[Operator, Mapping[str, str]]:
    """The predicted operator (one predicting nothing when missing) and the renaming (by position by default)."""
    if predicted is None:
        predicted = Operator(gold.name, gold.parameters)
    if renaming is None:
        renaming = {p: g for (p, _), (g, _) in zip(predicted.parameters, gold.parameters)}
    return predicted, renaming


def match_formula(predicted: Formula, gold: Formula, renaming: Mapping[str, str] | None = None) -> FormulaScore:
    """Atom counts of ``predicted`` against ``gold``; variables of ``predicted``
    not in ``renaming`` (nor bound by a matched quantifier) match nothing."""
    p, g = normalize(predicted), normalize(gold)
    matched = Counter(name for _, _, name in _match(_conjuncts(p), _conjuncts(g), dict(renaming or {})))
    npred, ngold = Counter(a.name for a in atoms(p)), Counter(a.name for a in atoms(g))
    names = sorted(set(npred) | set(ngold))
    return FormulaScore(tuple((n, Counts(matched[n], npred[n], ngold[n])) for n in names))


def unmatched(predicted: Formula, gold: Formula, renaming: Mapping[str, str] | None = None) -> tuple[list[str], list[str]]:
    """What :func:`match_formula` left unmatched: the gold atoms ``predicted``
    misses and the predicted atoms that match no gold one, in reading order,
    as PDDL text (an atom directly under ``not`` with its ``not``)."""
    p, g = _conjuncts(normalize(predicted)), _conjuncts(normalize(gold))
    pairs = _match(p, g, dict(renaming or {}))
    found = {where for where, _, _ in pairs}, {where for _, where, _ in pairs}

    def left(f: Formula, matched: set[Path]) -> list[str]:
        return [to_sexpr(Not(atom) if negated else atom) for where, atom, negated in located(f) if where not in matched]

    return left(g, found[1]), left(p, found[0])


def normalize(f: Formula) -> Formula:
    """Flatten nested ``and``/``or``, drop empty ``(and)`` conjuncts, unwrap one-child lists."""
    if isinstance(f, (And, Or)):
        kind = type(f)
        flat: list[Formula] = []
        for child in map(normalize, f.args):
            if isinstance(child, kind):
                flat.extend(child.args)
            elif not (kind is And and child == TRUE):
                flat.append(child)
        return flat[0] if len(flat) == 1 else kind(tuple(flat))
    if isinstance(f, Not):
        return Not(normalize(f.arg))
    if isinstance(f, Imply):
        return Imply(normalize(f.lhs), normalize(f.rhs))
    if isinstance(f, (Exists, Forall)):
        return type(f)(f.vars, normalize(f.body))
    if isinstance(f, When):
        return When(normalize(f.cond), normalize(f.effect))
    return f


def _conjuncts(f: Formula) -> And:
    return f if isinstance(f, And) else And((f,))


Matched = list[tuple[Path, Path, str]]  # matched atom occurrences: where in the predicted, where in the gold, predicate


def _match(p: Formula, g: Formula, renaming: dict[str, str], pp: Path = (), gp: Path = ()) -> Matched:
    """The matched atoms of ``p`` (at ``pp``) and ``g`` (at ``gp``)."""
    if type(p) is not type(g):
        return []
    # p and g are of one type; each test names both so that type checkers know it
    if isinstance(p, Pred) and isinstance(g, Pred):
        args = tuple(renaming.get(a, a + "#unbound") if a.startswith("?") else a for a in p.args)
        return [(pp, gp, p.name)] if (p.name, args) == (g.name, g.args) else []
    if isinstance(p, Not) and isinstance(g, Not):
        return _match(p.arg, g.arg, renaming, pp + (0,), gp + (0,))
    if isinstance(p, (Imply, When)) and isinstance(g, (Imply, When)):
        return [m for k, (a, b) in enumerate(zip(_pair(p), _pair(g))) for m in _match(a, b, renaming, pp + (k,), gp + (k,))]
    if isinstance(p, (Exists, Forall)) and isinstance(g, (Exists, Forall)):
        if [t or "object" for _, t in p.vars] != [t or "object" for _, t in g.vars]:
            return []
        inner = {**renaming, **{pv: gv for (pv, _), (gv, _) in zip(p.vars, g.vars)}}
        return _match(p.body, g.body, inner, pp + (0,), gp + (0,))
    assert isinstance(p, (And, Or)) and isinstance(g, (And, Or))  # the last kinds of Formula
    return _match_children(p.args, g.args, renaming, pp, gp)


def _pair(f: Imply | When) -> tuple[Formula, Formula]:
    return (f.lhs, f.rhs) if isinstance(f, Imply) else (f.cond, f.effect)


def _match_children(ps: tuple[Formula, ...], gs: tuple[Formula, ...], renaming: dict[str, str], pp: Path,
                    gp: Path) -> Matched:
    """The pairing of children that matches the most atoms."""
    import networkx as nx  # here: importing it costs ~0.1 s, and only this needs it

    pairs = {(i, j): _match(p, g, renaming, pp + (i,), gp + (j,)) for i, p in enumerate(ps) for j, g in enumerate(gs)}
    graph = nx.Graph()
    for (i, j), matched in pairs.items():
        if matched:
            graph.add_edge(i, len(ps) + j, weight=len(matched))
    result: Matched = []
    for u, v in sorted(tuple(sorted(edge)) for edge in nx.max_weight_matching(graph)):
        result += pairs[(u, v - len(ps))]
    return result
