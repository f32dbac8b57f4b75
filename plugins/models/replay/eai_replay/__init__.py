"""``replay:PATH``: answers read from a responses file (ours or the upstream format).

Useful to re-run scoring, reports or pipelines on answers obtained elsewhere,
with no model at all. A task missing from the file is a failed call.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from eai import EaiError
from eai.plugin_api import LanguageModel, ModelCallError, ModelProvider, Request, bare_identifier, read_responses


class ReplayModel(LanguageModel):
    provider = "replay"
    cacheable = False

    def __init__(self, path: str) -> None:
        self.model = path
        answers = {r.identifier: r.output for r in read_responses(Path(path))}
        # by task id, built once: the first identifier in the file that names it (as such or
        # as the upstream writes it, ``scene_1_27_2`` for ``27_2``) answers for it
        self.answers: dict[str, str] = {}
        for identifier, text in answers.items():
            self.answers.setdefault(identifier, text)
            self.answers.setdefault(bare_identifier(identifier), text)

    async def generate(self, request: Request) -> str:
        task_id = getattr(request.task, "id", None)
        if task_id is not None and task_id in self.answers:
            return self.answers[task_id]
        raise ModelCallError(f"{self.model} has no answer for task {task_id!r}")


class ReplayProvider(ModelProvider):
    name = "replay"
    description = "Answers from a responses file: replay:PATH (JSONL or the upstream JSON list)"

    def create(self, model: str, options: Mapping[str, str]) -> LanguageModel:
        if not model:
            raise EaiError("replay needs a file: replay:PATH")
        return ReplayModel(model)
