"""Collaboration episodes as traces, played again from what the run kept.

A turn-by-turn episode (``eai run --agents 2 --turn-by-turn``) is played
again with the answers each model gave (``answers`` in responses.jsonl), in
order; the scripted human plays as it did. Each turn's prompt is built as
the run built it and checked against the digest the run logged for that
call. A call that failed is not logged: where the prompt built again is not
the next one logged (or no answer of that agent is left) and the record
logs a failed call of that agent still to come, the turn is that call. A shared-plan episode (``--agents 2``) is the
scripted pair playing the answer's plan. The episode played again is
compared with the record: where they differ, the trace says so.
"""

from __future__ import annotations

from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

from eai.collaboration.episode import HUMAN, MODEL_ERROR, ROBOT, Episode
from eai.collaboration.policies import scripted_pair, turns_for
from eai.collaboration.prompt import Turn
from eai.collaboration.turns import turn_episode
from eai.exceptions import EaiError
from eai.llm.model import Message, ModelCallError, prompt_digest
from eai.modules.plans.grounding import ground
from eai.modules.plans.parse import parse_plan
from eai.results.responses import Response
from eai.simulation.simulator import Simulator
from eai.viewer.trace import entry, prompt_field, prompt_text, trace
from eai.world import Task

OUTCOMES = {"wait": "waited", "unreadable": "unreadable answer", "model error": "model call failed"}


@dataclass(frozen=True)
class Asked:
    """One model call of the episode played again: the agent, the prompt, whether
    it is the one sent (None: no digest logged), and the answer (None: the call failed)."""

    agent: str
    messages: tuple[Message, ...]
    as_sent: bool | None
    answer: str | None


class Replay:
    """The answers a run logged for one episode, given back in order."""

    def __init__(self, item: dict[str, Any], record: dict[str, Any]) -> None:
        given = item.get("answers") if isinstance(item.get("answers"), dict) else {}
        self.answers = {str(agent): list(texts) for agent, texts in given.items() if isinstance(texts, list)}
        calls = item.get("calls") if isinstance(item.get("calls"), list) else []
        self.digests = [c.get("prompt_sha256") for c in calls if isinstance(c, dict) and c.get("stage") == "turn"]
        self.failed: dict[str, list[str]] = {}  # per agent, why each of its failed calls failed, as the record logged
        for agent, action, said in (record.get("collaboration") or {}).get("log") or []:
            if not action and said.startswith(MODEL_ERROR):
                self.failed.setdefault(agent, []).append(said[len(MODEL_ERROR):])
        self.asked: list[Asked] = []

    async def ask(self, messages: tuple[Message, ...], turn: Turn, agent: str) -> str:
        logged = self.digests[0] if self.digests else None
        sent = None if logged is None else prompt_digest(messages) == logged
        left = self.answers.get(agent, [])
        if (sent is False or not left) and self.failed.get(agent):  # not the next call logged: a failed one
            self.asked.append(Asked(agent, messages, None, None))
            raise ModelCallError(self.failed[agent].pop(0))
        if not left:
            self.asked.append(Asked(agent, messages, sent, None))
            raise ModelCallError("the run logged no answer for this turn")
        self.digests[:1] = []
        self.asked.append(Asked(agent, messages, sent, left[0]))
        return left.pop(0)


def finished(work: Coroutine[Any, Any, Any]) -> Any:
    """The result of a coroutine that never waits (a replay's awaits all return at once)."""
    try:
        work.send(None)
    except StopIteration as done:
        return done.value
    work.close()
    raise EaiError("an episode played again waited on something")


def turn_trace(task: Task, simulator: Simulator, item: dict[str, Any], record: dict[str, Any],
               options: dict[str, Any]) -> dict[str, Any]:
    """The trace of a turn-by-turn episode from its responses.jsonl item and record."""
    replay = Replay(item, record)
    human = None if (options.get("human") or "scripted") == "scripted" else replay.ask
    episode = turn_episode(task, simulator, replay.ask, human, bool(options.get("partial")))
    played = finished(episode.play(turns_for(task.gold_plan)))
    return trace("turns", turn_entries(episode, replay.asked), ending(record), [differs(played, record)])


