"""EmbodiedBench's episode protocol over a symbolic world: the agent's actions
executed one by one until one fails, from the state the last turn left.

A turn is the model's answer read as a plan (:func:`eai.modules.plans.parse.parse_plan`,
its steps grounded as the benchmark reads them, action ids included). Each
step is an environment step (EB's ``env_step``): the world's checks
(:meth:`eai.simulation.simulator.World.check`) decide it, the world says its
feedback (:meth:`~eai.simulation.simulator.World.feedback`), and a step that
fails is an invalid action, classified as the paper classifies it
(affordance, missing step, wrong order: :func:`eai.simulation.taxonomy.classify`
reads the states so far and the rest of the turn's plan); the turn then ends
(EB: "Invalid action ... Replanning"). A step whose effect already holds is an
additional step: carried out, the state unchanged, not invalid. A step that
cannot be read (an unknown action or object, a wrong arity) is an invalid
action too, after the steps before it ran, and no environment step. An
answer with no plan at all (unparseable) is an invalid action, no step; an
answer read with no step ends the episode (EB's empty plan). The goal is
checked after every step carried out: the episode ends the first time it
holds (success), after ``max_steps`` steps or ``max_invalid`` invalid actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from eai.modules.plans.grounding import ground
from eai.modules.plans.parse import ParsedPlan, RawStep
from eai.simulation.goals import GoalChecker
from eai.simulation.simulator import ActionList, Simulator
from eai.simulation.taxonomy import ErrorType, classify
from eai.world import Action, Atom, Task, Trajectory

MAX_STEPS = 30  # EB-ALFRED's and EB-Habitat's _max_episode_steps
MAX_INVALID = 10  # their _max_invalid_actions
ADDITIONAL_STEP = "additional_step"
# how an episode ends
SUCCESS, STEPS, INVALID, EMPTY, MODEL_ERROR = "success", "max_steps", "max_invalid", "empty_plan", "model_error"
ENDS = (SUCCESS, STEPS, INVALID, EMPTY, MODEL_ERROR)
UNREADABLE = "Last action is invalid. Your answer could not be read as a plan: {why}. Answer in the required format."
UNREAD_STEP = "Last action is invalid. {why}."


@dataclass(frozen=True)
class Budgets:
    """When an episode stops short of success (EmbodiedBench's defaults)."""

    max_steps: int = MAX_STEPS
    max_invalid: int = MAX_INVALID


EB_BUDGETS = Budgets()

@dataclass
class Turn:
    """One turn: what the agent was shown (``observation``), its answer, the
    steps tried (action, its words, feedback, error class or None) and how the
    answer read (``read_error``: why no plan or a step could be read)."""

    observation: str
    answer: str = ""
    steps: list[dict[str, Any]] = field(default_factory=list)
    read_error: str = ""
    model_error: str = ""
    usage: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        done = {"observation": self.observation, "answer": self.answer, "steps": self.steps}
        return done | ({"read_error": self.read_error} if self.read_error else {}) | (
            {"model_error": self.model_error} if self.model_error else {}) | ({"usage": self.usage} if self.usage else {})


class AgentEpisode:
    """One task played by one agent under ``budgets``; :meth:`act` takes each answer."""

    def __init__(self, task: Task, simulator: Simulator, budgets: Budgets = EB_BUDGETS, shown: Task | None = None,
                 shots: int | None = None) -> None:
        self.task, self.simulator, self.budgets = task, simulator, budgets
        self.shown = shown or task  # the task the prompts show: the goal earlier stages interpreted (eai compose)
        self.shots = shots  # the in-context examples its prompt keeps (None: the world's default)
        self.world = simulator.world(task)
        self.checker = GoalChecker(task, simulator.vocabulary)
        self.listed = simulator.action_list(task)
        self.trajectory = Trajectory((self.world.initial,))
        self.steps = self.invalid = 0
        self.turns: list[Turn] = []
        self.history: list[tuple[int | None, str, str]] = []  # per step: its action id, its words, the feedback
        self.ended = ""
        self._now = (self.world.initial, frozenset(self.world.initial))
        self._view = (self.world.initial, task)

    @property
    def view(self) -> Task:
        """The task as seen from the current state, whose prompt the agent is shown (the task
        itself until a step changed the state, so the first prompt is action sequencing's)."""
        if len(self.trajectory.states) == 1:
            return self.shown
        if self._view[0] != self.trajectory.final:
            self._view = (self.trajectory.final, replace(self.shown, init=self.now))
        return self._view[1]

    @property
    def now(self) -> frozenset[Atom]:
        """The atoms of the current state, updated by each step's difference (a world holds thousands)."""
        state, atoms = self._now
        final = self.trajectory.final
        if state != final:
            added, removed = state.diff(final)
            self._now = (final, atoms.difference(removed).union(added))
        return self._now[1]

    def act(self, turn: Turn, parsed: ParsedPlan) -> None:
        """Carry out the plan ``parsed`` from ``turn``'s answer, filling ``turn`` and ending the episode when it ends."""
        self.turns.append(turn)
        if parsed.error:
            turn.read_error = parsed.error
            turn.steps.append({"action": "", "words": "", "feedback": UNREADABLE.format(why=parsed.error),
                               "error_type": ErrorType.PARSING.value, "step": None})
            self._invalid(turn.steps[-1]["feedback"])
            return
        if not parsed.steps:
            turn.read_error = "no step"
            self.ended = EMPTY
            return
        grounding = ground(parsed, self.world, self.simulator.vocabulary, self.listed)
        plan = grounding.plan
        for i, action in enumerate(plan):
            if not self._step(turn, action, parsed.steps[i], plan[i + 1:]) or self.ended:
                return
        if grounding.error is not None:
            kind, at, why = grounding.error
            turn.read_error = why
            turn.steps.append({"action": "", "words": _words(parsed.steps[at or 0], self.listed),
                               "feedback": UNREAD_STEP.format(why=why), "error_type": kind.value, "step": None})
            self._invalid(turn.steps[-1]["feedback"], turn.steps[-1]["words"])

    def model_failed(self, turn: Turn, why: str) -> None:
        """The model call of ``turn`` failed (not the model's answer): the episode ends unscored."""
        turn.model_error = why
        self.turns.append(turn)
        self.ended = MODEL_ERROR

    def _step(self, turn: Turn, action: Action, raw: RawStep, later: Sequence[Action]) -> bool:
        """One environment step; whether it was carried out."""
        world, state = self.world, self.trajectory.final
        check = world.check(state, action)
        self.steps += 1
        kind: str | None = None
        if not check.affordable:
            kind = ErrorType.AFFORDANCE.value
        elif check.missing:
            kind = classify(world, self.trajectory.states, later, check.missing).value
        elif check.redundant:
            kind = ADDITIONAL_STEP
        else:
            self.trajectory = self.trajectory.extend(action, world.apply(state, action))
        said = world.feedback(action, check)
        words = _words(raw, self.listed) or str(action)
        turn.steps.append({"action": str(action), "words": words, "feedback": said, "error_type": kind,
                           "step": self.steps})
        self.history.append((_listed_id(raw, self.listed), words, said))
        if kind is None and self.checker.reached(self.trajectory):
            self.ended = SUCCESS
        elif check.executable:
            self._budget()
        else:
            self._invalid(said, record=False)
        return check.executable

    def _invalid(self, said: str, words: str = "", record: bool = True) -> None:
        """An invalid action: counted, and (when no step said it) its feedback in the history."""
        self.invalid += 1
        if record:
            self.history.append((None, words, said))
        self._budget()

    def _budget(self) -> None:
        if self.invalid >= self.budgets.max_invalid:
            self.ended = INVALID
        elif self.steps >= self.budgets.max_steps:
            self.ended = STEPS

    def progress(self) -> float:
        """The benchmark's progress of the trajectory (:meth:`Simulator.progress`), else the share of goals met."""
        own = self.simulator.progress(self.task, self.trajectory)
        if own is not None:
            return round(float(own), 6)
        met, total = self.checker.check(self.trajectory).total
        return round(met / total, 6) if total else float(self.ended == SUCCESS)

    def record(self) -> dict[str, Any]:
        """The episode's record (the driver's docstring lists its fields)."""
        errors = [{"turn": t, "step": s["step"], "action": s["action"] or s["words"], "error_type": s["error_type"]}
                  for t, turn in enumerate(self.turns) for s in turn.steps if s["error_type"]]
        return {"success": self.ended == SUCCESS, "progress": self.progress(), "ended": self.ended,
                "steps": self.steps, "invalid_actions": self.invalid, "turns": len(self.turns),
                "executed": [str(a) for a in self.trajectory.actions], "step_errors": errors,
                "turn_log": [t.to_dict() for t in self.turns]}


def _listed_id(raw: RawStep, listed: ActionList | None) -> int | None:
    """The step's action id when it is one of the task's action list."""
    if listed is not None and raw.action_id is not None and 0 <= raw.action_id < len(listed.actions):
        return raw.action_id
    return None


def _words(raw: RawStep, listed: ActionList | None) -> str:
    """The step as the benchmark words it: its action list's words for its id, else as written."""
    number = _listed_id(raw, listed)
    if number is not None:
        return str(listed.actions[number])  # type: ignore[union-attr]
    return raw.text or (f"{raw.name}({', '.join(raw.args)})" if raw.name else "")
