"""Writing a converted problem (up_problem.py) with unified-planning's PDDL
writer, and what it needs fixed:

- Speed: the writer asks the problem for its kind five times and for all
  initial values, which UP finds by grounding every predicate over every
  object (two thirds of the time of a write), and the kind asks for the
  static and the unused fluents five times, walking every expression each
  time. :class:`BuiltProblem`, complete once built, computes each once and
  lists the atoms set true (every other one is false by default, and the
  writer writes only the true ones). Its kind skips UP's linearity checks
  (a third of the kind's time: each condition simplified and walked again),
  which decide only whether the problem is simple numeric planning, a
  feature the kind drops anyway when no fluent is a number: every fluent of
  a conversion (up_problem.py) is Boolean.
- UP's writer leaves out ``:effect`` for an action without effects, which
  Fast Downward rejects; :class:`Writer` writes ``:effect (and)``.
- UP keeps a domain's constants in a set, whose order follows the objects'
  hashes, which follow their types' addresses; :class:`Writer` writes them
  in the problem's order.
"""

from __future__ import annotations

import contextlib

import unified_planning.model.walkers.linear_checker as linear_checker
from unified_planning.io.pddl_writer import PDDLWriter
from unified_planning.model import Problem


class BuiltProblem(Problem):
    """A UP problem that is not changed once built: its kind, static and unused fluents computed once."""

    _kind = None
    _static_and_unused = None

    @property
    def kind(self):
        if self._kind is None:
            with _no_linearity_checks():
                self._kind = super().kind
        return self._kind

    def _get_static_and_unused_fluents(self):
        if self._static_and_unused is None:
            self._static_and_unused = super()._get_static_and_unused_fluents()
        return self._static_and_unused

    @property
    def initial_values(self):
        return self.explicit_initial_values


class Writer(PDDLWriter):
    """UP's PDDL writer, for a :class:`BuiltProblem`."""

    def _populate_domain_objects(self, obe):
        """The domain's constants, each type's in the problem's order (UP keeps them in a set,
        whose order follows the objects' hashes, which follow their types' addresses)."""
        super()._populate_domain_objects(obe)
        order = {obj: i for i, obj in enumerate(self.problem.all_objects)}
        self.domain_objects = {t: dict.fromkeys(sorted(found, key=order.__getitem__))
                               for t, found in self.domain_objects.items()}

    def _write_untimed_effects(self, item, converter, out, costs):
        if item.effects:
            super()._write_untimed_effects(item, converter, out, costs)
        else:
            out.write("\n  :effect (and)")


class _AllLinear:
    """Stands in for UP's LinearChecker in the kind of a problem whose fluents are all Boolean."""

    def __init__(self, problem: Problem, environment: object) -> None:
        pass

    def get_fluents(self, expression: object) -> tuple[bool, set, set]:
        return True, set(), set()


@contextlib.contextmanager
def _no_linearity_checks():
    """UP's kind factory, while this lasts, checks no expression's linearity
    (it finds the checker by this module attribute; a worker converts one problem at a time)."""
    checker = linear_checker.LinearChecker
    linear_checker.LinearChecker = _AllLinear
    try:
        yield
    finally:
        linear_checker.LinearChecker = checker
