"""The turn-by-turn baseline on partnr-vh (issue 20): percent complete, success
and CPU of ``baseline:planner`` as the robot, beside the scripted human or
itself as the human, with full and partial observability; the episodes as
``eai run --agents 2 --turn-by-turn`` plays them, without the runner.

    python benchmarks/collaboration_turns.py [--limit N]
"""

from __future__ import annotations

import argparse
import asyncio
import time

from eai.api import load_suite
from eai.collaboration.turns import play_turns
from eai.host.manager import get_plugins
from eai.llm.model import Request


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="only the first N tasks")
    args = parser.parse_args()
    plugins = get_plugins()
    simulator = plugins.simulators.get("virtualhome")
    model = plugins.models.get("baseline").create("planner", {})
    tasks = load_suite("partnr-vh")[: args.limit]

    def asker(task):
        async def ask(messages, turn, agent):
            return await model.generate(Request(messages, task=task, module="turn", turn=turn))
        return ask

    print(f"partnr-vh, {len(tasks)} tasks, baseline:planner as the robot")
    for human in ("scripted", "baseline:planner"):
        for partial in (False, True):
            cpu, wall = time.process_time(), time.perf_counter()
            complete, success, turns, failed = 0.0, 0, 0, []
            for task in tasks:
                fields, _ = asyncio.run(play_turns(task, simulator, asker(task),
                                                   None if human == "scripted" else asker(task), partial))
                complete += fields["percent_complete"]
                success += fields["evaluation_success"]
                turns += fields["collaboration"]["turns"]
                if not fields["evaluation_success"]:
                    failed.append(task.id)
            n = len(tasks)
            print(f"human {human}, {'partial' if partial else 'full'}: percent complete {100 * complete / n:.1f}%, "
                  f"success {100 * success / n:.1f}%, mean turns {turns / n:.1f}; "
                  f"CPU {time.process_time() - cpu:.1f} s ({1000 * (time.process_time() - cpu) / max(turns, 1):.0f} ms a turn), "
                  f"wall {time.perf_counter() - wall:.1f} s; not successful: {', '.join(failed) or 'none'}")


if __name__ == "__main__":
    main()
