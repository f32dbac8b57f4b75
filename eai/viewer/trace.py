"""What a record does not keep, worked out again from the task and the answer:
the prompt (checked against the digest the run logged of the one sent), what
the parser read, and for action sequencing the executed steps with the state
changes each made."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from eai.llm import prompt_digest
from eai.modules import MODULES, get_module
from eai.modules.action_sequencing.grounding import ground
from eai.plugins import Plugins
from eai.taxonomy import execute
from eai.world import Task, format_atom


def plain(value: Any) -> Any:
    """``value`` as JSON data: dataclasses as objects, tuples as lists, the rest as text."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [plain(v) for v in value]
        return sorted(items, key=str) if isinstance(value, (set, frozenset)) else items
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def steps(task: Task, parsed: Any, simulator: Any) -> list[dict[str, Any]]:
    """Each step of an action-sequencing answer as run from the task's initial
    state: the action, the atoms it added and removed, and how it ended
    (``done``, ``additional``: no effect needed, ``failed``: the error step,
    ``not run``: after it)."""
    world = simulator.world(task)
    grounding = ground(parsed, world, simulator.vocabulary, simulator.action_list(task))
    plan, grammar = grounding.plan, grounding.error
    if grammar is not None:
        return [{"action": str(a), "outcome": "not run", "added": [], "removed": []} for a in plan]
    execution = execute(world, plan)
    found, states, moved = [], execution.trajectory.states, 0
    for i, action in enumerate(plan):
        step = {"action": str(action), "added": [], "removed": []}
        if i in execution.additional_steps:
            step["outcome"] = "additional"
        elif i == execution.error_step:
            step["outcome"] = "failed"
        elif execution.error_step is not None and i > execution.error_step:
            step["outcome"] = "not run"
        else:
            added, removed = states[moved].diff(states[moved + 1])
            step |= {"outcome": "done", "added": [format_atom(a) for a in added], "removed": [format_atom(a) for a in removed]}
            moved += 1
        found.append(step)
    return found


class TaskCache:
    """Tasks loaded once per suite, however many units show them."""

    def __init__(self, plugins: Plugins) -> None:
        self.plugins = plugins
        self.loaded: dict[str, dict[str, Task]] = {}

    def get(self, suite_name: str, ids: Sequence[str]) -> list[Task]:
        """The tasks of ``ids`` the suite has, in that order."""
        suite = self.plugins.suites.get(suite_name)
        have = self.loaded.setdefault(suite_name, {})
        known = set(suite.ids())
        missing = [i for i in ids if i in known and i not in have]
        if missing:
            have.update((task.id, task) for task in suite.load(missing))
        return [have[i] for i in ids if i in have]


def details(cache: TaskCache, suite_name: str, module_name: str, answers: Mapping[str, str],
            ids: Sequence[str], sent: Mapping[str, str | None]) -> tuple[dict[str, dict[str, Any]], str]:
    """Per task id: ``instruction``, and for the tasks in ``answers``,
    ``prompt``, ``parsed`` and (action sequencing) ``steps``; and why there
    are none ("" when there are). ``sent`` holds the digests of the prompts
    sent, as the run logged them: ``prompt_as_sent`` says whether the prompt
    built again has the same digest (None: none was logged)."""
    plugins = cache.plugins
    if suite_name not in plugins.suites:
        return {}, f"suite {suite_name!r} is not installed: no instructions, prompts or parses"
    if module_name not in MODULES:  # a pipeline stage that asks no model (e.g. planner)
        tasks = cache.get(suite_name, ids)
        return {t.id: {"instruction": t.instruction} for t in tasks}, \
            f"{module_name!r} is a pipeline stage, not an ability module: no prompts or parses"
    module = get_module(module_name)
    simulator = plugins.simulators.get(plugins.suites.get(suite_name).simulator)
    found = {}
    for task in cache.get(suite_name, ids):
        item: dict[str, Any] = {"instruction": task.instruction}
        if task.id in answers:
            messages = module.prompt(task, simulator)
            item["prompt"] = "\n\n".join(m.content for m in messages)
            logged = sent.get(task.id)
            item["prompt_as_sent"] = None if logged is None else prompt_digest(messages) == logged
            parsed = module.parse(answers[task.id])
            item["parsed"] = plain(parsed)
            if module_name == "action_sequencing":
                item["steps"] = steps(task, parsed, simulator)
        found[task.id] = item
    return found, ""
