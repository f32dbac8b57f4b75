"""The words of a simulator: its actions (with their arities, the properties
their objects need, the benchmark's phrases) and its goal predicates."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

from eai.world import Action


@dataclass(frozen=True)
class ActionSpec:
    """An action of the vocabulary: its arity and, per argument, the
    properties an object needs to afford it, any one of them sufficing
    (shown in prompts). ``phrases`` are the benchmark's own words for the
    action, ``{}`` standing for each object in order (EB-ALFRED's
    ``"pick up the {}"``), so answers written in them are read as they are;
    ``named`` are words that name the objects too, with those objects
    (EB-Habitat's ``("open the refrigerator", ("fridge_push_point",))``)."""

    name: str
    arity: int
    requirements: tuple[tuple[str, ...], ...] = ()
    description: str = ""
    phrases: tuple[str, ...] = ()
    named: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class Vocabulary:
    """Actions, and the predicates of state (unary) and relation (binary) goals.

    ``state_aliases`` and ``relation_aliases`` map other names of state and
    relation predicates, as prompts print them, to predicate names
    (VirtualHome prints ``ONTOP`` as ``ON``; the paper's BEHAVIOR subgoal
    prompt writes ``holding_right`` as ``holds_rh``).
    """

    actions: Mapping[str, ActionSpec]
    state_predicates: frozenset[str] = frozenset()
    relation_predicates: frozenset[str] = frozenset()
    state_aliases: Mapping[str, str] = field(default_factory=dict)
    relation_aliases: Mapping[str, str] = field(default_factory=dict)

    def read_phrase(self, text: str) -> tuple[str, tuple[str, ...]] | None:
        """The action and object names of ``text`` written in one of the
        actions' phrases (case and runs of spaces aside; the first phrase
        that fits, in vocabulary order, an action's ``named`` words before its
        phrases), or None."""
        words = " ".join(str(text).split())
        for pattern, name, objects in self._phrases:
            match = pattern.fullmatch(words)
            if match:
                return name, objects or tuple(arg.strip() for arg in match.groups())
        return None

    def write_phrase(self, action: Action) -> str:
        """``action`` in the benchmark's words (the words naming its objects,
        else its action's first phrase), or as ``NAME(a, b)`` when it has none."""
        spec = self.actions.get(action.name)
        if spec is None:
            return str(action)
        named = next((words for words, objects in spec.named if objects == action.args), None)
        return named or (spec.phrases[0].format(*action.args) if spec.phrases else str(action))

    @cached_property
    def _phrases(self) -> tuple[tuple[re.Pattern[str], str, tuple[str, ...]], ...]:
        return tuple((re.compile(_pattern(words), re.I), spec.name, objects) for spec in self.actions.values()
                     for words, objects in (*spec.named, *((phrase, ()) for phrase in spec.phrases)))


def _pattern(phrase: str) -> str:
    """A phrase as a regular expression, each ``{}`` an object name."""
    return "(.+?)".join(re.escape(re.sub(r"\s+", " ", part)) for part in phrase.split("{}"))


@dataclass(frozen=True)
class ActionList:
    """A benchmark's numbered action list for one task, in its words
    (EB-ALFRED's ``action id 57: find a AlarmClock``), which an answer's
    ``action_id`` indexes. The first ``numbered`` actions are numbered as the
    benchmark numbers them; the rest follow eai's object order (EB-ALFRED's
    further instances, ``find a Cabinet_2``, which EB numbers in AI2-THOR's
    metadata order)."""

    actions: tuple[str, ...]
    numbered: int