def shared_plan_trace(task: Task, simulator: Simulator, answer: Response, record: dict[str, Any]) -> dict[str, Any]:
    """The trace of a shared-plan episode (``--agents 2``): the scripted human
    and robot sharing the answer's plan, as scoring played it."""
    grounding = ground(parse_plan(answer.output, answer.cut), simulator.world(task), simulator.vocabulary,
                       simulator.action_list(task))
    shared = [] if grounding.error else grounding.plan
    episode = Episode(task, simulator, scripted_pair(task, simulator, HUMAN, ROBOT, shared))
    played = episode.run(turns_for(shared))
    return trace("turns", turn_entries(episode, []), ending(record), [differs(played, record)])


def turn_entries(episode: Episode, asked: Sequence[Asked]) -> list[dict[str, Any]]:
    """One entry per turn played: who acted, the prompt and answer of a model
    agent, the action and its outcome, what the agent was told, and percent
    complete after the turn."""
    models = {profile.name for profile, policy in episode.agents if policy.asks_model}
    calls = iter(asked)
    entries: list[dict[str, Any]] = []
    last: dict[str, tuple[int, str]] = {}  # per agent: its last prompt's entry and text
    for i, turn in enumerate(episode.history):
        call = next(calls) if turn.agent in models else None
        prompt = None
        if call is not None:
            text = prompt_text(call.messages)
            base = last.get(turn.agent)
            prompt = prompt_field(text, *(base or (None, None)))
            last[turn.agent] = (i, text)
        action: list[dict[str, Any]] | None = [
            {"action": turn.action, "outcome": "failed" if turn.failed else "done", "detail": turn.feedback,
             "added": [], "removed": []}] if turn.move == "action" else None
        entries.append(entry(
            f"turn {i + 1}", agent=turn.agent if turn.agent in models else f"{turn.agent} (scripted)",
            prompt=prompt, prompt_as_sent=None if call is None else call.as_sent,
            answer=None if call is None else call.answer, steps=action,
            outcome=OUTCOMES.get(turn.move, "failed" if turn.failed else "done"),
            failed=turn.failed or turn.move in ("unreadable", "model error") or None,
            feedback=turn.feedback or None, figures={"percent complete": round(100 * turn.percent_complete, 2)}))
    return entries


def ending(record: dict[str, Any]) -> dict[str, Any]:
    """The evaluation at the end, from the record: percent complete, success,
    turns, offloading, each agent's figures, and why the episode stopped."""
    played = record.get("collaboration") or {}
    end = {"percent complete": None if record.get("percent_complete") is None else round(100 * record["percent_complete"], 2),
           "success": record.get("evaluation_success"), "turns": played.get("turns"), "offloading": played.get("offloading")}
    for agent, figures in sorted((played.get("agents") or {}).items()):
        end[agent] = ", ".join(f"{value} {name.replace('_', ' ')}" for name, value in sorted(figures.items()))
    if record.get("model_error"):
        end["stopped"] = record["model_error"]
    return end


def differs(played: dict[str, Any], record: dict[str, Any]) -> str | None:
    """Why the episode played again is not the run's (None when it is)."""
    logged = record.get("collaboration") or {}
    found = [name for name, ours, theirs in (
        ("percent complete", played["percent_complete"], record.get("percent_complete")),
        ("success", played["success"], record.get("evaluation_success")),
        ("turns", played["turns"], logged.get("turns")), ("actions", played["log"], logged.get("log")))
        if ours != theirs]
    if not found:
        return None
    return (f"played again with this eai, the episode differs from the run's record ({', '.join(found)}): "
            "the turns shown are the replay's; the record is the run's")
