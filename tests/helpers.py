"""Helpers shared by the tests."""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_eai(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run the real ``eai`` command line in a subprocess."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "eai", *args], capture_output=True, text=True, env=full_env, cwd=cwd, timeout=300
    )


def upstream_output(actions):
    """A plan written as upstream models write it: a JSON object with repeated keys, [name, id] values."""
    items = [f"{json.dumps(name)}: {json.dumps([p for arg in args for p in arg.rsplit('.', 1)])}" for name, *args in actions]
    return "{" + ", ".join(items) + "}"


def eai_cli(capsys, *args: str) -> tuple[int, str, str]:
    """The ``eai`` command line run in this process, as the script runs it: (exit code, stdout, stderr)."""
    from eai.cli import main

    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else int(exc.code is not None)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def table_rows(report: str, title: str) -> dict[str, dict[str, str]]:
    """The rows of a report.md table: first cell -> {header: cell}."""
    section = report.split(f"### {title}", 1)[1].split("###", 1)[0]
    rows = [[c.strip() for c in re.split(r"(?<!\\)\|", line[1:-1])]  # a cell may hold an escaped \|
            for line in section.splitlines() if line.startswith("| ") and "---" not in line]
    return {cells[0]: dict(zip(rows[0], cells)) for cells in rows[1:]}


def code_blocks(path: Path, language: str = "python") -> list[str]:
    """The fenced code blocks of ``language`` in a Markdown file, in order."""
    return re.findall(rf"^```{language}\n(.*?)^```$", path.read_text(encoding="utf-8"), flags=re.S | re.M)


def virtualhome_folder(folder: Path, ids, **changes) -> Path:
    """A suite folder (named ``folder``'s name) holding VirtualHome's tasks ``ids`` and the
    files they need; its suite.json members replaced by ``changes``."""
    source = ROOT / "tasks" / "virtualhome"
    info = json.loads((source / "suite.json").read_text())
    (folder / "tasks").mkdir(parents=True)
    for name in ("scene.json", "domain.pddl", "predicate_categories.json"):
        shutil.copy(source / name, folder / name)
    for task_id in ids:
        shutil.copy(source / "tasks" / f"{task_id}.json", folder / "tasks" / f"{task_id}.json")
    (folder / "suite.json").write_text(json.dumps({**info, "suite": folder.name, "tasks": list(ids), **changes}))
    return folder


def folder_files(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (relative path -> bytes), to compare two folders byte for byte."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
