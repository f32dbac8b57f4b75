"""Plans written as a benchmark's models write them, for tests and benchmarks.

EmbodiedBench's format is ``{"executable_plan": [{"action_id": 57,
"action_name": "find a AlarmClock"}, ...]}``: each step in the benchmark's
words with its number in the task's action list, which EB's planner reads::

    from eai.testing.answers import eb_answer

    text = eb_answer(simulator, task, task.gold_plan)
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from eai.simulation.simulator import Simulator
from eai.world import Action, Task


def eb_answer(simulator: Simulator, task: Task, plan: Iterable[Action | str]) -> str:
    """``plan`` in EmbodiedBench's answer format: each action in the
    vocabulary's words (a string step as written), with the ``action_id`` of
    those words in the task's action list, and no id for words the list lacks
    (EB-ALFRED lists ``pick up the Ladle``, not ``pick up the Ladle_2``)."""
    listed = simulator.action_list(task)
    number = {words: i for i, words in enumerate(listed.actions)} if listed else {}
    steps = []
    for step in plan:
        words = step if isinstance(step, str) else simulator.vocabulary.write_phrase(step)
        steps.append({"action_id": number[words], "action_name": words} if words in number else {"action_name": words})
    return json.dumps({"reasoning_and_reflection": "...", "executable_plan": steps})
