"""What a simulator plugin supplies: a vocabulary and, per task, a symbolic world.

The kernel's modules (action sequencing, subgoal decomposition...) only use
this interface; everything benchmark-specific lives in the plugin.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace

from eai.exceptions import EaiError
from eai.pddl.formula import Formula
from eai.pddl.model import Domain
from eai.world import Action, AtomIndex, Goal, Obj, State, Task, Trajectory


@dataclass(frozen=True)
class ActionSpec:
    """An action of the vocabulary: its arity and, per argument, the
    properties an object needs to afford it, any one of them sufficing
    (shown in prompts)."""

    name: str
    arity: int
    requirements: tuple[tuple[str, ...], ...] = ()
    description: str = ""


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

    def search_objects(self, state: State, atoms: Iterable[tuple[str, ...]]) -> frozenset[str] | None:
        """The objects a search from ``state`` for a goal about ``atoms`` acts on.

        ``atoms`` are the goal's ground propositions, state predicates and
        actions alike, as ``(name, object id, ...)``. Plugins return the
        objects the atoms name plus those achieving them may need (a closed
        container to open, a held object to put down, a tool); the default,
        None, means every object: no pruning, so no false "unreachable"."""
        return None

    def resolve_args(self, raw: list[str]) -> list[str | None]:
        """Object ids for the arguments a model wrote (None where no object
        matches). The default takes each token as an object id; plugins accept
        their benchmark's spellings (names, ``name, id`` pairs, scene names),
        so the result may be shorter than ``raw``; arity is checked on it."""
        return [token if token in self.task.object_by_id else None for token in raw]

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
    """A benchmark's symbolic world, registered by a plugin under ``name``."""

    name: str
    description: str = ""

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

    def progress(self, task: Task, trajectory: Trajectory) -> float | None:
        """The benchmark's own task progress of ``trajectory``, from 0 to 1
        (EB-Habitat: the share of the task's subgoals reached); None when the
        benchmark defines none."""
        return None

    def excluded(self, task: Task) -> str:
        """Why ``task`` is left out of success rates ("" when it counts), e.g.
        its goal holds in the initial state."""
        return ""
