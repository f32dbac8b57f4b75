"""Scripted agents: a plan (the gold plan, or a model's) split between two
agents, as the tests and ``eai run --agents 2`` use it.

The plan is cut into **segments**, each beginning where the agent holds
nothing and the previous step changed the shared world (not just where the
agent stands); a segment that starts away from its object is led by a move
to it (the first one-object action that changes only the agent's body).
Segments needing a capability the robot lacks go to the human; the others
to whichever agent has fewer steps so far (the robot on ties). A segment's
last step waits until every earlier segment is done, so the world changes
in the gold plan's order; a step that fails is tried again on the agent's
next turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from eai.collaboration.episode import HUMAN, ROBOT, Episode, Policy, Profile, View
from eai.simulation.simulator import Simulator, World
from eai.world import Action, Atom, Task


@dataclass
class Segment:
    """Steps of a plan; ``effect``: what its last step adds to the shared world, as the plan runs."""

    index: int
    steps: list[Action]
    done: bool = False
    effect: frozenset[Atom] = frozenset()


def segments(task: Task, simulator: Simulator, plan: Sequence[Action] | None = None) -> list[Segment]:
    """``plan`` (default: the gold plan) cut into segments, each led by a move
    where needed; from a step that cannot run on, the rest is one segment."""
    world = simulator.world(task)
    predicates = simulator.evaluation_predicates
    me = world.agent
    state = world.initial
    cuts: list[list[Action]] = []
    effects: list[frozenset[Atom]] = []
    changed_shared, runs = False, True
    held = {a for a in state if a[0] in predicates.holding}  # type: ignore[union-attr]
    for action in task.gold_plan if plan is None else plan:
        if not cuts or (runs and not held and changed_shared):
            cuts.append([])
            effects.append(frozenset())
        cuts[-1].append(action)
        runs = runs and world.check(state, action).executable
        if runs:
            after = world.apply(state, action)
            added, removed = state.diff(after)  # the atoms that changed, not the whole states
            changed_shared = any(me not in a[1:] for a in (*added, *removed))
            effects[-1] = frozenset(a for a in added if me not in a[1:])
            held = (held - set(removed)) | {a for a in added if a[0] in predicates.holding}  # type: ignore[union-attr]
            state = after
    moves = [name for name, spec in simulator.vocabulary.actions.items() if spec.arity == 1]
    return [Segment(i, _led(world, moves, steps), effect=effect)
            for i, (steps, effect) in enumerate(zip(cuts, effects, strict=True))]


def _led(world: World, moves: Sequence[str], steps: list[Action]) -> list[Action]:
    """``steps`` led by a move to their first object unless the first step is one."""
    first = steps[0]
    if not first.args or _moves(world, first):
        return steps
    for name in moves:
        move = Action(name, (first.args[0],))
        if _moves(world, move):
            return [move, *steps]
    return steps


def _moves(world: World, action: Action) -> bool:
    """Whether ``action`` is executable in the initial state and changes only the agent's body."""
    state = world.initial
    check = world.check(state, action)
    if not check.executable or check.redundant:
        return False
    return all(world.agent in a[1:] for a in set(world.apply(state, action)) ^ set(state))


@dataclass
class Scripted(Policy):
    """One agent's share of the segments, in order, with all segments to wait on.
    ``watching``: the other's segments are not played by a Scripted policy, so
    one counts as done once its effect is seen, and a segment's first step
    waits for the earlier ones too (a human beside a model robot)."""

    mine: list[Segment]
    every: list[Segment]
    watching: bool = False
    _step: int = 0
    _tried: Action | None = field(default=None, repr=False)

    def act(self, view: View) -> Action | None:
        if self._tried is not None:
            if "failed" not in view.feedback:
                self._advance()
            self._tried = None
        if not self.mine:
            return None
        segment = self.mine[0]
        waits = self._step == len(segment.steps) - 1 or (self.watching and self._step == 0)
        if waits and not all(self._done(s, view) for s in self.every if s.index < segment.index):
            return None
        self._tried = segment.steps[self._step]
        return self._tried

    def _done(self, segment: Segment, view: View) -> bool:
        return segment.done or (self.watching and bool(segment.effect) and segment.effect <= view.atoms)

    def _advance(self) -> None:
        self._step += 1
        if self._step == len(self.mine[0].steps):
            self.mine.pop(0).done = True
            self._step = 0


def scripted_pair(task: Task, simulator: Simulator, first: Profile, second: Profile,
                  plan: Sequence[Action] | None = None, watching: bool = False) -> list[tuple[Profile, Scripted]]:
    """Two scripted agents sharing ``plan`` (default: ``task``'s gold plan):
    ``first`` and ``second`` with their policies, in turn order (``watching``: see Scripted)."""
    cut = segments(task, simulator, plan)
    skills = simulator.evaluation_predicates.skills  # type: ignore[union-attr]
    shares: list[list[Segment]] = [[], []]
    for segment in cut:
        needs = {skill for skill, names in skills.items() for step in segment.steps if step.name in names}
        able = [who for who, profile in enumerate((first, second)) if not needs & profile.lacks]
        sizes = [sum(len(s.steps) for s in shares[who]) for who in (0, 1)]
        shares[min(able, key=lambda who: (sizes[who], -who))].append(segment)
    return [(first, Scripted(shares[0], cut, watching)), (second, Scripted(shares[1], cut, watching))]


def run_scripted(task: Task, simulator: Simulator, first: Profile, second: Profile, max_turns: int,
                 plan: Sequence[Action] | None = None) -> dict:
    """The record of the scripted pair's episode on ``task``, sharing ``plan``
    (default: the gold plan)."""
    return Episode(task, simulator, scripted_pair(task, simulator, first, second, plan)).run(max_turns)


def turns_for(plan: Sequence[Action]) -> int:
    """The turns a pair gets for ``plan``: four per step, and twenty more (counted, never timed)."""
    return 4 * len(plan) + 20


def collaboration_fields(task: Task, simulator: Simulator, plan: Sequence[Action]) -> dict:
    """A record's fields for ``plan`` shared by a scripted human and robot
    (``eai run --agents 2``): the episode's ``percent_complete`` and
    ``evaluation_success``, and ``collaboration`` (turns, per-agent figures,
    offloading, the log)."""
    episode = run_scripted(task, simulator, HUMAN, ROBOT, turns_for(plan), plan)
    return {"percent_complete": episode.pop("percent_complete"), "evaluation_success": episode.pop("success"),
            "collaboration": episode}
