"""The README.md of an exported dataset: a Hugging Face dataset card whose front matter
names each unit's file as a config, what a line holds, and the suites' licence notices."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import eai
from eai.tasks.importing import licence_notices

if TYPE_CHECKING:
    from eai.training.dataset import Part


def card(run: str, parts: Sequence[Part], licences: list[dict[str, Any]], notes: Sequence[str]) -> str:
    """The card of the ``parts`` exported from the run folder named ``run``."""
    front = ["---", "license: other", "configs:"]
    for part in parts:
        front += [f"- config_name: {json.dumps(part.config)}", f"  data_files: {json.dumps(f'data/{part.config}.jsonl')}"]
    rows = [f"| `{p.config}` | {len(p.lines)} | {p.correct} | {p.corrected} |" for p in parts]
    body = [
        "---", "", f"# Training data from the eai run `{run}`", "",
        f"Written by `eai export dataset` (eai {eai.__version__}). Each line of a file under `data/` is one",
        "task the run's model answered: the prompt it was sent (`prompt_as_sent`: whether the prompt built again",
        "has the digest the run logged), its answer, the simulator's verdict on it (the task's record,",
        "docs/metrics.md), that verdict as one number (`reward`, 1.0 for a correct answer: `eai.reward`), its",
        "error class, and `corrected_answer`: an answer from the task's annotation or a planner that the same",
        "evaluator scored 1.0, for an answer that did not get 1.0 (null when there is none). Each line says its",
        "`format_version`; its JSON schema is `eai schema dataset`. Tasks whose model call or scoring failed have",
        "no line.", "",
        "| config | lines | reward 1.0 | corrected answers |", "|---|---|---|---|", *rows, "",
    ]
    if notes:
        body += ["Left out:", "", *(f"- {note}" for note in notes), ""]
    return "\n".join(front + body + licence_notices(licences))
