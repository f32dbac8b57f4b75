"""A benchmark's in-context examples, kept with the suite they belong to.

EmbodiedBench ships example answers it puts in its prompts
(``evaluator/config/alfred_examples.json``: a JSON list of texts
``Human instruction: ...\\nOutput: {...}``). An importer captures them
verbatim into the suite's ``examples.json``, with the file each came from and
that file's sha256, so tests can score them as the benchmark's own answers
without a clone of the benchmark::

    {"files": {"<path>": "<sha256>"}, "examples": [{"file": "<path>", "index": 0, "text": "..."}]}
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from eai.exceptions import EaiError
from eai.tasks.sources import Archive
from eai.tasks.writer import dumps

INSTRUCTION, OUTPUT = "Human instruction:", "\nOutput:"


@dataclass(frozen=True)
class Example:
    """One example: where it came from, and its text."""

    file: str
    index: int
    text: str

    @property
    def instruction(self) -> str:
        """The instruction the example answers."""
        return self.text.split(OUTPUT, 1)[0].removeprefix(INSTRUCTION).strip()

    @property
    def answer(self) -> str:
        """The example's answer, as the prompt shows it."""
        return self.text.split(OUTPUT, 1)[1].strip() if OUTPUT in self.text else ""


def capture(archive: Archive, paths: Sequence[str]) -> str:
    """``examples.json`` of the example files ``paths`` of ``archive`` (each a JSON list of texts)."""
    files, examples = {}, []
    for path in paths:
        data = archive.read(path)
        texts = json.loads(data)
        if not isinstance(texts, list) or not all(isinstance(text, str) for text in texts):
            raise EaiError(f"{path} is not a JSON list of example texts")
        files[path] = hashlib.sha256(data).hexdigest()
        examples += [{"file": path, "index": i, "text": text} for i, text in enumerate(texts)]
    return dumps({"files": files, "examples": examples})


def read(path: Path) -> list[Example]:
    """The examples an ``examples.json`` holds, in its order."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return [Example(e["file"], e["index"], e["text"]) for e in data["examples"]]
