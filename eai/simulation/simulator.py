"""What a simulator plugin supplies: a vocabulary, a prompt builder per
ability module and, per task, a symbolic world.

The kernel's modules (action sequencing, subgoal decomposition...) only use
this interface; everything benchmark-specific lives in the plugin. The kernel
owns the template both share: :meth:`World.check` runs the plugin's checks in
the paper's order, :meth:`Simulator.prompt` dispatches to the plugin's prompt
builders.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from eai.exceptions import EaiError
from eai.pddl.formula import Formula, to_sexpr
from eai.pddl.model import Domain
from eai.simulation.predicates import PredicateMap
from eai.simulation.prompt_builders import FewShot, PromptBuilder, check_shots, imported
from eai.simulation.vocabulary import ActionList, ActionSpec, Vocabulary
from eai.world import Action, AtomIndex, Goal, Literal, Obj, State, Task, Trajectory

PAPER = "paper"  # the default prompt style: the paper's prompts (appendix I), a simulator's :attr:`Simulator.prompts`


class NoPrompt(EaiError):
    """A prompt style has no prompt for this task (the EAI Challenge does not
    ask it): a run leaves the task out, saying so, rather than stop."""


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

    @classmethod
    def unmet(cls, missing: Iterable[Formula]) -> Check:
        """The verdict on an action whose preconditions ``missing`` are unmet,
        its reason listing them (``Check()``, executable, when none is)."""
        missing = tuple(missing)
        return cls(missing=missing, reason="unmet: " + ", ".join(map(to_sexpr, missing))) if missing else cls()


class World(ABC):
    """A simulator bound to one task: its objects, initial state and dynamics.

    States of this world are :class:`State` bitsets over ``self.index``.
    :meth:`check` is the kernel's; a plugin supplies its parts: :attr:`actions`,
    :meth:`unaffordable` and :meth:`check_state`.
    """

    def __init__(self, task: Task, index: AtomIndex | None = None) -> None:
        self.task = task
        self.index = AtomIndex() if index is None else index

    @property
    @abstractmethod
    def initial(self) -> State: ...

    @property
    @abstractmethod
    def actions(self) -> Mapping[str, ActionSpec]:
        """The actions of the vocabulary, whose signatures :meth:`check` reads
        first (a class attribute will do: ``actions = ACTIONS``)."""

    def check(self, state: State, action: Action) -> Check:
        """Is ``action`` affordable, executable, redundant in ``state``? In this
        order: not an action of :attr:`actions` on the right number of distinct
        objects, or :meth:`unaffordable` (then unaffordable); else :meth:`check_state`."""
        reason = self.impossible(action)
        return Check(affordable=False, reason=reason) if reason else self.check_state(state, action)

    def impossible(self, action: Action) -> str:
        """Why ``action`` can never be done in this world ("" if it can): its
        :func:`signature_error`, else why it is :meth:`unaffordable`."""
        return signature_error(action, self.actions) or self.unaffordable(action)

    def unaffordable(self, action: Action) -> str:
        """Why ``action``, an action of :attr:`actions` on the right number of
        distinct objects, can never be done on its objects ("" if it can, the
        default): an unknown object, one lacking a property the action needs."""
        return ""

    @abstractmethod
    def check_state(self, state: State, action: Action) -> Check:
        """The verdict on ``action``, affordable, in ``state``: redundant (its
        effect already holds), or its unmet preconditions (:meth:`Check.unmet`),
        or ``Check()`` when it can be done."""

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
    # The prompt builder of each ability module this simulator has prompts for
    # (paper appendix I), or "package.module:function" naming it (imported when
    # first asked for, so registering the simulator stays cheap).
    prompts: Mapping[str, PromptBuilder | str] = {}
    # Further prompt styles by name (``eai run --prompts NAME``), each mapping
    # ability modules to prompt builders as :attr:`prompts` does for ``paper``
    # (``upstream``: the EAI Challenge's prompts, docs/challenge.md).
    prompt_styles: Mapping[str, Mapping[str, PromptBuilder | str]] = {}
    subgoal_order: tuple[str, str] = ("relation", "state")
    episode_shots: int | None = None  # own episode examples kept by default (EB: 10); None: the module prompt's
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

    @property
    def modules(self) -> tuple[str, ...]:
        """The ability modules this simulator has prompts for (:attr:`prompts`):
        eai run runs its suites on these only."""
        return tuple(self.prompts)

    @property
    def styles(self) -> tuple[str, ...]:
        """The prompt styles this simulator has: ``paper`` (:attr:`prompts`), then :attr:`prompt_styles`."""
        return (PAPER, *self.prompt_styles)

    def prompt(self, module: str, task: Task, style: str = PAPER, shots: int | None = None) -> str:
        """The prompt of ability module ``module`` for ``task`` in prompt style ``style``; ``shots``:
        keep its first K in-context examples (None: all; :mod:`eai.simulation.prompt_builders`)."""
        builder = self.builder(module, style)
        if shots is None or not isinstance(builder, FewShot):
            return builder(task, self)
        check_shots(shots, builder.examples, f"{style} {module} prompt of {self.name!r}")
        return builder(task, self, shots)

    def builder(self, module: str, style: str = PAPER) -> PromptBuilder:
        """The prompt builder of ``module`` in style ``style``, from :attr:`prompts` (``paper``) or :attr:`prompt_styles`."""
        builders = self.prompts if style == PAPER else self.prompt_styles.get(style)
        if builders is None:
            raise EaiError(f"simulator {self.name!r} has no {style!r} prompts (it has: {', '.join(self.styles)})")
        builder = builders.get(module)
        if builder is None:
            raise EaiError(f"simulator {self.name!r} has no {style + ' ' if style != PAPER else ''}prompt for module "
                           f"{module!r} (it has: {', '.join(builders) or 'none'})")
        return imported(builder) if isinstance(builder, str) else builder

    def action_list(self, task: Task) -> ActionList | None:
        """The benchmark's numbered action list for ``task`` (EB-ALFRED's,
        EB-Habitat's), which answers' ``action_id`` index; None when the
        benchmark numbers no actions."""
        return None

    def episode_prompt(self, task: Task, history: str = "", shots: int | None = None) -> str:
        """What a one-agent episode (:mod:`eai.agent`) shows the agent on a turn: the task, what it observes
        in the current state (``task`` is the task seen from it), the actions it may take and ``history``, the
        kernel's action history with its request for a new plan ("" on the first turn), in the benchmark's
        words, with its first ``shots`` examples (None: :attr:`episode_shots`). By default the action-sequencing
        prompt of ``task``, then ``history``."""
        return self.prompt("action_sequencing", task, shots=shots) + history

    def episode_chat_prompt(self, task: Task, history: str) -> str:
        """A later turn's message in chat-history mode (docs/episodes.md): EB's instruction line, then ``history``."""
        return f"The human instruction is: {task.instruction.rstrip('.')}.{history}"

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
