"""The viewer as a static site: ``index.html`` with the task lists (the
script and styles inline, the runs' configurations, the units' summaries and
per task what the list shows and filters on), and beside it each task's
detail (prompt, answer, parse, steps, trace, record) in a file of its own,
``tasks/R-U/T.js`` (run R, unit U, task T, numbered from 0), loaded when the
task is opened. The details are scripts (``eaiTask("R/U/T", {...});``)
rather than JSON, since a page opened from the file system may load scripts
beside it but not fetch files (Chromium refuses ``fetch`` from ``file://``);
served, they are plain files too. A page made for a run's own ``view/`` has
the digest of its sources beside it (:mod:`eai.viewer.digest`).
"""

from __future__ import annotations

import json
import re
from importlib.resources import files
from pathlib import Path
from typing import Any

from eai.base.atomic import write_atomic, write_failed
from eai.base.paths import inside

DIGEST = "source.sha256"
DETAILS = "tasks"  # the folder of the tasks' detail files, beside index.html
SEARCHED = 2000  # characters of each answer the page's text filter searches (the whole answer is in the detail)
SCRIPTS = ("trace.js", "viewer.js")  # one script: trace.js draws the traces viewer.js shows
DETAIL_FILE = re.compile(r"\d+\.js")
UNIT_FOLDER = re.compile(r"\d+-\d+")

PAGE = ("<!doctype html><html><head><meta charset=\"utf-8\"><title>eai view</title><style>{css}</style></head>"
        "<body><header><h1>eai view</h1></header><main><nav id=\"units\"></nav><div id=\"content\"></div></main>"
        "<script type=\"application/json\" id=\"eai-data\">{data}</script><script>{js}</script></body></html>\n")


def inline_json(data: Any) -> str:
    """``data`` as JSON that cannot end or open markup inside a <script> element."""
    text = json.dumps(data, sort_keys=True, ensure_ascii=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def listed(task: dict[str, Any]) -> dict[str, Any]:
    """What the page holds of a task before it is opened: what its list shows and
    its filters read (the text filter: the error detail and the answer's start)."""
    output = task.get("output")
    output = output if isinstance(output, str) else ""
    detail = str(task.get("record", {}).get("error_detail") or "")
    return {"id": task["id"], "status": task["status"], "errors": task["errors"],
            "instruction": task.get("instruction"), "search": "\n".join(filter(None, [detail, output[:SEARCHED]]))}


def render(data: dict[str, Any]) -> str:
    here = files("eai.viewer")
    return PAGE.format(css=(here / "viewer.css").read_text(encoding="utf-8"), data=inline_json(data),
                       js="\n".join((here / name).read_text(encoding="utf-8") for name in SCRIPTS))


def detail_script(key: str, task: dict[str, Any]) -> str:
    """The detail file of the task ``key``: a call handing the page its data (JSON, which is a script's literal)."""
    return f"eaiTask({json.dumps(key)}, {inline_json(task)});\n"


def write_details(model: dict[str, Any], out: Path) -> dict[str, Any]:
    """Each task's detail file under ``out/tasks``, written as the model's tasks come
    (a unit's ``tasks`` may be an iterator: :func:`eai.viewer.model.collect_runs`);
    then the detail files an earlier page left there are removed (only files named as
    the viewer names them, and their folders once empty: nothing else there is touched).
    Returns the page's data: the model with each task as :func:`listed`."""
    written: dict[Path, set[str]] = {}
    runs = []
    for r, run in enumerate(model["runs"]):
        units = []
        for u, unit in enumerate(run["units"]):
            folder = out / DETAILS / f"{r}-{u}"
            inside(out, {"viewer's task folder": DETAILS, "unit's task folder": folder.name})  # no link leads out
            shown = []
            for t, task in enumerate(unit["tasks"]):
                write_atomic(folder / f"{t}.js", detail_script(f"{r}/{u}/{t}", task), durable=False)
                written.setdefault(folder, set()).add(f"{t}.js")
                shown.append(listed(task))
            units.append({**unit, "tasks": shown})
        runs.append({**run, "units": units})
    _remove_others(out / DETAILS, written)
    return {**model, "runs": runs}


def _remove_others(root: Path, written: dict[Path, set[str]]) -> None:
    if not root.is_dir() or root.is_symlink():
        return
    for unit in sorted(p for p in root.iterdir() if UNIT_FOLDER.fullmatch(p.name) and p.is_dir() and not p.is_symlink()):
        try:
            for path in unit.iterdir():
                if DETAIL_FILE.fullmatch(path.name) and path.name not in written.get(unit, ()):
                    path.unlink()
            if unit not in written and not any(unit.iterdir()):
                unit.rmdir()
        except OSError as exc:
            raise write_failed(unit, exc) from None


def write_site(model: dict[str, Any], out: Path, digest: str | None = None) -> Path:
    """``out/index.html`` and the tasks' detail files, and with ``digest`` (of
    what ``model`` was made from) ``out/source.sha256``, written once the page
    is; returns the page's path."""
    kept = out / DIGEST
    try:
        kept.unlink(missing_ok=True)  # no page is taken for current while it is being replaced
    except OSError as exc:
        raise write_failed(kept, exc) from None
    data = write_details(model, out)
    path = out / "index.html"
    write_atomic(path, render(data), durable=False)
    if digest is not None:
        write_atomic(kept, digest + "\n", durable=False)
    return path
