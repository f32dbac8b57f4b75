"""What a record of a single answer does not keep, worked out again from the
task and the answer: the prompt (checked against the digest the run logged
of the one sent), what the parser read, and what the module traces of it
(:meth:`eai.modules.base.AbilityModule.trace`: for action sequencing the
executed steps with the state changes each made, for transition modeling
which preconditions and effects of each operator were missing or wrong)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from eai.host.manager import Plugins
from eai.modules import MODULES, get_module
from eai.modules.base import Env
from eai.results.responses import Response
from eai.viewer.trace import as_sent, plain, prompt_text
from eai.world import Task


class TaskCache:
    """Tasks loaded once per suite, however many units show them."""

    def __init__(self, plugins: Plugins) -> None:
        self.plugins = plugins
        self.loaded: dict[str, dict[str, Task]] = {}
        self.known: dict[str, frozenset[str]] = {}

    def ids(self, suite_name: str) -> frozenset[str]:
        if suite_name not in self.known:
            self.known[suite_name] = frozenset(self.plugins.suites.get(suite_name).ids())
        return self.known[suite_name]

    def get(self, suite_name: str, ids: Sequence[str]) -> list[Task]:
        """The tasks of ``ids`` the suite has, in that order."""
        have = self.loaded.setdefault(suite_name, {})
        missing = [i for i in ids if i in self.ids(suite_name) and i not in have]
        if missing:
            have.update((task.id, task) for task in self.plugins.suites.get(suite_name).load(missing))
        return [have[i] for i in ids if i in have]

    def instruction(self, suite_name: str, task_id: str) -> str | None:
        """The instruction of the suite's task ``task_id`` (None when it has no such task),
        the task not kept: an agent unit's thousands of episodes need no more of it."""
        if task_id in self.loaded.get(suite_name, {}):
            return self.loaded[suite_name][task_id].instruction
        if task_id not in self.ids(suite_name):
            return None
        return self.plugins.suites.get(suite_name).load([task_id])[0].instruction


def sent_digest(response: Response, stage: str) -> str | None:
    """The digest of the prompt ``stage`` sent, as the run logged it with the
    call (:func:`eai.llm.model.prompt_digest`); None when it logged none."""
    digests = [call.get("prompt_sha256") for call in response.calls if call.get("stage") == stage]
    return digests[-1] if digests and isinstance(digests[-1], str) else None


def details(cache: TaskCache, suite_name: str, module_name: str, answers: Mapping[str, Response],
            ids: Sequence[str]) -> tuple[dict[str, dict[str, Any]], str]:
    """Per task id: ``instruction``, and for the tasks in ``answers``,
    ``prompt``, ``parsed`` (read as scoring read it: cut when the provider
    said so), and what the module traces of it (``steps``, ``operators``...);
    and why there are none ("" when there are).
    ``prompt_as_sent`` says whether the prompt built again has the digest
    the run logged with the call (None: none was logged)."""
    plugins = cache.plugins
    if suite_name not in plugins.suites:
        return {}, f"suite {suite_name!r} is not installed: no instructions, prompts or parses"
    if module_name not in MODULES:  # a plugin's stage scored on its own
        tasks = cache.get(suite_name, ids)
        return {t.id: {"instruction": t.instruction} for t in tasks}, \
            f"{module_name!r} is a pipeline stage, not an ability module: no prompts or parses"
    module = get_module(module_name)
    simulator = plugins.simulators.get(plugins.suites.get(suite_name).simulator)
    env = Env(simulator, plugins)
    found = {}
    for task in cache.get(suite_name, ids):
        item: dict[str, Any] = {"instruction": task.instruction}
        answer = answers.get(task.id)
        if answer is not None:
            messages = module.prompt(task, simulator)
            item["prompt"] = prompt_text(messages)
            item["prompt_as_sent"] = as_sent(messages, sent_digest(answer, module_name))
            parsed = module.parse(answer.output, answer.cut)
            item["parsed"] = plain(parsed)
            item.update(module.trace(parsed, task, env))
        found[task.id] = item
    return found, ""
