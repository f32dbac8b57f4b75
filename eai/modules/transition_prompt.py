"""The parts of a transition-modeling prompt (paper appendix I.4) that every
simulator fills alike: the gold domain without its operators, the task's PDDL
problem, and the headers of the operators the task needs. A simulator's
template places them with :func:`fill`."""

from __future__ import annotations

import re
from functools import lru_cache

from eai.exceptions import EaiError
from eai.pddl.formula import format_vars
from eai.pddl.model import Domain
from eai.pddl.parser import parse_domain
from eai.world import Task

_MARKER = re.compile(r"<(domain|problem|operators)>")


def fill(template: str, task: Task, domain_text: str) -> str:
    """``template`` with ``<domain>``, ``<problem>`` and ``<operators>`` replaced (in one pass)."""
    parts = {"domain": predicates_part(domain_text), "problem": task.transition_model.problem,
             "operators": operator_headers(task, _parsed(domain_text))}
    return _MARKER.sub(lambda m: parts[m.group(1)], template)


def predicates_part(domain_text: str) -> str:
    """The domain file up to its first action (types and predicates, with their
    comments), closed as the paper's prompts close it."""
    cut = domain_text.find("(:action")
    head = domain_text[:cut] if cut >= 0 else domain_text.rstrip().removesuffix(")")
    return head.rstrip() + "\n    ;; Actions to be predicted\n)"


def operator_headers(task: Task, domain: Domain) -> str:
    """Each operator the task needs, with its gold parameters and an empty body."""
    blocks = []
    for name in task.transition_model.operators:
        op = domain.operator(name)
        if op is None:
            raise EaiError(f"task {task.id}: the gold domain has no operator {name}")
        blocks.append(f"(:action {name}\n  :parameters ({format_vars(op.parameters)})\n  :precondition ()\n  :effect ()\n)\n")
    return "".join(blocks)


@lru_cache(maxsize=4)
def _parsed(domain_text: str) -> Domain:
    return parse_domain(domain_text)
