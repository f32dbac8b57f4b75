"""Reading a task's goal in a state: is it met, and how nearly.

The goal is the task's LTL formula read in one state (BEHAVIOR goals have no
``then``). How nearly: over the goal's options (the conjunctions that achieve
it, :func:`eai.ltl.options`), the largest share of literals that hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import islice

from eai.ltl import Formula, Universe, holds, options, parse
from eai.world import Atom, State, Task

OPTIONS_READ = 2000  # goal options compared for the partial score (they are enumerated lazily)


@dataclass(frozen=True)
class GoalReading:
    satisfied: bool
    partial: float  # best share of an option's literals that hold (1.0 when satisfied)
    unmet: tuple[tuple[bool, Atom], ...]  # the literals of that option that do not hold


@lru_cache(maxsize=256)
def _goal(task: Task) -> tuple[Formula, Universe]:
    return parse(task.goal.ltl), Universe(task.objects)


def read_goal(task: Task, state: State) -> GoalReading:
    formula, universe = _goal(task)
    if holds(formula, state, universe):
        return GoalReading(True, 1.0, ())
    best: GoalReading | None = None
    for option in islice(options(formula, universe), OPTIONS_READ):
        unmet = tuple(lit for lit in option.literals if (lit[1] in state) != lit[0])
        share = 1 - len(unmet) / len(option.literals) if option.literals else 0.0
        if best is None or share > best.partial:
            best = GoalReading(False, share, unmet)
    return best or GoalReading(False, 0.0, ())
