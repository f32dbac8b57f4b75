"""Two agents acting in one symbolic world in turns (PARTNR's human and robot).

The world has one agent object (VirtualHome's character); each agent gets its
own copy of the **body**, the atoms naming that object (where it stands, what
it holds), while the rest of the state is shared. An agent acts on the
shared state with its own body, through the world's own checks; it sees the
state so (its observations) and the other's last action. An action on an
object the other agent holds fails with a reason, as does an action its
capability profile lacks; when an agent carries an object away or puts it
down, the other is no longer next to it. Evaluation functions judge the shared state with both
bodies (docs/collaboration.md).

With partial observability an agent sees the rooms, the furniture, what it
holds, and the things in the rooms it has been in (PARTNR's exploration: in
VirtualHome, ``WALK`` to a room explores it).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from eai.collaboration.evaluation import EvaluationFunctions, Tracker
from eai.exceptions import EaiError
from eai.simulation.simulator import Simulator
from eai.world import Action, Atom, Task


@dataclass(frozen=True)
class Profile:
    """An agent's name and the capabilities it lacks (keys of the simulator's ``skills``)."""

    name: str
    lacks: frozenset[str] = frozenset()


HUMAN = Profile("human")
ROBOT = Profile("robot", frozenset({"clean", "fill", "power_on"}))


@dataclass(frozen=True)
class View:
    """What an agent sees on its turn: the state with its own body (with
    partial observability, only what it observes), what it was told after
    its last action, the other agent's last action, and the rooms it has
    explored (empty with full observability)."""

    agent: str
    atoms: frozenset[Atom]
    feedback: str
    other_action: str
    explored: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Unreadable:
    """A turn whose answer could not be read as one action: a failed turn."""

    reason: str


@dataclass(frozen=True)
class Unanswered:
    """A turn whose model call failed (not the model's answer)."""

    reason: str


Move = Action | Unreadable | Unanswered | None  # None: wait this turn


class Policy(ABC):
    asks_model = False  # True: its turns may be unreadable or unanswered, and its record counts them

    @abstractmethod
    def act(self, view: View) -> Move:
        """The next action, or None to wait this turn (done, or waiting for the other)."""

    async def decide(self, view: View) -> Move:
        """The next move, for policies that wait on something (a model call); by default ``act``."""
        return self.act(view)


@dataclass
class Tally:
    """One agent's figures: actions taken, failed, extraneous (carried out
    without raising percent complete), turns waited, and percent complete it raised."""

    actions: int = 0
    failed: int = 0
    extraneous: int = 0
    waits: int = 0
    gain: float = 0.0
    unreadable: int = 0
    model_errors: int = 0


MODEL_ERRORS_IN_A_ROW = 3  # failed model calls in a row (each after the runner's retries) that stop an episode
MODEL_ERROR = "model error: "  # how the log says a turn's model call failed, before the reason


@dataclass(frozen=True)
class TurnTaken:
    """One turn as it went: the agent, its move (``action``, ``wait``,
    ``unreadable`` or ``model error``), the action, what the agent was told,
    whether the action failed, and percent complete after the turn."""

    agent: str
    move: str
    action: str
    feedback: str
    failed: bool
    percent_complete: float


class Episode:
    """Two agents (profile and policy each), the first acting first, on ``task``."""

    def __init__(self, task: Task, simulator: Simulator, agents: Sequence[tuple[Profile, Policy]],
                 partial: bool = False) -> None:
        if len(agents) != 2 or agents[0][0].name == agents[1][0].name:
            raise EaiError("a collaboration episode needs two agents of different names")
        if not task.evaluation:
            raise EaiError(f"task {task.id} has no evaluation functions")
        self.world = simulator.world(task)
        if self.world.agent is None:
            raise EaiError(f"simulator {simulator.name!r} has no agent object for two agents to share")
        predicates = simulator.evaluation_predicates
        self.predicates = predicates
        self.tracker = Tracker(EvaluationFunctions.read(task.evaluation, task.object_by_id, predicates,
                                                        simulator.name), predicates)  # type: ignore[arg-type]
        self.agents = agents
        me = self.world.agent
        initial = frozenset(self.world.initial)
        self.shared = frozenset(a for a in initial if me not in a[1:])
        self.bodies = [initial - self.shared, initial - self.shared]
        self.tallies = [Tally(), Tally()]
        if partial and not (predicates.in_room and predicates.portable):  # type: ignore[union-attr]
            raise EaiError(f"simulator {simulator.name!r} has no rooms for partial observability")
        self.partial = partial
        self.explored: list[set[str]] = [set(), set()]
        for who in (0, 1):
            self._explore(who)
        self.log: list[list[str]] = []
        self.history: list[TurnTaken] = []  # every turn, waits included (records keep ``log``)
        self.tracker.update(self.atoms())
        self.said, self.last = ["", ""], ["", ""]  # per agent: what it was told, its last action
        self.turns = self.idle = 0
        self.errors_in_a_row = [0, 0]  # per agent: its failed model calls in a row

    def atoms(self, who: int | None = None) -> frozenset[Atom]:
        """The shared state with agent ``who``'s body, or with both bodies."""
        bodies = self.bodies if who is None else [self.bodies[who]]
        return self.shared.union(*bodies)

    def _explore(self, who: int) -> None:
        """Add the rooms agent ``who`` is in to those it has explored."""
        if self.partial:
            self.explored[who] |= {a[2] for a in self.bodies[who] if a[0] == self.predicates.in_room}

    def observed(self, who: int) -> frozenset[Atom]:
        """What agent ``who`` sees: every atom, or with partial observability
        the atoms all of whose objects it sees."""
        atoms = self.atoms(who)
        if not self.partial:
            return atoms
        portable, room = self.predicates.portable, self.predicates.in_room
        objects = self.world.objects
        found = {a[1] for a in atoms if a[0] == room and a[2] in self.explored[who]}
        seen = {oid for oid, obj in objects.items() if portable not in obj.properties} | found | self.held(who)
        return frozenset(a for a in atoms if all(arg in seen for arg in a[1:]))

    def held(self, who: int) -> set[str]:
        return {a[2] for a in self.bodies[who] if a[0] in self.predicates.holding}

    def run(self, max_turns: int) -> dict[str, Any]:
        """Turns until success, two rounds in which both agents wait, or ``max_turns``; the record."""
        while self.going(max_turns):
            who, view = self.turn()
            self.take(who, self.agents[who][1].act(view))
        return self.record(self.turns)

    async def play(self, max_turns: int) -> dict[str, Any]:
        """``run`` with policies that wait on something (models): each turn awaits ``decide``;
        ``MODEL_ERRORS_IN_A_ROW`` failed model calls in a row stop the episode."""
        while self.going(max_turns) and not self.stopped:
            who, view = self.turn()
            self.take(who, await self.agents[who][1].decide(view))
        return self.record(self.turns)

    @property
    def stopped(self) -> bool:
        """Whether an agent's model failed ``MODEL_ERRORS_IN_A_ROW`` calls in a row."""
        return max(self.errors_in_a_row) >= MODEL_ERRORS_IN_A_ROW

    def going(self, max_turns: int) -> bool:
        return self.turns < max_turns and not self.tracker.success and self.idle < 4

    def turn(self) -> tuple[int, View]:
        """Whose turn it is, and what that agent sees."""
        who = self.turns % 2
        return who, View(self.agents[who][0].name, self.observed(who), self.said[who], self.last[1 - who],
                         frozenset(self.explored[who]))

    def take(self, who: int, move: Move) -> None:
        """Agent ``who``'s move this turn: an action, a wait, or a turn lost to
        an unreadable answer or a failed call; the turn goes into ``history``."""
        logged, failed = len(self.log), self.tallies[who].failed
        self._move(who, move)
        kind = "wait" if move is None else "unreadable" if isinstance(move, Unreadable) \
            else "model error" if isinstance(move, Unanswered) else "action"
        self.history.append(TurnTaken(self.agents[who][0].name, kind, str(move) if kind == "action" else "",
                                      self.log[-1][2] if len(self.log) > logged else "",
                                      self.tallies[who].failed > failed, round(self.tracker.percent_complete, 6)))

    def _move(self, who: int, move: Move) -> None:
        self.turns += 1
        name, tally = self.agents[who][0].name, self.tallies[who]
        self.errors_in_a_row[who] = self.errors_in_a_row[who] + 1 if isinstance(move, Unanswered) else 0
        if move is None:
            tally.waits += 1
            self.idle += 1
            self.last[who] = "waited"
            return
        self.idle = 0
        if isinstance(move, Unreadable):
            tally.unreadable += 1
            self.said[who], self.last[who] = f"your answer could not be read: {move.reason}", "nothing (unreadable answer)"
            self.log.append([name, "", self.said[who]])
            return
        if isinstance(move, Unanswered):
            tally.model_errors += 1
            self.said[who], self.last[who] = "", "nothing"
            self.log.append([name, "", f"{MODEL_ERROR}{move.reason}"])
            return
        self.said[who] = self.step(who, move)
        self.last[who] = str(move)
        self.log.append([name, str(move), self.said[who]])

    def step(self, who: int, action: Action) -> str:
        """Try ``action`` for agent ``who``; the feedback."""
        tally, profile = self.tallies[who], self.agents[who][0]
        tally.actions += 1
        other = self.agents[1 - who][0].name
        lacking = [skill for skill in sorted(profile.lacks)
                   if action.name in self.predicates.skills.get(skill, frozenset())]
        taken = [arg for arg in action.args if arg in self.held(1 - who)]
        if lacking or taken:
            tally.failed += 1
            why = f"the {profile.name} cannot {lacking[0].replace('_', ' ')}" if lacking else \
                f"{taken[0]} is held by the {other}"
            return f"{action} failed: {why}"
        state = self.world.index.state(self.atoms(who))
        check = self.world.check(state, action)
        if not check.executable:
            tally.failed += 1
            return self.world.feedback(action, check)
        before = self.tracker.percent_complete
        after_state = frozenset(self.world.apply(state, action)) if not check.redundant else frozenset(state)
        me = self.world.agent
        shared = frozenset(a for a in after_state if me not in a[1:])
        moved = self.held(who)  # what an agent carries is what it moves
        self.shared, self.bodies[who] = shared, after_state - shared
        moved |= self.held(who)
        self._explore(who)
        self.bodies[1 - who] = frozenset(a for a in self.bodies[1 - who]
                                         if a[0] in self.predicates.holding or not moved & set(a[1:]))
        self.tracker.update(self.atoms())
        gain = self.tracker.percent_complete - before
        tally.gain += gain
        if gain <= 0:
            tally.extraneous += 1
        return self.world.feedback(action, check)

    def record(self, turns: int) -> dict[str, Any]:
        """Percent complete, success, turns, per-agent figures and task
        offloading (the share of percent complete the second agent, the robot,
        brought; None when nothing was completed). An agent whose policy asks
        a model also has its ``unreadable`` answers and ``model_errors``;
        ``stopped`` says an episode ended by failed model calls."""
        total = sum(t.gain for t in self.tallies)
        agents = {}
        for (profile, policy), t in zip(self.agents, self.tallies, strict=True):
            agents[profile.name] = {"actions": t.actions, "failed": t.failed, "extraneous": t.extraneous,
                                    "waits": t.waits}
            if policy.asks_model:
                agents[profile.name].update(unreadable=t.unreadable, model_errors=t.model_errors)
        record = {"percent_complete": round(self.tracker.percent_complete, 6), "success": self.tracker.success,
                  "turns": turns, "agents": agents,
                  "offloading": round(self.tallies[1].gain / total, 6) if total > 0 else None,
                  "log": self.log}
        if self.stopped:
            record["stopped"] = f"{MODEL_ERRORS_IN_A_ROW} failed model calls in a row"
        return record
