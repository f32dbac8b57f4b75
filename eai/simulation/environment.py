"""The step-by-step execution protocol: a live environment that runs a plan one action at a time.

A real 3D simulator (AI2-THOR, habitat-sim) cannot branch a state, so it is not
a :class:`~eai.simulation.simulator.World`. It is an :class:`Environment`: reset to a
task, take an action, and say whether the action was carried out, what the
environment answered (its feedback text) and the state afterwards as our atoms.
The symbolic world implements the same protocol (:class:`SymbolicEnvironment`).

Episodes (replanning, pipelines) execute plans through an environment; the
simulator's world still explains a failure (the error taxonomy needs its
checks), on the state the environment reported. A package for a real simulator
registers an :class:`EnvironmentProvider` for the symbolic simulator whose task
data and vocabulary it shares (hook ``eai_register_environments``) and runs the
conformance kit in :mod:`eai.testing.environment`. docs/environments.md.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from types import TracebackType

from eai.exceptions import EaiError
from eai.simulation.simulator import Simulator, World
from eai.world import Action, Atom, State, Task, Trajectory


@dataclass(frozen=True)
class Observation:
    """What an environment shows after a reset: the state as atoms, and any text."""

    atoms: frozenset[Atom]
    text: str = ""


@dataclass(frozen=True)
class StepResult:
    """One action taken: carried out or not, the environment's feedback, the
    state afterwards, and whether the task's goal holds now (the benchmark's
    own success check)."""

    success: bool
    feedback: str
    atoms: frozenset[Atom]
    goal_reached: bool


class Unbuildable(EaiError):
    """A task an environment cannot run (a real engine that cannot hold what
    the task needs), with the ``reason`` as a short class (``free-standing``)
    and what it is about."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason, self.detail = reason, detail


@dataclass(frozen=True)
class Disagreement:
    """Where a plan's outcome in eai's world and in another environment first
    differ (``eai check-world``): at ``step`` (the action both were sent), or at
    the end (``step`` None: the goal verdicts differ), with what each answered
    and the state each was in before that step (the end state for the goal)."""

    task: Task
    plan: tuple[Action, ...]
    step: int | None
    ours: StepResult
    theirs: StepResult
    ours_before: frozenset[Atom]
    theirs_before: frozenset[Atom]


class Environment(ABC):
    """A live environment bound to one task at a time (after ``reset``)."""

    @abstractmethod
    def reset(self, task: Task) -> Observation:
        """Start ``task`` from its initial state."""

    @abstractmethod
    def step(self, action: Action) -> StepResult:
        """Take ``action`` (object ids as the task names them). An action the
        environment cannot carry out is not an exception: ``success`` is False
        and the state is unchanged."""

    def close(self) -> None:
        """Release what the environment holds (a simulator process)."""

    def __enter__(self) -> Environment:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()


class EnvironmentProvider(ABC):
    """Opens environments for the tasks of the symbolic simulator named ``simulator``."""

    name: str
    simulator: str
    description: str = ""

    @abstractmethod
    def open(self) -> Environment:
        """A new environment (episodes may run several at once)."""

    def missing(self) -> str:
        """What this machine lacks to run the environment, with how to install it ("" when nothing)."""
        return ""

    def engine(self) -> str:
        """What runs the tasks, with its version (run.json records it)."""
        return self.description

    def unbuildable(self, task: Task) -> Unbuildable | None:
        """Why the environment cannot run ``task`` (None when it can); its
        ``reset`` raises that. The runner does not play such tasks and names them."""
        return None

    def explain(self, disagreement: Disagreement) -> str:
        """The reason class of a known difference from eai's world (documented
        by the environment's docs) that ``disagreement`` comes from; "" when none explains it."""
        return ""


class SymbolicEnvironment(Environment):
    """The protocol over a simulator's symbolic world: the built-in environment."""

    def __init__(self, simulator: Simulator) -> None:
        self.simulator = simulator
        self._world: World | None = None

    def reset(self, task: Task) -> Observation:
        from eai.simulation.goals import GoalChecker  # here: registering environments stays cheap (no LTL)

        self._world = self.simulator.world(task)
        self._checker = GoalChecker(task, self.simulator.vocabulary)
        self._trajectory = Trajectory((self._world.initial,))
        return Observation(frozenset(self._world.initial))

    def step(self, action: Action) -> StepResult:
        if self._world is None:
            raise RuntimeError("step() before reset()")
        world, state = self._world, self._trajectory.final
        check = world.check(state, action)
        if check.executable and not check.redundant:  # a redundant action is left out, as execute does
            self._trajectory = self._trajectory.extend(action, world.apply(state, action))
        return StepResult(check.executable, world.feedback(action, check), frozenset(self._trajectory.final),
                          self._checker.reached(self._trajectory))


class SymbolicProvider(EnvironmentProvider):
    """Symbolic environments of one simulator."""

    description = "the simulator's symbolic world, one action at a time"

    def __init__(self, simulator: Simulator) -> None:
        self._simulator = simulator
        self.name = self.simulator = simulator.name

    def open(self) -> Environment:
        return SymbolicEnvironment(self._simulator)


def observed(world: World, atoms: frozenset[Atom]) -> State:
    """The atoms an environment reported, as a state of ``world``."""
    return world.index.state(atoms)
