"""What a simulator plugin supplies: a vocabulary and, per task, a symbolic world.

The kernel's modules (action sequencing, subgoal decomposition...) only use
this interface; everything benchmark-specific lives in the plugin.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from eai.exceptions import EaiError
from eai.pddl.formula import Formula
from eai.pddl.model import Domain
from eai.simulation.predicates import PredicateMap
from eai.world import Action, AtomIndex, Goal, Literal, Obj, State, Task, Trajectory


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


def signature_error(action: Action, actions: Mapping[str, ActionSpec]) -> str:
    """Why ``action`` is not one of ``actions`` on the right number of distinct objects ("" if it is)."""
    spec = actions.get(action.name)
    if spec is None:
        return f"unknown action {action.name}"
    if len(action.args) != spec.arity:
        return f"{action.name} takes {spec.arity} object(s), got {len(action.args)}"
    if len(set(action.args)) != len(action.args):
        return f"{action.name} needs distinct objects"
    return ""


@dataclass(frozen=True)
class Check:
    """The simulator's verdict on one action in one state (paper appendix D.2).

    ``affordable`` is False when an object lacks a property the action needs;
    ``missing`` lists the unmet preconditions as ground formulas;
    ``redundant`` is True when the action's effect already holds.
    """

    affordable: bool = True
    missing: tuple[Formula, ...] = ()
    redundant: bool = False
    reason: str = ""

    @property
    def executable(self) -> bool:
        return self.affordable and not self.missing


class World(ABC):
    """A simulator bound to one task: its objects, initial state and dynamics.

    States of this world are :class:`State` bitsets over ``self.index``.
    """

    def __init__(self, task: Task, index: AtomIndex | None = None) -> None:
        self.task = task
        self.index = AtomIndex() if index is None else index

    @property
    @abstractmethod
    def initial(self) -> State: ...

    @abstractmethod
    def check(self, state: State, action: Action) -> Check:
        """Is ``action`` affordable, executable, redundant in ``state``?"""

    @abstractmethod
    def apply(self, state: State, action: Action) -> State:
        """The next state; only called on actions ``check`` found executable."""

    @abstractmethod
    def successors(self, state: State, objects: Iterable[str] | None = None) -> Iterator[tuple[Action, State]]:
        """Executable actions in ``state`` (on ``objects`` only, if given) and their results."""

    @property
    def agent(self) -> str | None:
        """The object standing for the agent (VirtualHome's character), which
        no action names; None if the world has none. The error taxonomy reads
        it (:func:`eai.simulation.taxonomy.classify`)."""
        return None

    def search_objects(self, state: State, atoms: Iterable[tuple[str, ...]]) -> frozenset[str] | None:
        """The objects a search from ``state`` for a goal about ``atoms`` acts on.

        ``atoms`` are the goal's ground propositions, state predicates and
        actions alike, as ``(name, object id, ...)``. Plugins return the
        objects the atoms name plus those achieving them may need (a closed
        container to open, a held object to put down, a tool); the default,
        None, means every object: no pruning, so no false "unreachable"."""
        return None

    def search_actions(self, atoms: Iterable[tuple[str, ...]]) -> frozenset[str] | None:
        """The action names a search for a goal about ``atoms`` (as for
        :meth:`search_objects`, plus the propositions the search should keep
        true) may use. Plugins leave out actions no shortest plan to such a
        goal needs (an effect nothing in the goal or any precondition reads);
        the default, None, means every action."""
        return None

    def resolve_args(self, raw: list[str]) -> list[str | None]:
        """Object ids for the arguments a model wrote (None where no object
        matches). The default takes each token as an object id; plugins accept
        their benchmark's spellings (names, ``name, id`` pairs, scene names),
        so the result may be shorter than ``raw``; arity is checked on it."""
        return [token if token in self.task.object_by_id else None for token in raw]

    def action_args(self, action: str, raw: list[str]) -> list[str | None]:
        """:meth:`resolve_args` of the arguments a plan step wrote for
        ``action``. Plugins whose benchmark names some arguments by what the
        action does with them override it (EB-Habitat's ``pick up the ball``
        picks any ball within reach: a category, for a pick)."""
        return self.resolve_args(raw)

    @property
    def objects(self) -> Mapping[str, Obj]:
        return self.task.object_by_id

    def feedback(self, action: Action, check: Check) -> str:
        """What an agent is told after trying ``action`` (episodes, replanning);
        plugins speak their benchmark's words."""
        if not check.executable:
            return f"{action} failed: {check.reason or 'it cannot be done now'}"
        if check.redundant:
            return f"{action} changed nothing: {check.reason or 'its effect already holds'}"
        return f"{action} done"


class Simulator(ABC):
    """A benchmark's symbolic world, registered by a plugin under ``name``.

    ``subgoal_order`` is the order in which subgoal lines derived from a goal
    (the gold subgoal plan, the planner baseline) list its relation and state
    goals, after its action goals: VirtualHome places things, then sets their
    states (closes the washing machine); ALFRED cleans, heats or cools a
    thing, then places it.
    """

    name: str
    description: str = ""
    # The ability modules this simulator has prompts for: eai run runs its
    # suites on these only (a plugin's world may claim fewer than all four).
    modules: tuple[str, ...] = ("goal_interpretation", "subgoal_decomposition", "action_sequencing",
                                "transition_modeling")
    subgoal_order: tuple[str, str] = ("relation", "state")
    # How this simulator's atoms say PARTNR's predicates (evaluation functions,
    # docs/collaboration.md); None: tasks with evaluation functions cannot run on it.
    evaluation_predicates: PredicateMap | None = None

    @property
    @abstractmethod
    def vocabulary(self) -> Vocabulary: ...

    @abstractmethod
    def world(self, task: Task) -> World:
        """The world of one task."""

    @abstractmethod
    def transition_model(self) -> Domain:
        """The ground-truth operators of this simulator as a PDDL domain."""

    def with_goal(self, task: Task, goal: Goal) -> Task:
        """``task`` with another goal (a pipeline's interpreted goal). Plugins
        whose prompts read a goal kept elsewhere (BEHAVIOR's BDDL) update it too."""
        return replace(task, goal=goal)

    def prompt(self, module: str, task: Task) -> str:
        """The prompt of ability module ``module`` (paper appendix I) for ``task``."""
        raise EaiError(f"simulator {self.name!r} has no prompt for module {module!r}")

    def action_list(self, task: Task) -> ActionList | None:
        """The benchmark's numbered action list for ``task`` (EB-ALFRED's,
        EB-Habitat's), which answers' ``action_id`` index; None when the
        benchmark numbers no actions."""
        return None

    def prompt_examples(self, module: str) -> tuple[str, ...]:
        """The example answers the prompts of ``module`` show (none by default):
        an answer that reads as one of them is recorded as the prompt's example
        (``prompt_example``, docs/metrics.md)."""
        return ()

    def progress(self, task: Task, trajectory: Trajectory) -> float | None:
        """The benchmark's own task progress of ``trajectory``, from 0 to 1
        (EB-ALFRED: the share of the task type's goal conditions met at the end;
        EB-Habitat: the share of the task's subgoals reached); None when the
        benchmark defines none."""
        return None

    def excluded(self, task: Task) -> str:
        """Why ``task`` is left out of success rates ("" when it counts), e.g.
        its goal holds in the initial state."""
        return ""

    def stats(self, tasks: Sequence[Task]) -> dict[str, Any]:
        """Figures of the benchmark's own for ``eai tasks stats`` (EB-ALFRED:
        actions in each task's action list; habitat: tasks by split, goal
        kinds); none by default."""
        return {}

    def goal_lines(self, state: Sequence[Literal], relation: Sequence[Literal],
                   order: tuple[str, str] | None = None) -> list[Literal]:
        """State and relation goals in ``order`` (default: :attr:`subgoal_order`)."""
        parts = {"relation": list(relation), "state": list(state)}
        return [lit for kind in order or self.subgoal_order for lit in parts[kind]]
