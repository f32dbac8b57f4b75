"""One-agent episodes (``eai run --episode``, issue 33) on every suite: the world's
own work per step and the planner baseline as an agent.

``cost``: each task's gold plan played one action a turn through EmbodiedBench's
protocol (:mod:`eai.agent`), timing in CPU the world's work of each step: the
step carried out (checks, state, goal), its feedback, and the next turn's
observation text (the world's prompt from the state reached, the action history
and the request), model time aside. Prints the median and p95 per suite.

``planner``: ``baseline:planner`` as an agent (it replans from the current
state) on every task, and why it fails where it fails: the gold plan is longer
than the step budget, the goal holds from the start (the planner answers no
step: EB's empty plan), or the planner's whole plan from the start fails too
(the episode is no worse than whole-plan scoring); ``other`` should be 0.

``memory``: the peak resident memory of ``eai run --suite langr --episode
--model baseline:planner`` at 100, 550 and 1,100 episodes, each its own
process (the largest of the process and the ones it forks: the report and
the viewer are written in two), read by a launcher process
(``RUSAGE_CHILDREN``); ``PYTHONPATH=CHECKOUT`` measures another checkout's eai.

    python benchmarks/episodes.py cost [--suite S] [--limit N]
    python benchmarks/episodes.py planner [--suite S] [--limit N]
    python benchmarks/episodes.py memory
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time

from eai.agent.observation import history, prompt
from eai.agent.play import play_episode
from eai.agent.protocol import AgentEpisode, Turn
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


def planner(suites: list[str], limit: int | None) -> None:
    model = get_plugins().models.get("baseline").create("planner", {})
    for suite in suites:
        simulator, tasks = tasks_of(suite, limit)
        start, why = time.process_time(), {}
        solvable = succeeded = 0
        for task in tasks:
            async def ask(messages, now, tools, task=task):
                return Answer(await model.generate(Request(messages, task=task, module="action_sequencing", turn=now)))

            record = asyncio.run(play_episode(task, simulator, ask))
            gold_ok = whole_plan_succeeds(task, simulator, task.gold_plan)
            solvable += gold_ok
            succeeded += gold_ok and record["success"]
            if gold_ok and not record["success"]:
                planned = [Action(s[0], tuple(s[1:])) for s in json.loads(model_plan(task, simulator))]
                reason = ("gold plan over the step budget" if len(task.gold_plan) > 30 else
                          "goal holds from the start" if not planned and whole_plan_succeeds(task, simulator, ()) else
                          "the planner's whole plan fails too" if not whole_plan_succeeds(task, simulator, planned) else
                          "over the step budget" if record["ended"] == "max_steps" else "other")
                why.setdefault(reason, []).append(task.id)
        print(f"{suite}: {len(tasks)} tasks, {solvable} gold-solvable, the planner as an agent succeeds on {succeeded} "
              f"({time.process_time() - start:.1f} s CPU)")
        for reason, ids in sorted(why.items()):
            print(f"  {reason}: {len(ids)} ({', '.join(ids[:6])}{', ...' if len(ids) > 6 else ''})")


LAUNCHER = ("import resource, subprocess, sys; done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
            "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
EPISODES = (100, 550, 1100)


def memory() -> None:
    print("peak resident memory of eai run --suite langr --episode --model baseline:planner (whole process tree)")
    for count in EPISODES:
        with tempfile.TemporaryDirectory() as out:
            command = [sys.executable, "-m", "eai", "run", "--suite", "langr", "--module", "action_sequencing",
                       "--episode", "--model", "baseline:planner", "--limit", str(count), "--out", out]
            code, peak = subprocess.run([sys.executable, "-c", LAUNCHER, *command], capture_output=True, text=True,
                                        check=True).stdout.split()
        print(f"{count} episodes: " + (f"{int(peak) / 1024:.0f} MB" if code == "0" else f"eai run failed (exit {code})"))


def model_plan(task, simulator) -> str:
    from eai.compose.planning import plan

    return plan(task, simulator)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("cost", "planner", "memory"))
    parser.add_argument("--suite", action="append", help="a suite (repeatable; default: all seven)")
    parser.add_argument("--limit", type=int, default=None, help="only the first N tasks of each suite")
    args = parser.parse_args()
    if args.what == "memory":
        memory()
    else:
        (cost if args.what == "cost" else planner)(args.suite or list(SUITES), args.limit)


if __name__ == "__main__":
    main()
