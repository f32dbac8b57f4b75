"""Writing a suite directory in our format, deterministically and atomically.

The same input always gives the same bytes; a suite is written to a temporary
sibling directory and swapped in only when complete, so a failed import leaves
the previous data untouched.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from eai.base.atomic import write_failed
from eai.base.paths import inside
from eai.exceptions import EaiError
from eai.tasks.importing import PROVENANCE
from eai.tasks.taskfile import Scene, SuiteFile, TaskFile


def dumps(data: Any) -> str:
    """JSON with one line per object member and lists of scalars kept on one line."""
    return _dump(data, "") + "\n"


def _dump(value: Any, indent: str) -> str:
    inner = indent + " "
    if isinstance(value, dict):
        if not value:
            return "{}"
        if all(_flat(v) for v in value.values()):
            return json.dumps(value, ensure_ascii=False)
        items = [f"{inner}{json.dumps(k)}: {_dump(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    if isinstance(value, (list, tuple)):
        if _flat(value):
            return json.dumps(list(value), ensure_ascii=False)
        rows = [f"{inner}{_dump(v, inner)}" for v in value]
        return "[\n" + ",\n".join(rows) + f"\n{indent}]"
    return json.dumps(value, ensure_ascii=False)


def _flat(value: Any) -> bool:
    """A scalar or a list of scalars: printed on one line."""
    if isinstance(value, (list, tuple)):
        return all(not isinstance(v, (dict, list, tuple)) for v in value)
    return not isinstance(value, dict)


def _model(model: BaseModel) -> Any:
    return model.model_dump(mode="json", exclude_defaults=False)


def write_suite(
    out: Path,
    suite: SuiteFile,
    tasks: Iterable[TaskFile],
    scenes: dict[str, Scene] | None = None,
    files: dict[str, str] | None = None,
) -> None:
    """Write ``out/`` (suite.json, scenes, extra text files, tasks/<id>.json), replacing it whole;
    a scene or file name that is not one file name is an EaiError, and a failed write leaves ``out`` as it was."""
    out = Path(out)
    staging = out.with_name(out.name + ".partial")
    written = {**{name: dumps(_model(scene)) for name, scene in (scenes or {}).items()}, **(files or {})}
    paths = [inside(staging, {"suite file": name}) for name in written]
    try:
        if staging.exists():
            shutil.rmtree(staging)
        (staging / "tasks").mkdir(parents=True)
        (staging / "suite.json").write_text(dumps(_model(suite)), encoding="utf-8")
        for path, text in zip(paths, written.values()):
            path.write_text(text, encoding="utf-8")
        for task in tasks:
            (staging / "tasks" / f"{task.id}.json").write_text(dumps(_model(task)), encoding="utf-8")
        if out.exists():
            shutil.rmtree(out)
        staging.rename(out)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise write_failed(out, exc) from None


def check_replaceable(out: Path, kind: str = "generated", what: str = "a generated suite") -> None:
    """One clear error when ``out`` holds anything but a suite whose
    provenance.json has the member ``kind`` (one written the same way),
    which writing the suite would replace."""
    if not out.is_dir() or not any(out.iterdir()):
        return
    provenance = out / PROVENANCE
    if (out / "suite.json").is_file() and provenance.is_file() and \
            kind in json.loads(provenance.read_text(encoding="utf-8")):
        return
    raise EaiError(f"--out {out} holds files that are not {what}; write into a new or empty folder")
