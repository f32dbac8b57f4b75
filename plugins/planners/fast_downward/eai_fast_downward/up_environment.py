"""A unified-planning environment of its own for each conversion (up_problem.py).

A planner worker converts problem after problem in one process, and UP's
environment remembers: it shares every expression it ever built (numbered in
the order they were first made), caches what its walkers found, and keeps
every type; UP hashes types, and so objects and fluents, by identity. What
UP's writer lists in a set's order (a domain's constants) then depended on
the problems converted before. A fresh environment per conversion holds none
of that, and its memory goes with the conversion.

No engine factory is made: conversions never use one, and making the first
imports UP's engines package (about 0.07 s of CPU of each worker's start, a
third of importing the preparer); should anything ask for it, it is the
global environment's, made then. :class:`FreshEnvironment` sets up the rest as
``Environment.__init__`` does, by the attribute names of unified-planning 1.x;
tests/planners/test_up_problem.py checks they are all of its attributes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import unified_planning.model
import unified_planning.model.walkers as walkers
from unified_planning.environment import Environment, get_environment
from unified_planning.model.type_manager import TypeManager

if TYPE_CHECKING:
    from unified_planning.engines import Factory


class FreshEnvironment(Environment):
    """New types, expressions and walkers; the global environment's engine factory, made when asked for."""

    def __init__(self) -> None:
        self._type_manager = TypeManager()
        self._factory = None
        self._tc = walkers.TypeChecker(self)
        self._expression_manager = unified_planning.model.ExpressionManager(self)
        self._free_vars_oracle = unified_planning.model.FreeVarsOracle()
        self._simplifier = walkers.Simplifier(self)
        self._substituter = walkers.Substituter(self)
        self._free_vars_extractor = walkers.FreeVarsExtractor()
        self._names_extractor = walkers.NamesExtractor()
        self._credits_stream = None  # conversions use no engine, whose credits it would print
        self._error_used_name = True

    @property
    def factory(self) -> Factory:
        return get_environment().factory
