"""The gold goal ltl.options a prediction is scored against.

A goal without quantifiers over states (VirtualHome) has one option: the
task's state, relation and action goals. A quantified goal (BEHAVIOR) is
grounded lazily with :func:`eai.ltl.options`, preferring alternatives true
in the state the prediction describes (its positive literals, every
candidate of an ambiguous name included), so the option the prediction
meant tends to come first. At most :data:`OPTIONS_EXAMINED` ltl.options are
read; an option met again is yielded again as it was first (with its first
index). When grounding yields none (or cannot ground the goal), the task's
stored first option is used. Action goals are the task's in every option.
Gold goals are sets: a goal listed twice (``FACING(character.65,
phone.1000)`` in VirtualHome's ``540_1``) counts once.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice, product

from eai.plugin_api import AtomIndex, GoalChecker, Literal, Task, ltl
from eai_modules.goal_interpretation.match import Gold
from eai_modules.goal_interpretation.resolve import ACTION, Prediction

OPTIONS_EXAMINED = 100


def gold_options(task: Task, checker: GoalChecker, predictions: Iterable[Prediction]) -> Iterator[Gold]:
    goal = task.goal
    stored = _gold(None, goal.state + goal.relation, goal.action)
    if not checker.quantified:
        yield stored
        return
    try:
        grounded = ltl.options(checker.formula, checker.universe, prefer=_described(predictions))  # type: ignore[arg-type]
    except ValueError:
        grounded = iter(())
    met: dict[tuple, Gold] = {}
    for index, option in enumerate(islice(grounded, OPTIONS_EXAMINED)):
        gold = met.get(option.literals)
        if gold is None:
            gold = met[option.literals] = _gold(index, [Literal(*literal) for literal in option.literals], goal.action)
        yield gold
    if not met:
        yield stored


def _gold(index: int | None, literals: Iterable[Literal], action: Iterable[tuple[str, ...]]) -> Gold:
    unique = tuple(dict.fromkeys(literals))
    return Gold(index, tuple(lit for lit in unique if len(lit.atom) == 2),
                tuple(lit for lit in unique if len(lit.atom) != 2), tuple(dict.fromkeys(action)))


def _described(predictions: Iterable[Prediction]):
    """The state in which the prediction's positive literals hold."""
    atoms = [(p.predicate, *objects) for p in predictions
             if p.kind != ACTION and p.positive and not p.problem for objects in product(*p.candidates)]
    return AtomIndex().state(atoms)
