"""Building tasks from validated task files: base scenes, and every reference checked.

A task file names objects of its own and of its suite's base scene (a file of
the suite's folder); :class:`Builder` resolves the base, applies the task's
changes to it and checks that every row of the file names a known object.
"""

from __future__ import annotations

from collections.abc import Sequence, Set as AbstractSet
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from eai.tasks.reading import TaskFileError, read_model
from eai.world import Action, Atom, Goal, Literal, Obj, SharedAtoms, Task, TransitionModelTask

if TYPE_CHECKING:  # the pydantic task-file models are imported when a file is read: registering suites stays cheap
    from eai.tasks.taskfile import InitialState, ObjectSpec, TaskFile


@dataclass(frozen=True)
class BaseScene:
    """A suite's base scene as its tasks start from it."""

    specs: dict[str, ObjectSpec]
    objs: dict[str, Obj]
    relations: frozenset[Atom]
    states: frozenset[Atom]  # the objects' unary states
    atoms: frozenset[Atom]  # both
    mentioning: dict[str, frozenset[Atom]]  # object id -> base relations naming it


def _obj(spec: ObjectSpec) -> Obj:
    return Obj(spec.id, spec.class_name, frozenset(spec.properties))


Objects = dict[tuple[str, str, frozenset[str]], Obj]  # the objects built so far, by value


class Builder:
    """Turns one validated task file into a Task, checking every reference.

    ``objects``: the objects of the tasks built before (a suite's): an object
    equal to one of them is that one (objects are immutable), so a suite's
    tasks that restate the same objects hold them once."""

    def __init__(self, path: Path, tf: TaskFile, suite: str, base: BaseScene | None,
                 objects: Objects | None = None) -> None:
        self.path, self.tf, self.suite, self.base = path, tf, suite, base
        self.objects: Objects = {} if objects is None else objects

    def obj(self, spec: ObjectSpec) -> Obj:
        """The object of ``spec``, the one built before when there is one."""
        key = (spec.id, spec.class_name, frozenset(spec.properties))
        found = self.objects.get(key)
        if found is None:
            found = self.objects[key] = Obj(*key)
        return found

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
                objs[spec.id] = self.obj(spec)  # else the object it replaces (often the base's) is the same
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
    return Builder(path, tf, suite, None).build()


def base_scene(path: Path) -> BaseScene:
    """The base scene file at ``path``, its relations checked."""
    from eai.tasks.taskfile import Scene

    scene: Scene = read_model(path, Scene)
    specs = {spec.id: spec for spec in scene.objects}
    for i, rel in enumerate(scene.relations):
        unknown = [arg for arg in rel[1:] if arg not in specs]
        if not rel or unknown:
            raise TaskFileError(path, "", f"relations.{i}", f"bad relation {rel!r}")
    relations = frozenset(tuple(rel) for rel in scene.relations)
    mentioning: dict[str, set[Atom]] = {}
    for atom in relations:
        for arg in atom[1:]:
            mentioning.setdefault(arg, set()).add(atom)
    states = frozenset((state, spec.id) for spec in specs.values() for state in spec.states)
    return BaseScene(specs, {oid: _obj(s) for oid, s in specs.items()}, relations, states,
                     relations | states, {oid: frozenset(rels) for oid, rels in mentioning.items()})
