"""``eai tasks import NAME --source FILE``: a user's copy of a benchmark's
episode file converted into a suite folder the user owns.

Some benchmarks' episodes may not be redistributed (PARTNR's are
non-commercial); an importer registered by a plugin
(``eai_register_importers``) converts a file the user has into tasks, after
the user accepts the licence its notice states. The folder is never the
tasks folder eai ships or reads by default. It is written whole or not at
all (a temporary sibling renamed at the end), replaces only an earlier
import, and keeps ``provenance.json`` (the source file's name and sha256,
the licence notice, the counts) and a ``README.md`` saying the same.
Episodes the importer cannot express are skipped and counted per reason.
"""

from __future__ import annotations

import gzip
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from eai.base.paths import check_name, tasks_dir
from eai.exceptions import EaiError
from eai.tasks.importing import PROVENANCE
from eai.tasks.sources import sha256

if TYPE_CHECKING:  # the task-file models are imported when a file is written: registering importers stays cheap
    from eai.tasks.taskfile import TaskFile

Progress = Callable[[str], None]


@dataclass
class Converted:
    """What an importer made of a file: the tasks, and per reason how many episodes were skipped."""

    tasks: list[TaskFile]
    total: int
    skipped: Counter[str] = field(default_factory=Counter)
    notes: list[str] = field(default_factory=list)

    def summary(self) -> str:
        """``imported N of M episodes; skipped: K (reason), ...``."""
        line = f"imported {len(self.tasks)} of {self.total} episodes"
        if self.skipped:
            parts = [f"{n} ({reason})" for reason, n in sorted(self.skipped.items(), key=lambda kv: (-kv[1], kv[0]))]
            line += "; skipped: " + ", ".join(parts)
        return line


class EpisodeImporter:
    """Converts a benchmark's episode file (parsed JSON) into task files of one simulator."""

    name: str = ""
    description: str = ""
    simulator: str = ""
    licence: str = ""  # the notice the user accepts

    def convert(self, data: Any, progress: Progress) -> Converted:  # pragma: no cover - interface
        raise NotImplementedError


def read_json(path: Path) -> Any:
    """A ``.json`` or ``.json.gz`` file parsed as JSON only; one line naming the file when it cannot be."""
    path = Path(path)
    if not path.is_file():
        raise EaiError(f"--source {path}: no such file")
    try:
        raw = path.read_bytes()
        if raw[:2] == b"\x1f\x8b":
            raw = gzip.decompress(raw)
        return json.loads(raw.decode("utf-8"))
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        raise EaiError(f"{path}: not a readable gzip file ({exc})") from None
    except UnicodeDecodeError:
        raise EaiError(f"{path}: not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise EaiError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise EaiError(f"{path}: JSON nested too deeply") from None


def check_user_folder(out: Path) -> None:
    """One clear line when ``out`` is (inside) the tasks folder eai reads or ships."""
    target = Path(out).resolve()
    shipped = Path(__file__).resolve().parent / "tasks_data"
    for folder in {tasks_dir().resolve(), shipped, Path(__file__).resolve().parent.parent / "tasks"}:
        if target == folder or folder in target.parents:
            raise EaiError(f"--out {out} is inside {folder}, the task data eai ships: "
                           f"write imported episodes to a folder of your own")


def import_episodes(importer: EpisodeImporter, source: Path, out: Path, accepted: bool,
                    progress: Progress = lambda message: None) -> Converted:
    """Convert ``source`` with ``importer`` into the suite folder ``out`` (named after it)."""
    from eai.tasks.taskfile import SuiteFile
    from eai.tasks.writer import check_replaceable, write_suite

    if not accepted:
        raise EaiError(f"{importer.name} episodes are under their own licence: read it "
                       f"(eai tasks import {importer.name} --help) and pass --accept-licence")
    check_user_folder(out)
    check_name(out.name, "--out folder (the imported suite's name)")
    check_replaceable(out, "imported", "an imported suite")
    progress(importer.licence)
    data = read_json(source)
    converted = importer.convert(data, progress)
    if not converted.tasks:
        raise EaiError(f"{source}: no episode could be imported ({converted.summary()}); nothing written")
    digest = sha256(Path(source))
    record = {"imported": {"importer": importer.name, "source": Path(source).name, "sha256": digest,
                           "episodes": converted.total, "tasks": len(converted.tasks),
                           "skipped": dict(sorted(converted.skipped.items()))},
              "licence": importer.licence, "notes": converted.notes, "sources": []}
    suite = SuiteFile(suite=out.name, simulator=importer.simulator,
                      description=f"{importer.description}: {len(converted.tasks)} tasks from {Path(source).name}",
                      tasks=[task.id for task in converted.tasks])
    files = {PROVENANCE: json.dumps(record, indent=1, sort_keys=True) + "\n",
             "README.md": readme(importer, Path(source).name, digest, converted)}
    write_suite(out, suite, converted.tasks, files=files)
    return converted


def readme(importer: EpisodeImporter, source: str, digest: str, converted: Converted) -> str:
    """The folder's README: where its tasks come from, under which licence."""
    lines = [f"# {importer.name} episodes imported by eai", "",
             f"Converted by `eai tasks import {importer.name}` from `{source}` (sha256 `{digest}`).",
             f"{converted.summary()}.", "", *(f"- {note}" for note in converted.notes)]
    return "\n".join([*lines, "", "## Licence", "", importer.licence, ""])
