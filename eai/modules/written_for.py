"""Answers written for another ability module: goal interpretation answers
scored as action sequencing, a subgoal plan scored as a transition model.

Scored as they are, such answers are 100% parsing errors or hallucinations,
which says nothing about the model. Each module tells whether an answer is
in its own output format (:meth:`eai.modules.base.AbilityModule.in_format`);
an answer that is not in the scored module's format but is in another
module's is recorded as ``written_for`` that module (a module that asks with
another's prompt, its output format too, is not one of these: the prompt's
own module is named), and when more than half
of the answers scored were written for one other module, the summary says so
(``answers_written_for``) and ``eai score`` and ``eai run`` say it in one
line (docs/metrics.md, "Answers written for another module").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from eai.modules import MODULES, get_module
from eai.modules.base import Record
from eai.simulation.simulator import Vocabulary


def written_for(module: str, parsed: Any, text: str, cut: bool, vocabulary: Vocabulary) -> str | None:
    """The other module (first in the modules' order) whose output format
    ``text`` is in when ``parsed``, its reading by ``module``, is not in
    ``module``'s; None when it is, or is in no other module's."""
    if get_module(module).in_format(parsed, vocabulary):
        return None
    for name in MODULES:
        other = get_module(name)
        if name != module and other.asks_with == name and other.in_format(other.parse(text, cut), vocabulary):
            return name
    return None


def most_written_for(records: Sequence[Record]) -> dict[str, Any] | None:
    """``{"module", "answers", "of"}``: the other module more than half of
    ``records`` were written for, how many were, of how many; None when there is none."""
    counts = Counter(r["written_for"] for r in records if r.get("written_for"))
    if not counts:
        return None
    name, answers = min(counts.items(), key=lambda item: (-item[1], item[0]))
    return {"module": name, "answers": answers, "of": len(records)} if 2 * answers > len(records) else None


def written_for_line(summary: dict[str, Any]) -> str:
    """What a summary's ``answers_written_for`` means, in one line ("" without it)."""
    found = summary.get("answers_written_for")
    if not found:
        return ""
    return (f"{found['answers']} of {found['of']} answers are written for {found['module']}, not "
            f"{summary['module']} (its output format, not this module's): answers made for another module? "
            f"They are scored as {summary['module']} all the same")
