"""Loading task suites stored in our format (see eai.tasks.taskfile and docs/tasks.md).

Loading is all or nothing: the first bad file raises a :class:`TaskFileError`
naming the file, the task and the field, and no task is returned.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from eai.base import jsonl
from eai.base.finding import Finding
from eai.exceptions import EaiError, UnknownNameError
from eai.tasks.sources import Archive, Pin
from eai.tasks.suite import TaskSuite
from eai.world import Action, Atom, Goal, Literal, Obj, SharedAtoms, Task, TransitionModelTask

if TYPE_CHECKING:  # the pydantic task-file models are imported when a file is read: registering suites stays cheap
    from pydantic import BaseModel

    from eai.tasks.taskfile import InitialState, ObjectSpec, SuiteFile, TaskFile


@contextmanager
def _collector_paused() -> Iterator[None]:
    """No cyclic garbage collection in the block (loading makes many objects
    and no cycles: each collection would walk them all for nothing)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class TaskFileError(EaiError):
    def __init__(self, file: Path, task: str, field: str, message: str) -> None:
        where = f"task {task!r}, " if task else ""
        super().__init__(f"{file}: {where}field {field or '(file)'}: {message}")
        self.file, self.task, self.field = file, task, field


def read_model(path: Path, model: type[BaseModel], task: str = "") -> Any:
    """The file at ``path`` as a ``model``. pydantic-core parses a valid file
    straight from its bytes; a file it rejects (or a missing one) is read
    again by :func:`_read_with_json`, so every error reads as it did."""
    from pydantic import ValidationError

    try:
        return model.model_validate_json(path.read_bytes())
    except (FileNotFoundError, ValidationError):
        return _read_with_json(path, model, task)


def _read_with_json(path: Path, model: type[BaseModel], task: str = "") -> Any:
    """The file at ``path`` as a ``model``, read by :mod:`json` and validated
    from Python; a bad file raises a one-line :class:`TaskFileError`."""
    from pydantic import ValidationError

    try:
        data = jsonl.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise TaskFileError(path, task, "", "file not found") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise TaskFileError(path, task, "", f"not valid JSON ({exc})") from None
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        error = exc.errors()[0]
        field = ".".join(str(part) for part in error["loc"])
        task = task or (data.get("id", "") if isinstance(data, dict) else "")
        raise TaskFileError(path, str(task), field, error["msg"]) from None


@dataclass(frozen=True)
class _Base:
    specs: dict[str, ObjectSpec]
    objs: dict[str, Obj]
    relations: frozenset[Atom]
    states: frozenset[Atom]  # the objects' unary states
    atoms: frozenset[Atom]  # both
    mentioning: dict[str, frozenset[Atom]]  # object id -> base relations naming it


def _obj(spec: ObjectSpec) -> Obj:
    return Obj(spec.id, spec.class_name, frozenset(spec.properties))


