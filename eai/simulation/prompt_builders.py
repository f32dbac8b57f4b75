"""Prompt builders: what a simulator's :attr:`~eai.simulation.simulator.Simulator.prompts` name,
and their in-context examples (``eai run --shots K``).

A prompt builder whose template carries worked examples (the paper's prompts of
appendix I, a world's own) is a :class:`FewShot`: its ``build`` is given how
many of its examples to keep, the first ones, and joins them into the template,
the text around them written for that number. Absent ``--shots``, all of them:
the prompt as its style has it. A builder that is not a :class:`FewShot` has no
examples, and ``--shots`` does not apply to it (a run records so).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from eai.exceptions import EaiError
from eai.world import Task

if TYPE_CHECKING:
    from eai.simulation.simulator import Simulator

# A prompt builder: called as builder(task, simulator), it returns the prompt's text.
PromptBuilder = Callable[[Task, "Simulator"], str]


def imported(reference: str) -> PromptBuilder:
    """The prompt builder ``"package.module:function"`` names."""
    where, _, name = reference.partition(":")
    try:
        return getattr(importlib.import_module(where), name)
    except (ImportError, AttributeError) as exc:
        raise EaiError(f"prompt builder {reference!r} cannot be imported: {exc}") from None


@dataclass(frozen=True)
class FewShot:
    """A prompt builder with ``examples`` in-context examples; ``build(task, simulator, k)``
    writes the prompt with its first ``k`` (its simulator: the plugin's own subclass)."""

    build: Callable[[Task, Any, int], str]
    examples: int

    def __call__(self, task: Task, simulator: Simulator, shots: int | None = None) -> str:
        return self.build(task, simulator, self.examples if shots is None else shots)


def examples_of(builder: object) -> int | None:
    """How many in-context examples ``builder``'s prompt has (None: it has none, ``--shots`` does not apply)."""
    return builder.examples if isinstance(builder, FewShot) else None


def check_shots(shots: object, available: int | None, where: str) -> None:
    """Refuse ``--shots shots`` unless a whole number >= 0, and where the prompt has fewer examples
    than asked (``where``: which prompt)."""
    if not isinstance(shots, int) or isinstance(shots, bool) or shots < 0:
        raise EaiError(f"--shots {shots!r}: give a whole number of in-context examples, 0 or more")
    if available is not None and shots > available:
        raise EaiError(f"--shots {shots}: the {where} has {available} in-context example(s); "
                       f"ask for at most {available}")


@dataclass(frozen=True)
class Examples:
    """A template cut around its in-context examples: ``head``, the ``items`` in order, ``tail``
    (their concatenation is the template, byte for byte)."""

    head: str
    items: tuple[str, ...]
    tail: str

    def kept(self, k: int) -> str:
        """The template with its first ``k`` examples."""
        return self.head + "".join(self.items[:k]) + self.tail


def examples_in(template: str, starts: tuple[str, ...], end: str | None = None) -> Examples:
    """``template`` cut where each example begins (``starts``: each one's first words, in order)
    and where the text after the last one begins (``end``; None: the last one ends the template)."""
    last = template.index(starts[-1])
    cuts = [template.index(start) for start in starts] + [len(template) if end is None else template.index(end, last)]
    if cuts != sorted(cuts):
        raise ValueError(f"examples out of order in the template: {starts}")
    items = tuple(template[a:b] for a, b in zip(cuts, cuts[1:], strict=False))
    return Examples(template[:cuts[0]], items, template[cuts[-1]:])
