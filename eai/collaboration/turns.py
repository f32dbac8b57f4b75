"""Models acting turn by turn in an episode (``eai run --agents 2 --turn-by-turn``).

The robot is a model; the human is a model too, or the scripted human doing
its share of the gold plan (:mod:`eai.collaboration.policies`; it counts the
robot's share done once it sees its effect). Each turn a model is asked for
one action (:mod:`eai.collaboration.prompt`) through ``ask``, the runner's
call layer (response cache, usage). A call that fails after the runner's
retries loses the agent its turn (``model_errors``); three in a row stop the
episode, whose record is then a model error, not a plan failure.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from eai.collaboration.episode import HUMAN, ROBOT, Episode, Move, Policy, Profile, Unanswered, View
from eai.collaboration.policies import scripted_pair, turns_for
from eai.collaboration.prompt import Turn, read_turn, turn_messages
from eai.exceptions import EaiError
from eai.llm.model import Message, ModelCallError
from eai.modules.base import Record, percent
from eai.modules.trajectory import collaboration_summary
from eai.simulation.simulator import Simulator
from eai.world import Action, Task

Ask = Callable[[tuple[Message, ...], Turn, str], Awaitable[str]]  # messages, the turn, the agent's name


class ModelPolicy(Policy):
    """An agent whose every move is a model's answer to the turn's prompt."""

    asks_model = True

    def __init__(self, task: Task, simulator: Simulator, profile: Profile, other: Profile, order: int,
                 partial: bool, ask: Ask) -> None:
        self.task, self.simulator, self.world = task, simulator, simulator.world(task)
        self.profile, self.other, self.order, self.partial, self.ask = profile, other, order, partial, ask
        self.own: list[str] = []
        self.answers: list[str] = []

    def act(self, view: View) -> Move:
        raise EaiError("a model policy waits on its model: run its episode with Episode.play")

    async def decide(self, view: View) -> Move:
        turn = Turn(view, self.profile, self.other, self.order, self.partial, tuple(self.own))
        try:
            text = await self.ask(turn_messages(turn, self.task, self.simulator, self.world.agent), turn, self.profile.name)
        except ModelCallError as exc:
            return Unanswered(str(exc))
        self.answers.append(text)
        move = read_turn(text, self.world, self.simulator)
        if isinstance(move, Action):
            self.own.append(str(move))
        return move


def setup(options: dict[str, Any]) -> str:
    """How a run's agents act, as the PARTNR table shows it: ``1``, ``2, shared plan``,
    ``2, turn by turn, human scripted, partial``..."""
    if options.get("agents") != 2:
        return "1"
    if not options.get("turn_by_turn"):
        return "2, shared plan"
    human = options.get("human") or "scripted"
    return f"2, turn by turn, human {human}, {'partial' if options.get('partial') else 'full'}"


def turn_episode(task: Task, simulator: Simulator, robot: Ask, human: Ask | None, partial: bool) -> Episode:
    """The episode of a turn-by-turn run, not yet played: the human (a model
    asked through ``human``, or scripted when it is None) first, the robot's
    model second."""
    robot_policy = ModelPolicy(task, simulator, ROBOT, HUMAN, 1, partial, robot)
    human_policy: Policy = scripted_pair(task, simulator, HUMAN, ROBOT, watching=True)[0][1] if human is None \
        else ModelPolicy(task, simulator, HUMAN, ROBOT, 0, partial, human)
    return Episode(task, simulator, [(HUMAN, human_policy), (ROBOT, robot_policy)], partial)


async def play_turns(task: Task, simulator: Simulator, robot: Ask, human: Ask | None,
                     partial: bool) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """The record fields of one turn-by-turn episode (``percent_complete``,
    ``evaluation_success``, ``collaboration``; ``model_error`` when failed
    calls stopped it) and each model's answers in order."""
    episode = turn_episode(task, simulator, robot, human, partial)
    record = await episode.play(turns_for(task.gold_plan))
    fields = {"percent_complete": record.pop("percent_complete"), "evaluation_success": record.pop("success"),
              "collaboration": record}
    if "stopped" in record:
        fields["model_error"] = record["stopped"]
    answers = {profile.name: policy.answers for profile, policy in episode.agents if isinstance(policy, ModelPolicy)}
    return fields, answers


def turn_summary(records: Sequence[Record]) -> dict[str, Any]:
    """The figures of turn-by-turn episodes: ``n``, mean percent complete and
    success rate (percent), and the episodes' efficiency figures, with each
    model agent's mean unreadable answers and failed calls."""
    n = len(records)
    return {"n": n, "percent_complete": percent(sum(r["percent_complete"] for r in records), n),
            "evaluation_success_rate": percent(sum(r["evaluation_success"] for r in records), n),
            "collaboration": collaboration_summary([r["collaboration"] for r in records])}