class _Builder:
    """Turns one validated task file into a Task, checking every reference."""

    def __init__(self, path: Path, tf: TaskFile, suite: str, base: _Base | None) -> None:
        self.path, self.tf, self.suite, self.base = path, tf, suite, base

    def fail(self, field: str, message: str) -> TaskFileError:
        return TaskFileError(self.path, self.tf.id, field, message)

    def build(self) -> Task:
        tf = self.tf
        specs, objs, init = self.initial(tf.initial)
        known = specs.keys()
        self.check_ids("relevant", [[x] for x in tf.relevant], known, skip=0)
        goal = Goal(
            tf.goal.ltl,
            self.literals("goal.state", tf.goal.state, known),
            self.literals("goal.relation", tf.goal.relation, known),
            tuple(tuple(step) for step in tf.goal.action),
        )
        self.check_ids("gold_plan", tf.gold_plan, known, skip=1)
        transition = tf.transition_model
        return Task(
            id=tf.id,
            suite=self.suite,
            name=tf.name,
            instruction=tf.instruction,
            objects=tuple(objs.values()),
            init=init,
            goal=goal,
            gold_plan=tuple(Action(step[0], tuple(step[1:])) for step in tf.gold_plan),
            relevant=tuple(tf.relevant),
            transition_model=TransitionModelTask(
                tuple(transition.operators), transition.problem, tuple(transition.categories)
            ) if transition else None,
            extra=MappingProxyType(tf.simulator_specific),
            generation=MappingProxyType(tf.generation.model_dump() if tf.generation else {}),
            evaluation=MappingProxyType(tf.evaluation.model_dump() if tf.evaluation else {}),
        )

    def initial(self, initial: InitialState) -> tuple[dict[str, ObjectSpec], dict[str, Obj], AbstractSet[Atom]]:
        """The objects and the initial atoms: the base scene's relations less
        those of removed objects and ``remove_relations``, plus ``relations``;
        and the unary states of the objects (a task's spec replaces the
        base's). With a base, the atoms share the base's (:class:`SharedAtoms`)."""
        if initial.base is not None and self.base is None:
            raise self.fail("initial.base", f"base scene {initial.base!r} is not available")
        base = self.base
        specs = dict(base.specs) if base else {}
        objs = dict(base.objs) if base else {}
        gone: set[str] = set()
        for i, oid in enumerate(initial.remove_objects):
            if base is None or specs.pop(oid, None) is None:
                raise self.fail(f"initial.remove_objects.{i}", f"no object {oid!r} to remove")
            del objs[oid]
            gone.add(oid)
        for spec in initial.objects:
            was = specs.get(spec.id)
            specs[spec.id] = spec
            if was is None or (was.class_name, was.properties) != (spec.class_name, spec.properties):
                objs[spec.id] = _obj(spec)  # else the object it replaces (often the base's) is the same
        self.check_ids("initial.relations", initial.relations, specs.keys(), skip=1)
        added_relations = {tuple(rel) for rel in initial.relations}
        added_states = {(state, oid) for oid in {spec.id for spec in initial.objects} for state in specs[oid].states}
        if base is None:
            return specs, objs, frozenset(added_relations | added_states)
        dropped_relations = {tuple(rel) for rel in initial.remove_relations}
        for oid in gone:
            dropped_relations |= base.mentioning.get(oid, frozenset())
        replaced = gone | {spec.id for spec in initial.objects if spec.id in base.specs}
        dropped_states = {(state, oid) for oid in replaced for state in base.specs[oid].states}
        added = added_relations | added_states
        removed = [atom for atom in dropped_relations | dropped_states  # unless kept as the other kind, or added
                   if not ((atom in base.relations and atom not in dropped_relations) or atom in added
                           or (atom in base.states and atom not in dropped_states))]
        return specs, objs, SharedAtoms(base.atoms, removed, added)

    def literals(self, field: str, items: list[Any], known: AbstractSet[str]) -> tuple[Literal, ...]:
        out = tuple(Literal(False, tuple(item[1])) if len(item) == 2 and item[0] == "not" and isinstance(item[1], list)
                    else Literal(True, tuple(item)) for item in items)
        self.check_ids(field, [literal.atom for literal in out], known, skip=1)
        return out

    def check_ids(self, field: str, rows: Sequence[Sequence[str]], known: AbstractSet[str], skip: int) -> None:
        """Each row names known objects after its first ``skip`` items (and,
        when ``skip``, is not empty). The field is checked as a whole; its rows
        are walked for the first bad one only when there is one."""
        if (skip and not all(rows)) or not {arg for row in rows for arg in row[skip:]} <= known:
            for i, row in enumerate(rows):
                self.check_row(f"{field}.{i}", row, known, skip)

    def check_row(self, field: str, row: Sequence[str], known: AbstractSet[str], skip: int) -> None:
        if skip and not row:
            raise self.fail(field, "empty entry")
        for arg in row[skip:]:
            if arg not in known:
                raise self.fail(field, f"unknown object {arg!r}")


def build_task(tf: TaskFile, suite: str, path: Path) -> Task:
    """The task a task file without a base scene describes (``path`` names it in errors)."""
    return _Builder(path, tf, suite, None).build()


