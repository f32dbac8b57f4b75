"""Generating a suite: candidates from the scenes, sampled with the seed,
filtered, certified by a plan, as task files in our format.

Deterministic: candidates are ordered by category and key (never by the
generator's iteration or hash order), each category's list is shuffled with
``random.Random(seed)``, and categories take turns, in the generator's order,
until ``n`` tasks are certified; each task draws its template from the same
generator of random numbers. The same inputs give the same tasks, whatever
the hash seed or machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from eai.exceptions import EaiError
from eai.generation.certify import PLANNER, certify
from eai.generation.generator import Candidate, Generator
from eai.generation.plausibility import ModelFilter
from eai.host.manager import Plugins
from eai.simulation.planner import SearchPlanner
from eai.simulation.simulator import Simulator
from eai.tasks.evaluation_spec import EvaluationSpec
from eai.tasks.taskfile import FilterDecision, GenerationSpec, GoalSpec, InitialState, ObjectSpec, Scene, TaskFile
from eai.world import Literal, Task

Progress = Callable[[int, int], None]  # tasks certified, tasks asked for


@dataclass
class Generated:
    """The tasks made, the scenes they are set in (file name -> scene), and
    what was left out on the way."""

    tasks: list[TaskFile]
    scenes: dict[str, Scene]
    rejected: dict[str, int] = field(default_factory=lambda: {"model_filter": 0, "no_plan": 0})


def scene_file(scene: Task) -> str:
    return f"scene-{scene.id}.json"


def candidate_pools(generator: Generator, scenes: Sequence[Task], simulator: Simulator,
                    where: str) -> dict[str, list[Candidate]]:
    """Each category's candidates over ``scenes``, in a fixed order; one error
    naming the first category the scenes have no candidate of."""
    pools: dict[str, list[Candidate]] = {category.name: [] for category in generator.categories}
    for scene in scenes:
        for candidate in generator.candidates(scene, simulator):
            pools[candidate.category].append(candidate)
    for category in generator.categories:
        pool = pools[category.name]
        if not pool:
            raise EaiError(f"{where} has no {category.name} task for generator {generator.name!r}: "
                           f"it needs {category.needs}")
        pool.sort(key=lambda c: (c.scene.id, c.key))
        twins = next(((a.scene.id, a.key) for a, b in zip(pool, pool[1:]) if (a.scene.id, a.key) == (b.scene.id, b.key)), None)
        if twins is not None:
            raise EaiError(f"generator {generator.name!r} gives two {category.name} candidates the key {twins}")
    return pools


def generate(generator: Generator, scenes: Sequence[Task], simulator: Simulator, plugins: Plugins, n: int,
             seed: int, where: str, model_filter: ModelFilter | None = None,
             progress: Progress = lambda done, total: None) -> Generated:
    """``n`` certified tasks of ``generator`` from ``scenes`` (described as ``where`` in errors)."""
    pools = candidate_pools(generator, scenes, simulator, where)
    allowed = sum(len(pool) for pool in pools.values())
    if n > allowed:
        counts = ", ".join(f"{name} {len(pool)}" for name, pool in pools.items())
        raise EaiError(f"--n {n} is more than the {allowed} distinct {generator.name} tasks {where} allows ({counts})")
    rng = random.Random(seed)
    for pool in pools.values():
        rng.shuffle(pool)
    planner = plugins.planners.get(PLANNER)
    made = Generated([], {})
    queues = {name: iter(pool) for name, pool in pools.items()}
    counters = {name: 0 for name in pools}
    categories = {category.name: category for category in generator.categories}
    while len(made.tasks) < n and queues:
        for name in list(queues):
            candidate = next(queues[name], None)
            if candidate is None:
                del queues[name]
                continue
            template = rng.randrange(len(categories[name].templates))
            spec = GenerationSpec(generator=generator.name, category=name, template=f"{name}/{template}", seed=seed,
                                  filter=FilterDecision(rule=candidate.rule))
            instruction = categories[name].templates[template].format(**candidate.words)
            task, rejected = _attempt(candidate, _task(candidate, categories[name].title, instruction, spec, simulator),
                                      simulator, planner, model_filter)
            if task is None:
                made.rejected[rejected] += 1
                continue
            counters[name] += 1
            made.tasks.append(task_file(replace(task, id=f"{name}_{counters[name]:03d}"), candidate))
            if scene_file(candidate.scene) not in made.scenes:
                made.scenes[scene_file(candidate.scene)] = scene_of(candidate.scene)
            progress(len(made.tasks), n)
            if len(made.tasks) == n:
                break
    if len(made.tasks) < n:
        raise EaiError(f"only {len(made.tasks)} of the {n} tasks asked for passed: {allowed} candidates, "
                       f"{made.rejected['model_filter']} dropped by the model filter, "
                       f"{made.rejected['no_plan']} without a plan within the planner's budget")
    return made


def _attempt(candidate: Candidate, task: Task, simulator: Simulator, planner: SearchPlanner,
             model_filter: ModelFilter | None) -> tuple[Task | None, str]:
    """``task`` with its filter decision and gold plan, and the relevant objects
    the plan acts on added; or None and why not (``model_filter``, ``no_plan``)."""
    if model_filter is not None:
        keep, answer = model_filter.judge(task.instruction)
        generation = {**task.generation, "filter": {**task.generation["filter"], "model": model_filter.spec,
                                                    "answer": answer}}
        task = replace(task, generation=MappingProxyType(generation))
        if not keep:
            return None, "model_filter"
    plan = certify(task, candidate.stages, simulator, planner)
    if plan is None:
        return None, "no_plan"
    shown = tuple(dict.fromkeys((*task.relevant, *(arg for action in plan for arg in action.args))))
    return replace(task, gold_plan=plan, relevant=shown), ""


def _task(candidate: Candidate, title: str, instruction: str, spec: GenerationSpec, simulator: Simulator) -> Task:
    """The candidate as a task without an id or a gold plan yet."""
    scene = candidate.scene
    task = replace(scene, id="", name=title, instruction=instruction, gold_plan=(), relevant=candidate.relevant,
                   transition_model=None, generation=MappingProxyType(spec.model_dump()),
                   evaluation=MappingProxyType(dict(candidate.evaluation or {})))
    return simulator.with_goal(task, candidate.goal)


def task_file(task: Task, candidate: Candidate) -> TaskFile:
    """``task`` in our format, its initial state the scene's (a base file)."""
    goal = task.goal
    return TaskFile(
        id=task.id, name=task.name, instruction=task.instruction,
        initial=InitialState(base=scene_file(candidate.scene)), relevant=list(task.relevant),
        goal=GoalSpec(ltl=goal.ltl, state=[_literal(lit) for lit in goal.state],
                      relation=[_literal(lit) for lit in goal.relation], action=[list(step) for step in goal.action]),
        gold_plan=[[action.name, *action.args] for action in task.gold_plan],
        simulator_specific=_plain(task.extra), generation=GenerationSpec.model_validate(_plain(task.generation)),
        evaluation=EvaluationSpec.model_validate(_plain(task.evaluation)) if task.evaluation else None)


def scene_of(task: Task) -> Scene:
    """A task's initial state as a base scene: its objects with their unary states, and its relations."""
    states: dict[str, list[str]] = {}
    relations = []
    for atom in sorted(task.init):
        if len(atom) == 2:
            states.setdefault(atom[1], []).append(atom[0])
        else:
            relations.append(list(atom))
    objects = [ObjectSpec(id=o.id, class_name=o.class_name, properties=sorted(o.properties), states=states.get(o.id, []))
               for o in task.objects]
    return Scene(objects=objects, relations=relations)


def _literal(literal: Literal) -> Any:
    return list(literal.atom) if literal.positive else ["not", list(literal.atom)]


def _plain(value: Any) -> Any:
    """Mappings and tuples of a task's ``extra`` as JSON-able dicts and lists."""
    if hasattr(value, "items"):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value
