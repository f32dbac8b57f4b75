"""One-agent episodes (``eai run --episode``, issue 33) on every suite: the world's
own work per step and the planner baseline as an agent.

``cost``: each task's gold plan played one action a turn through EmbodiedBench's
protocol (:mod:`eai.agent`), timing in CPU the world's work of each step: the
step carried out (checks, state, goal), its feedback, and the next turn's
observation text (the world's prompt from the state reached, the action history
and the request), model time aside. Prints the median and p95 per suite.

``planner``: ``baseline:planner`` as an agent (it replans from the current
state) on every task. A task is *gold-solvable* when its gold plan, answered
whole in the first turn, succeeds as an episode under the same budgets (EB's
protocol: the goal checked after every step; a gold step that fails ends the
gold's turn, and the gold has nothing more to answer:
:func:`eai.agent.play.gold_solvable`, the one definition). The others are listed
by why not: the gold plan is empty (EB's empty plan ends the episode), the
whole gold plan fails, or its goal is first reached after the step budget.
For a gold-solvable task the planner fails, it says why: the planner's whole
plan from the start fails too, the step budget ran out, or ``other``.

``chat``: the prompt tokens per turn each way of sending the turns gives (one
message a turn, EB's default; ``--chat-history``, the whole conversation;
``--chat-window 5``, EB-Navigation's window), estimated at 4 characters a token
(:func:`eai.llm.usage.estimated_tokens`), with an agent that answers the task's
first gold action every turn (a step that changes nothing or fails after the
first: the episode runs to a budget), and the CPU per turn of playing it
(the world's work and the messages built; no model).

    python benchmarks/episodes.py cost [--suite S] [--limit N]
    python benchmarks/episodes.py planner [--suite S] [--limit N]
    python benchmarks/episodes.py chat [--suite S] [--limit N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time

from eai.agent.chat import NAV_WINDOW, Chat
from eai.agent.observation import history, prompt
from eai.agent.play import gold_solvable, play_episode
from eai.agent.protocol import STEPS, AgentEpisode, Turn
from eai.host.manager import get_plugins
from eai.llm.model import Answer, Request
from eai.modules.plans.parse import ParsedPlan, RawStep
from eai.simulation.goals import GoalChecker
from eai.simulation.taxonomy import execute
from eai.world import Action

SUITES = ("virtualhome", "behavior", "eb-alfred", "langr", "eb-habitat", "etplan-vh", "partnr-vh")


def tasks_of(suite: str, limit: int | None):
    plugins = get_plugins()
    found = plugins.suites.get(suite)
    return plugins.simulators.get(found.simulator), found.load(found.ids()[:limit])


def step_costs(suite: str, limit: int | None) -> list[float]:
    """CPU milliseconds of each gold step: carried out, its feedback, the next observation."""
    simulator, tasks = tasks_of(suite, limit)
    costs = []
    for task in tasks:
        episode = AgentEpisode(task, simulator)
        prompt(episode, "json")
        for action in task.gold_plan:
            if episode.ended:
                break
            start = time.process_time()
            episode.act(Turn(""), ParsedPlan((RawStep(action.name, action.args),)))
            prompt(episode, "json", history(episode))
            costs.append(1000 * (time.process_time() - start))
    return costs


def cost(suites: list[str], limit: int | None) -> None:
    print("the world's own work per step (CPU ms: step, feedback, next observation; model time aside)")
    for suite in suites:
        costs = sorted(step_costs(suite, limit))
        if not costs:
            print(f"{suite}: no step")
            continue
        p95 = costs[min(len(costs) - 1, int(0.95 * len(costs)))]
        print(f"{suite}: {len(costs)} steps, median {statistics.median(costs):.3f} ms, p95 {p95:.3f} ms, "
              f"max {costs[-1]:.3f} ms")


def whole_plan_succeeds(task, simulator, plan) -> bool:
    done = execute(simulator.world(task), list(plan))
    return done.executable and GoalChecker(task, simulator.vocabulary).check(done.trajectory).success


def unsolvable_because(task, simulator) -> str:
    """Why a task is not gold-solvable."""
    return ("gold plan empty" if not task.gold_plan else
            "gold plan fails" if not whole_plan_succeeds(task, simulator, task.gold_plan) else
            "gold reaches the goal after the step budget")


def planner(suites: list[str], limit: int | None) -> None:
    model = get_plugins().models.get("baseline").create("planner", {})
    for suite in suites:
        simulator, tasks = tasks_of(suite, limit)
        start, why, beyond = time.process_time(), {}, []
        solvable = succeeded = 0
        for task in tasks:
            async def ask(messages, now, tools, task=task):
                return Answer(await model.generate(Request(messages, task=task, module="action_sequencing", turn=now)))

            record = asyncio.run(play_episode(task, simulator, ask))
            gold_ok = gold_solvable(task, simulator)
            solvable += gold_ok
            succeeded += gold_ok and record["success"]
            if not gold_ok:
                why.setdefault(f"not gold-solvable, {unsolvable_because(task, simulator)}", []).append(task.id)
                beyond += [task.id] if record["success"] else []
            elif not record["success"]:
                planned = [Action(s[0], tuple(s[1:])) for s in json.loads(model_plan(task, simulator))]
                reason = ("the planner's whole plan fails too" if not whole_plan_succeeds(task, simulator, planned)
                          else "over the step budget" if record["ended"] == STEPS else "other")
                why.setdefault(f"planner fails, {reason}", []).append(task.id)
        print(f"{suite}: {len(tasks)} tasks, {solvable} gold-solvable, the planner as an agent succeeds on {succeeded} "
              f"of them and on {len(beyond)} others ({time.process_time() - start:.1f} s CPU)")
        for reason, ids in sorted(why.items()):
            print(f"  {reason}: {len(ids)} ({', '.join(ids)})")


CHATS = {"one message": Chat(), "whole conversation": Chat(True), "last 5 messages": Chat(True, NAV_WINDOW)}


def chat(suites: list[str], limit: int | None) -> None:
    print("prompt tokens per turn (estimated), an agent repeating the first gold action until a budget ends it")
    for suite in suites:
        simulator, tasks = tasks_of(suite, limit)
        for name, setting in CHATS.items():
            tokens, turns, start = [], [], time.process_time()
            for task in tasks[:limit]:
                answer = json.dumps([[task.gold_plan[0].name, *task.gold_plan[0].args]]) if task.gold_plan else "[]"

                async def ask(messages, now, tools, answer=answer):
                    return Answer(answer)

                log = asyncio.run(play_episode(task, simulator, ask, chat=setting))["turn_log"]
                tokens += [turn["usage"]["prompt_tokens"] for turn in log]
                turns.append(len(log))
            seconds = time.process_time() - start
            print(f"{suite}, {name}: {len(turns)} episodes, {sum(turns)} turns (max {max(turns)}), prompt tokens per turn "
                  f"mean {statistics.mean(tokens):.0f}, max {max(tokens)}; {1000 * seconds / sum(turns):.2f} ms CPU a turn")


def model_plan(task, simulator) -> str:
    from eai.compose.planning import plan

    return plan(task, simulator)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("cost", "planner", "chat"))
    parser.add_argument("--suite", action="append", help="a suite (repeatable; default: all seven)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N tasks of each suite")
    args = parser.parse_args()
    {"cost": cost, "planner": planner, "chat": chat}[args.what](args.suite or list(SUITES), args.limit)


if __name__ == "__main__":
    main()