class DirectorySuite(TaskSuite):
    """A suite stored as a directory in our format; ``directory`` is resolved lazily."""

    def __init__(
        self,
        name: str,
        simulator: str,
        description: str,
        directory: Callable[[], Path],
        sources: tuple[Pin, ...] = (),
        importer: Callable[[Mapping[str, Archive], Path], None] | None = None,
        in_default_run: bool = True,
        letter: str = "",
        column: int = 0,
    ) -> None:
        self.name, self.simulator, self.description = name, simulator, description
        self.sources, self.in_default_run = sources, in_default_run
        self.letter, self.column = letter, column
        self._directory = directory
        self._importer = importer
        self._suite: SuiteFile | None = None
        self._bases: dict[str, _Base] = {}
        self._tasks: dict[str, Task] = {}  # tasks built so far (they are immutable), by id

    @property
    def path(self) -> Path:
        return self._directory()

    def info(self) -> SuiteFile:
        if self._suite is None:
            from eai.tasks.taskfile import SuiteFile

            self._suite = read_model(self.path / "suite.json", SuiteFile)
        return self._suite

    def ids(self) -> list[str]:
        return list(self.info().tasks)

    def subsets(self) -> Mapping[str, list[str]]:
        return {name: list(ids) for name, ids in self.info().subsets.items()}

    def load(self, ids: list[str] | None = None) -> list[Task]:
        """The tasks ``ids`` (default: all), in that order. Each file is read
        once per process: a task loaded before is returned as it was."""
        known = self.ids()
        wanted = known if ids is None else list(ids)
        known_set = set(known)
        for task_id in wanted:
            if task_id not in known_set:
                raise UnknownNameError(f"task of suite {self.name!r}", task_id, known)
        folder = self.path / "tasks"  # resolved once, not per task
        files = [(folder / f"{task_id}.json", task_id) for task_id in dict.fromkeys(wanted) if task_id not in self._tasks]
        from eai.tasks.taskfile import TaskFile

        with _collector_paused():
            parsed = [(path, read_model(path, TaskFile, task_id)) for path, task_id in files]
            for (path, tf), (_, task_id) in zip(parsed, files):
                if tf.id != task_id:
                    raise TaskFileError(path, task_id, "id", f"file holds task {tf.id!r}")
            built = [_Builder(path, tf, self.name, self.base(tf.initial.base)).build() for path, tf in parsed]
        self._tasks.update((task.id, task) for task in built)
        return [self._tasks[task_id] for task_id in wanted]

    def base(self, name: str | None) -> _Base | None:
        if name is None:
            return None
        if name not in self._bases:
            path = self.path / name
            if not path.is_file() or path.parent != self.path:
                return None
            from eai.tasks.taskfile import Scene

            scene: Scene = read_model(path, Scene)
            specs = {spec.id: spec for spec in scene.objects}
            for i, rel in enumerate(scene.relations):
                unknown = [arg for arg in rel[1:] if arg not in specs]
                if not rel or unknown:
                    raise TaskFileError(path, "", f"relations.{i}", f"bad relation {rel!r}")
            relations = frozenset(tuple(rel) for rel in scene.relations)
            mentioning: dict[str, set[Atom]] = {}
            for rel in relations:
                for arg in rel[1:]:
                    mentioning.setdefault(arg, set()).add(rel)
            states = frozenset((state, spec.id) for spec in specs.values() for state in spec.states)
            self._bases[name] = _Base(specs, {oid: _obj(s) for oid, s in specs.items()}, relations, states,
                                      relations | states, {oid: frozenset(rels) for oid, rels in mentioning.items()})
        return self._bases[name]

    def import_tasks(self, archives: Mapping[str, Archive], out: Path) -> None:
        if self._importer is None:
            super().import_tasks(archives, out)
        else:
            self._importer(archives, out)
            self._suite = None
            self._bases.clear()
            self._tasks.clear()

    def file(self, key: str) -> Path:
        """A suite-level file named in suite.json ``files`` (e.g. the gold PDDL domain)."""
        name = self.info().files.get(key)
        if name is None:
            raise EaiError(f"suite {self.name!r} has no {key!r} file")
        return self.path / name

    def doctor(self) -> list[Finding]:
        name = f"suite {self.name}"
        try:
            count = len(self.ids())
        except EaiError as exc:
            clones = "".join(f" --source {p.package}=PATH (a clone of github.com/{p.repository})"
                             for p in self.sources if p.repository and not p.optional)
            return [Finding(name, False, str(exc), f"run: eai tasks import {self.name}{clones}")]
        return [Finding(name, True, f"{count} tasks in {self.path}")]
