"""The published JSON schemas of the files eai writes (``eai schema NAME``; docs/metrics.md, "Format versions").

The result files (run.json, summary.json, the lines of records.jsonl, responses.jsonl
and answers.jsonl, report.json, the challenge export's files, the training-data
export's lines) are written as plain JSON, so their schemas are written by hand
(``eai/results/schemas/NAME.schema.json``); the task files are pydantic models
(:mod:`eai.tasks.taskfile`), so their schemas are the models' own. Each is checked
with ``jsonschema``, the reference validator eai already uses for answers asked in
a schema (:mod:`eai.llm.schema`).

The schemas are of format 1. Every object of a result file may hold fields a schema
does not list (a later eai of format 1 may add some, as eai adds rates' intervals):
a reader ignores those it does not know. Removing or renaming a field, or changing
its type or meaning, makes a new format. The challenge's files and the task files
allow no other field.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from eai.exceptions import EaiError

FOLDER = Path(__file__).with_name("schemas")
WRITTEN = {  # the schemas written by hand: name -> the file each describes
    "run": "run.json",
    "summary": "summary.json",
    "record": "a line of records.jsonl",
    "response": "a line of responses.jsonl",
    "answer": "a line of answers.jsonl (a score folder)",
    "report": "report.json (eai report)",
    "challenge-outputs": "each <env>_<module>_outputs.json of eai export challenge's zip",
    "dataset": "a line of the data/*.jsonl files of eai export dataset",
}
MODELLED = {  # the schemas of pydantic models: name -> (the file, the model's name in eai.tasks.taskfile)
    "task": ("tasks/<id>.json of a suite folder", "TaskFile"),
    "suite": ("suite.json of a suite folder", "SuiteFile"),
    "scene": ("a scene file of a suite folder", "Scene"),
}
BY_FILE_NAME = {"run.json": "run", "summary.json": "summary", "records.jsonl": "record", "responses.jsonl": "response",
                "answers.jsonl": "answer", "report.json": "report", "suite.json": "suite"}


def names() -> dict[str, str]:
    """Every schema's name and the file it describes."""
    return {**WRITTEN, **{name: file for name, (file, _) in MODELLED.items()}}


@cache
def schema(name: str) -> dict[str, Any]:
    """The JSON schema ``name``; EaiError naming the others when there is none."""
    if name in WRITTEN:
        return json.loads((FOLDER / f"{name}.schema.json").read_text(encoding="utf-8"))
    if name in MODELLED:
        from eai.tasks import taskfile

        model = getattr(taskfile, MODELLED[name][1])
        return {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": f"urn:eai-kit:schema:{name}:1",
                **model.model_json_schema()}
    raise EaiError(f"no schema {name!r}; the schemas: {', '.join(names())}")


@cache
def _validator(name: str) -> Any:
    import jsonschema  # type: ignore[import-untyped]

    return jsonschema.Draft202012Validator(schema(name))


def problems(name: str, data: Any) -> list[str]:
    """What makes ``data`` not a valid ``name`` (one line each, where it is first); none when it is valid."""
    return [f"{'/'.join(map(str, error.absolute_path)) or '(top)'}: {error.message}"
            for error in sorted(_validator(name).iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))]


def file_problems(path: Path, name: str | None = None) -> Iterator[str]:
    """What makes the file ``path`` (a JSON file, or JSONL: each line) not valid against schema
    ``name`` (default: the one of its file name), each ``path[:line]: where: what``."""
    name = name or BY_FILE_NAME.get(path.name)
    if name is None:
        raise EaiError(f"{path}: no schema is named for a file so named; give one of {', '.join(names())}")
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        items = [(f"{path}:{n}", json.loads(line)) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    else:
        items = [(str(path), json.loads(text))]
    for where, data in items:
        for problem in problems(name, data):
            yield f"{where}: {problem}"
