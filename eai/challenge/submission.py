"""The EAI Challenge's submission format (NeurIPS 2025, EvalAI).

A submission is a zip of eight files ``<env>_<module>_outputs.json``, one per
environment (``behavior``, ``virtualhome``) and ability module, each a JSON
list of ``{"identifier": ..., "llm_output": ...}`` with a string in both.
The identifiers are the starter kit's (the ids of its ``llm_prompts/``
files, which are eai-eval 1.0.5's prompt files): the task ids of our
``virtualhome`` and ``behavior`` suites, written ``scene_1_<id>`` for
VirtualHome subgoal decomposition. Every task is asked, except the four
VirtualHome tasks without a goal in subgoal decomposition (338 of 342) and
the tasks transition modeling does not apply to (VirtualHome: 296 of 342).
The files may stand at the top of the zip or in one folder (as ``zip -r
sub.zip sub`` writes them); nothing else may be in it.

:func:`problems` checks a submission against that, one line per problem.
"""

from __future__ import annotations

import json
import zipfile
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from eai.base import jsonl
from eai.challenge.styles import kit_identifier
from eai.exceptions import EaiError
from eai.host.manager import Plugins
from eai.modules import get_module
from eai.world.task import Task

ENVIRONMENTS = ("behavior", "virtualhome")  # the challenge's environments, our suites of the same names
MODULES = ("goal_interpretation", "subgoal_decomposition", "action_sequencing", "transition_modeling")
MAX_FILE_BYTES = 200 << 20  # far above any real answer file (the gold ones are under 1 MB)
SHOWN = 5  # identifiers named in a problem line before "..."


@dataclass(frozen=True)
class KitFile:
    """One file of a submission: its environment and module, and the kit's
    identifiers in its order, each with the task id it names."""

    suite: str
    module: str
    identifiers: tuple[str, ...]
    tasks: tuple[str, ...]

    @property
    def name(self) -> str:
        return file_name(self.suite, self.module)


class Refused(EaiError):
    """Not a submission (or a run that cannot be one): every problem, one per line."""

    def __init__(self, found: list[str]) -> None:
        super().__init__("\n".join(found))
        self.problems = found


def file_name(suite: str, module: str) -> str:
    return f"{suite}_{module}_outputs.json"


def kit_files(plugins: Plugins) -> tuple[KitFile, ...]:
    """The eight files of a submission, with the kit's identifiers."""
    found = []
    for suite in ENVIRONMENTS:
        tasks = plugins.suites.get(suite).load()
        for module in MODULES:
            asked = [t.id for t in tasks if asks(module, t)]
            found.append(KitFile(suite, module, tuple(kit_identifier(suite, module, t) for t in asked), tuple(asked)))
    return tuple(found)


def asks(module: str, task: Task) -> bool:
    """Whether the kit asks ``task`` for ``module``: subgoal decomposition
    needs a goal; transition modeling, the operators of a PDDL problem."""
    if module == "subgoal_decomposition":
        return bool(task.goal.ltl)
    return module != "transition_modeling" or get_module(module).applies_to(task)


def read_submission(path: Path) -> dict[str, bytes]:
    """The files of a submission zip (or folder) by name; EaiError when it cannot be read."""
    path = Path(path)
    if path.is_dir():
        return {p.name: p.read_bytes() for p in sorted(path.iterdir()) if p.is_file()}
    return read_zip(path, str(path))


def read_zip(source: Path | BinaryIO, shown: str) -> dict[str, bytes]:
    """The entries of a zip by name; those in the one folder holding the
    answer files lose that folder, the others keep their path (so
    :func:`problems` names them)."""
    try:
        with zipfile.ZipFile(source) as archive:
            entries = [e for e in archive.infolist() if not e.is_dir()]
            if big := [e.filename for e in entries if e.file_size > MAX_FILE_BYTES]:
                raise EaiError(f"{shown}: {big[0]} is over {MAX_FILE_BYTES >> 20} MB unpacked")
            folders = {e.filename.rpartition("/")[0] for e in entries if e.filename.endswith("_outputs.json")}
            folder = folders.pop() if len(folders) == 1 else ""
            top = f"{folder}/" if folder else ""
            return {shown_name(e.filename, top): archive.read(e) for e in entries}
    except (OSError, zipfile.BadZipFile, zipfile.LargeZipFile) as exc:
        raise EaiError(f"cannot read the submission {shown}: {exc}") from None


def shown_name(entry: str, top: str) -> str:
    """An entry's name without the folder the answer files are in (``top``,
    ``""`` or ending in ``/``); an entry elsewhere keeps its whole path."""
    rest = entry[len(top):]
    return rest if entry.startswith(top) and "/" not in rest else entry


def problems(files: Mapping[str, bytes], kit: Sequence[KitFile]) -> list[str]:
    """What keeps ``files`` from being a submission, one line per problem (empty: it is one)."""
    expected = {f.name: f for f in kit}
    found = [f"{name}: not a file of a submission (it holds the eight <env>_<module>_outputs.json)"
             for name in sorted(files) if name not in expected]
    for name, kit_file in expected.items():
        if name not in files:
            found.append(f"{name}: missing")
        else:
            found += [f"{name}: {p}" for p in file_problems(files[name], kit_file.identifiers)]
    return found


def file_problems(data: bytes, identifiers: Sequence[str]) -> list[str]:
    """What is wrong with one answer file whose kit identifiers are ``identifiers``."""
    try:
        items = jsonl.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        return ["not UTF-8 text"]
    except (ValueError, EaiError) as exc:
        return [f"not valid JSON ({exc})"]
    if not isinstance(items, list):
        return [f"a JSON {type(items).__name__}, not a list of {{identifier, llm_output}}"]
    bad = [i for i, item in enumerate(items) if not well_formed(item)]
    found = [f"{len(bad)} item(s) not an object with a string identifier and a string llm_output: "
             f"item {listed(map(str, bad))}"] if bad else []
    given = Counter(str(item["identifier"]) for item in items if well_formed(item))
    known = set(identifiers)
    if twice := [i for i, n in given.items() if n > 1]:
        found.append(f"{len(twice)} identifier(s) answered more than once: {listed(twice)}")
    if unknown := [i for i in given if i not in known]:
        found.append(f"{len(unknown)} identifier(s) the kit does not ask: {listed(unknown)}")
    if missing := [i for i in identifiers if i not in given]:
        found.append(f"{len(missing)} of the kit's {len(identifiers)} identifier(s) unanswered: {listed(missing)}")
    return found


def well_formed(item: object) -> bool:
    return (isinstance(item, dict) and isinstance(item.get("identifier"), str)
            and isinstance(item.get("llm_output"), str))


def listed(names) -> str:
    """The first few of ``names``, comma-separated, with ``...`` when there are more."""
    names = list(names)
    return ", ".join(names[:SHOWN]) + (", ..." if len(names) > SHOWN else "")


def answer_file(kit_file: KitFile, outputs: Mapping[str, str]) -> str:
    """The file's text: the answer to each of the kit's identifiers (by task id), in the kit's order."""
    items = [{"identifier": i, "llm_output": outputs[t]} for i, t in zip(kit_file.identifiers, kit_file.tasks)]
    return json.dumps(items, indent=1, ensure_ascii=False) + "\n"
