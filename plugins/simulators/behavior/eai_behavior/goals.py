"""Reading a task's goal in a state: is it met, and how nearly.

The goal is the task's LTL formula read in one state (BEHAVIOR goals have no
``then``). How nearly: over the goal's options (the conjunctions that achieve
it, :func:`eai.ltl.options`), the largest share of an option's literals that
hold. An option lists the atoms a goal asks for, not the exclusions ``forn``
and ``forpairs`` add ("no other object"), so a goal can be unmet while every
listed literal of some option holds (a partial score of 1.0).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import islice

from eai.ltl import Formula, Universe, holds, options, parse
from eai.world import Atom, State, Task

OPTIONS_READ = 2000  # goal options compared for the partial score (they are enumerated lazily)


@dataclass(frozen=True)
class Partial:
    share: float  # the best share of an option's literals that hold
    unmet: tuple[tuple[bool, Atom], ...]  # that option's literals that do not hold, as (sign, atom)


@lru_cache(maxsize=256)
def _goal(task: Task) -> tuple[Formula, Universe]:
    return parse(task.goal.ltl), Universe(task.objects)


def goal_met(task: Task, state: State) -> bool:
    formula, universe = _goal(task)
    return holds(formula, state, universe)


def best_partial(task: Task, state: State) -> Partial:
    """The goal option (of the first :data:`OPTIONS_READ`) that ``state`` comes closest to."""
    formula, universe = _goal(task)
    best: Partial | None = None
    for option in islice(options(formula, universe), OPTIONS_READ):
        unmet = tuple(lit for lit in option.literals if (lit[1] in state) != lit[0])
        share = 1 - len(unmet) / len(option.literals) if option.literals else 1.0
        if best is None or share > best.share:
            best = Partial(share, unmet)
            if share == 1.0:
                break
    return best or Partial(0.0, ())
