"""A run as an EAI Challenge submission (``eai export challenge``).

Each of the eight files takes the answers of the run's unit of its
environment and module (one model; a plain unit, never a pipeline, replan
or noisy-action one), the model's text as it came, under the kit's
identifiers. A run is refused, one line per problem, when a file would
lack its unit or any of the kit's tasks, when the run holds several models
and none is chosen, or when its prompts were not the official ones: the
challenge scores answers to the kit's prompts, and ``run.json`` records
the prompt style a run asked with (``options.prompts``, from ``eai run
--prompts``; none recorded: ``paper``, eai's own): only ``upstream``, the
kit's prompts byte for byte (:mod:`eai.challenge.official_prompts`), is official.
``allow_eai_prompts`` and ``allow_missing`` (unanswered tasks written as
empty answers) export anyway, and the zip's comment says so.

The zip is built in memory, read back and checked with
:func:`eai.challenge.submission.problems` before it is written (atomically,
byte-identical for the same run: entries in the kit's order, dated 1980).
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eai.base.atomic import write_atomic
from eai.challenge.styles import UPSTREAM as OFFICIAL_PROMPTS
from eai.challenge.submission import Refused, answer_file, kit_files, listed, problems, read_zip
from eai.exceptions import EaiError
from eai.host.manager import Plugins
from eai.reporting.collect import UnitResult, collect, run_config
from eai.results.store import ResponseLog
from eai.simulation.simulator import PAPER

EPOCH = (1980, 1, 1, 0, 0, 0)  # every entry's date: the same run gives the same bytes


@dataclass(frozen=True)
class Submission:
    """The eight files' texts by name, and what the zip's comment says about them."""

    files: dict[str, str]
    notices: tuple[str, ...]


def export(plugins: Plugins, run: Path, out: Path, model: str | None = None,
           allow_eai_prompts: bool = False, allow_missing: bool = False) -> Submission:
    """Write ``run`` as the submission zip ``out``; :class:`Refused` with every problem when it cannot be one."""
    submission = build(plugins, run, model, allow_eai_prompts, allow_missing)
    data = zipped(submission)
    checked = problems(read_zip(io.BytesIO(data), "the zip"), kit_files(plugins))
    if checked:
        raise Refused([f"the zip would not be a submission: {p}" for p in checked])
    write_atomic(out, data)
    return submission


def build(plugins: Plugins, run: Path, model: str | None, allow_eai_prompts: bool,
          allow_missing: bool) -> Submission:
    config, _ = run_config(run)
    if config is None:
        raise EaiError(f"{run} is not a run folder (no run.json): give the folder eai run wrote")
    units = plain_units(run)
    chosen, found = chosen_model(units, model)
    kit = kit_files(plugins)
    files, notices, unanswered = {}, [], 0
    for kit_file in kit:
        unit = units.get((kit_file.suite, kit_file.module, chosen))
        if unit is None:
            found.append(f"{kit_file.suite}/{kit_file.module}: not in the run "
                         f"(eai run --suite {kit_file.suite} --module {kit_file.module} ...)")
            continue
        outputs = answers(unit)
        missing = [t for t in kit_file.tasks if t not in outputs]
        if missing and not allow_missing:
            found.append(f"{kit_file.suite}/{kit_file.module}: {len(missing)} of the kit's {len(kit_file.tasks)} "
                         f"task(s) unanswered ({listed(missing)}); --allow-missing writes them as empty answers")
        unanswered += len(missing)
        files[kit_file.name] = answer_file(kit_file, {t: "" for t in missing} | outputs)
    style = prompts_of(config)
    eai_prompts = [] if style == OFFICIAL_PROMPTS else list(dict.fromkeys(k.module for k in kit))
    if eai_prompts and not allow_eai_prompts:
        found.append(f"the run asked the {style!r} prompts, not the challenge's ({', '.join(eai_prompts)}; "
                     f"eai run --prompts {OFFICIAL_PROMPTS} asks them): --allow-eai-prompts exports it anyway")
    if found:
        raise Refused(found)
    if eai_prompts:
        notices.append(f"answers to eai's own prompts, not the challenge's ({', '.join(eai_prompts)}): "
                       "exported with --allow-eai-prompts")
    if unanswered:
        notices.append(f"{unanswered} unanswered task(s) written as empty answers (--allow-missing)")
    return Submission(files, tuple(notices))


def plain_units(run: Path) -> dict[tuple[str, str, str], UnitResult]:
    """The run's units of one module each, asked once with gold inputs, by (suite, module, model)."""
    found = {}
    for unit in collect([run]):
        s = unit.summary
        if "+" not in s.get("pipeline", "") and not s.get("replan") and not s.get("action_failure_p"):
            found[(unit.suite, unit.module, unit.model)] = unit
    return found


def chosen_model(units: Mapping[tuple[str, str, str], UnitResult], model: str | None) -> tuple[str, list[str]]:
    """The model whose answers are exported, and the problem when there is no one model to take."""
    models = sorted({m for _, _, m in units})
    if model is not None:
        return model, [] if model in models else [f"the run has no answers of {model} (it has: {', '.join(models)})"]
    if len(models) == 1:
        return models[0], []
    return "", [f"the run holds the answers of {len(models)} models ({', '.join(models)}): choose one with --model"]


def answers(unit: UnitResult) -> dict[str, str]:
    """The unit's answers by task id: each task's last response, not its failed calls."""
    return {task: r.output for task, r in ResponseLog(unit.folder / "responses.jsonl").read().items() if not r.error}


def prompts_of(config: Mapping[str, Any]) -> str:
    """The prompt style (or prompt file) ``run.json`` records; ``paper`` when it records none."""
    given = (config.get("options") or {}).get("prompts")
    return given if isinstance(given, str) and given else PAPER


def zipped(submission: Submission) -> bytes:
    """The submission as zip bytes: the files at the top, the notices as the zip's comment."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in submission.files.items():
            archive.writestr(zipfile.ZipInfo(name, EPOCH), text.encode("utf-8"), zipfile.ZIP_DEFLATED)
        archive.comment = comment(submission).encode("utf-8")
    return buffer.getvalue()


def comment(submission: Submission) -> str:
    head = "EAI Challenge submission written by eai export challenge (eai-kit)"
    return "\n".join([head, *(f"note: {n}" for n in submission.notices)])
