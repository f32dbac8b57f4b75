"""``eai run --prompts FILE``: a given prompt file answered verbatim (the EAI
Challenge's final phase gave prompts only, ``[{"identifier": ..., "llm_prompt": ...}]``).

Each identifier is matched to a task of the unit's suite as ``eai score``
matches answers (``scene_1_27_2`` names ``27_2``:
:func:`eai.results.responses.match_identifier`). The unit asks the matched
tasks only, each with its given prompt as the user message, and scores the
answers as usual; its figures are over those tasks. The identifiers it
cannot score are listed with the reason in its summary (``unscored_prompts``)
and in one line of the run's output: naming no task of the suite, or a task
the module does not apply to, or one the run's --tasks, --limit or --shard
left out. run.json records the file's path (``options.prompts``) and sha256
(``options.prompts_sha256``), so --resume refuses an edited file.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eai.exceptions import EaiError
from eai.host.manager import Plugins
from eai.modules.prompting import PROMPTS
from eai.results.responses import match_identifier
from eai.simulation.simulator import PAPER
from eai.tasks.suite import TaskSuite
from eai.world import Task

SUFFIX = ".json"  # a --prompts value ending so is a prompt file, never a style name
PROMPTS_SHA256 = "prompts_sha256"


def is_prompt_file(value: str) -> bool:
    return value.endswith(SUFFIX)


def file_sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_prompt_file(path: Path) -> dict[str, str]:
    """The prompts of ``path`` by identifier; EaiError, one line, when it is not a prompt file."""
    if not path.is_file():
        raise EaiError(f"--prompts {path}: no such file")
    try:
        items = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise EaiError(f"--prompts {path}: not JSON ({exc})") from None
    if isinstance(items, dict):  # {identifier: prompt}, as eai-eval keeps BEHAVIOR goal interpretation's
        items = [{"identifier": key, "llm_prompt": value} for key, value in items.items()]
    found: dict[str, str] = {}
    for n, item in enumerate(items if isinstance(items, list) else [None]):
        if not (isinstance(item, dict) and isinstance(item.get("identifier"), str)
                and isinstance(item.get("llm_prompt"), str)):
            raise EaiError(f"--prompts {path}: item {n} is not {{\"identifier\": string, \"llm_prompt\": string}}"
                           " (a prompt file is a JSON list of them)")
        if item["identifier"] in found:
            raise EaiError(f"--prompts {path}: identifier {item['identifier']!r} is given twice")
        found[item["identifier"]] = item["llm_prompt"]
    if not found:
        raise EaiError(f"--prompts {path}: holds no prompt")
    return found


@dataclass(frozen=True)
class GivenPrompts:
    """A prompt file read for one unit: the prompts of its tasks, and what cannot be scored and why."""

    by_task: dict[str, str]
    unscored: dict[str, str]
    shown = 5  # unscored identifiers named in the run's line before "..."

    def unscored_line(self) -> str:
        """One line saying which prompts cannot be scored and why."""
        named = [f"{i} ({why})" for i, why in list(self.unscored.items())[:self.shown]]
        more = ", ..." if len(self.unscored) > self.shown else ""
        return (f"{len(self.unscored)} given prompt(s) cannot be scored, not asked (summary.json: "
                f"unscored_prompts): {', '.join(named)}{more}")


def given_prompts(options: Mapping[str, Any], suite: TaskSuite, module: str, applies: Callable[[Task], bool],
                  asked: Sequence[Task]) -> GivenPrompts | None:
    """The prompt file of the run's ``options`` matched to ``asked``, the tasks the
    unit of ``suite`` and ``module`` runs (None when the run has no prompt file)."""
    value = str(options.get(PROMPTS) or "")
    if not is_prompt_file(value):
        return None
    path = Path(value)
    if file_sha256(path) != options.get(PROMPTS_SHA256):
        raise EaiError(f"--prompts {path} changed since the run started (its sha256 differs from run.json's)")
    prompts, known, chosen = read_prompt_file(path), set(suite.ids()), {t.id for t in asked}
    matched = {identifier: match_identifier(identifier, known) for identifier in prompts}
    fit = {t.id for t in suite.load(sorted({t for t in matched.values() if t})) if applies(t)}
    by_task: dict[str, str] = {}
    unscored: dict[str, str] = {}
    for identifier, task in matched.items():
        if task is None:
            unscored[identifier] = f"no task of suite {suite.name}"
        elif task not in fit:
            unscored[identifier] = f"{module} does not apply to task {task}"
        elif task not in chosen:
            unscored[identifier] = f"task {task} left out by --tasks, --limit or --shard"
        elif task in by_task:
            unscored[identifier] = f"task {task} is given twice"
        else:
            by_task[task] = prompts[identifier]
    return GivenPrompts(by_task, unscored)


def check_prompts(plugins: Plugins, suites: Sequence[str], modules: Sequence[str], options: Mapping[str, Any]) -> None:
    """One line, before any call, for a prompt style a chosen suite's simulator
    lacks, or a prompt file that cannot be read or asked by a pipeline."""
    value = str(options.get(PROMPTS) or PAPER)
    if is_prompt_file(value):
        read_prompt_file(Path(value))
        pipelines = [m for m in modules if "+" in m]
        if pipelines:
            raise EaiError(f"--prompts {value} gives the prompts of one module, not of pipeline {pipelines[0]}")
        return
    for suite in suites:
        simulator = plugins.simulators.get(plugins.suites.get(suite).simulator)
        if value not in simulator.styles:
            raise EaiError(f"suite {suite!r} has no {value!r} prompts (simulator {simulator.name!r} has: "
                           f"{', '.join(simulator.styles)}); a prompt file is given by its path, FILE.json")
