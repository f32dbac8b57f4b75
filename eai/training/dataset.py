"""``eai export dataset``: a run's answers as verified training data (docs/dataset.md).

Each task a unit answered becomes a line: the prompt (built again, as the viewer
builds it, and checked against the digest the run logged), the model's answer,
the simulator's verdict (the task's record), that verdict as one number (the
module's reward, ``eai.reward``), its error class, and a corrected answer: the
module's answer from the annotation or a planner
(:meth:`~eai.modules.base.AbilityModule.gold_answer`), scored by the same
evaluator and kept only when it gets reward 1.0, for an answer that did not.
A task whose call failed or whose scoring failed has no verdict and no line.
Units played as episodes (pipelines, replanning, two agents) ask several
prompts per task: they are left out, and said so.

The folder is a JSONL file per unit under ``data/`` and a ``README.md`` whose
front matter names them, the layout of a Hugging Face dataset
(``datasets.load_dataset(FOLDER, "CONFIG")``; ``pip install eai-kit[hf]``),
with the licence notices of the suites the tasks come from. It is
byte-identical for the same run.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eai.base import jsonl
from eai.exceptions import EaiError
from eai.host.manager import Plugins
from eai.llm.model import prompt_digest
from eai.modules import MODULES
from eai.modules.base import AbilityModule, Env, Record
from eai.reporting.collect import UnitResult, collect, run_config
from eai.results.formats import FIELD, FORMAT_VERSION, format_version
from eai.results.responses import Response
from eai.results.scoring import INTERNAL_ERROR, score
from eai.results.store import ResponseLog, slug
from eai.training.card import card


@dataclass(frozen=True)
class Part:
    """One unit's lines: its config name (``suite-module-model``) and how many got reward 1.0 or a corrected answer."""

    config: str
    unit: UnitResult
    lines: list[dict[str, Any]]

    @property
    def correct(self) -> int:
        return sum(line["reward"] == 1.0 for line in self.lines)

    @property
    def corrected(self) -> int:
        return sum(line["corrected_answer"] is not None for line in self.lines)


def export_dataset(plugins: Plugins, run: Path, out: Path) -> tuple[list[Part], list[str]]:
    """Write ``run``'s answers as training data into ``out`` (replaced whole); the parts
    written and a note per unit left out. EaiError in one line when ``run`` is no run folder."""
    config, _ = run_config(run) if run.is_dir() else (None, "")
    if not isinstance(config, dict):
        raise EaiError(f"{run} is not a run folder (it has no run.json): give the --out folder of eai run or eai compose")
    format_version(config, run / "run.json")
    options = config.get("options") or {}
    parts, notes = [], []
    for unit in collect([run]):
        why = left_out(unit, plugins)
        if why:
            notes.append(f"{unit.suite}/{unit.summary.get('pipeline', unit.module)}/{unit.model} left out: {why}")
            continue
        parts.append(Part(f"{unit.suite}-{unit.module}-{slug(unit.model)}", unit, list(lines(plugins, unit, options))))
    if not parts:
        raise EaiError(f"{run} holds no unit to export ({'; '.join(notes) or 'none'})")
    staging = out.with_name(out.name + ".partial")
    if staging.exists():
        shutil.rmtree(staging)
    (staging / "data").mkdir(parents=True)
    for part in parts:
        (staging / "data" / f"{part.config}.jsonl").write_text("".join(map(jsonl.dumps, part.lines)), encoding="ascii")
    suites = sorted({part.unit.suite for part in parts})
    licences = {s["name"] + s["described"]: s for suite in suites for s in plugins.suites.get(suite).licences()}
    (staging / "README.md").write_text(card(run.resolve().name, parts, [licences[k] for k in sorted(licences)], notes),
                                       encoding="utf-8")
    if out.exists():
        shutil.rmtree(out)
    staging.rename(out)
    return parts, notes


def left_out(unit: UnitResult, plugins: Plugins) -> str:
    """Why ``unit`` gives no training lines ("" when it does)."""
    if "pipeline" in unit.summary or "agent_setup" in unit.summary:
        return "played as episodes (several prompts per task)"
    if unit.module not in MODULES:
        return f"{unit.module!r} is no ability module installed here"
    if unit.suite not in plugins.suites:
        return f"suite {unit.suite!r} is not installed here"
    return ""


def lines(plugins: Plugins, unit: UnitResult, options: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """The unit's training lines, in its records' order."""
    module = MODULES[unit.module]
    suite = plugins.suites.get(unit.suite)
    env = Env(plugins.simulators.get(suite.simulator), plugins, dict(options))
    answers = ResponseLog(unit.folder / "responses.jsonl").read()
    judged = [r for r in unit.records() if "model_error" not in r and r.get("error_type") != INTERNAL_ERROR
              and r["identifier"] in answers]
    tasks = {t.id: t for t in suite.load([r["identifier"] for r in judged])}
    corrected = corrections(plugins, unit, module, env, [tasks[r["identifier"]] for r in judged
                                                          if module.reward(r) < 1.0])
    for record in judged:
        task, answer = tasks[record["identifier"]], answers[record["identifier"]]
        messages = module.prompt(task, env.simulator) if env.simulator else ()
        logged = [c.get("prompt_sha256") for c in answer.calls if c.get("stage") == unit.module]
        yield {FIELD: FORMAT_VERSION, "suite": unit.suite, "module": unit.module, "model": unit.model,
               "identifier": task.id, "prompt": [{"role": m.role, "content": m.content} for m in messages],
               "prompt_as_sent": logged[-1] == prompt_digest(messages) if logged else None,
               "answer": answer.output, "verdict": {k: v for k, v in record.items() if k != "usage"},
               "reward": module.reward(record), "error_class": record.get("error_type"),
               "corrected_answer": corrected.get(task.id)}


def corrections(plugins: Plugins, unit: UnitResult, module: AbilityModule, env: Env,
                tasks: Sequence[Any]) -> dict[str, str]:
    """The module's gold answers to ``tasks`` that its evaluator gives reward 1.0, by task id."""
    given = {t.id: text for t in tasks if (text := module.gold_answer(t, env)) is not None}
    if not given:
        return {}
    scored: Sequence[Record] = score(plugins, unit.suite, unit.module, [Response(i, text) for i, text in given.items()],
                                 dict(env.options), task_ids=list(given)).records
    return {r["identifier"]: given[r["identifier"]] for r in scored if module.reward(r) == 1.0}
