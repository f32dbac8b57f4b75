"""Converting EB-ALFRED (EmbodiedBench + alfworld) into the ``eb-alfred`` suite.

Task ids are ``<subset>_<index>``, the index being the task's position in
its subset of EB-ALFRED's ``splits.json`` (EB-ALFRED's own episode order),
subsets in the file's order. A task's name is its ALFRED task type, its
instruction EB-ALFRED's. Objects, placement and names: :mod:`.inventory`;
the gold plan: :mod:`.translate`, checked by the simulator; the goal:
:mod:`.goals`, its structured option the one the gold plan reaches; the
transition model: :mod:`.problem`. EB-ALFRED's in-context examples are kept
verbatim in ``examples.json`` (:mod:`eai.tasks.examples`). Everything is written in
a fixed order, so a second import changes no byte.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from eai import EaiError
from eai.plugin_api import (
    Archive,
    Goal,
    GoalChecker,
    GoalSpec,
    InitialState,
    Obj,
    ObjectSpec,
    SourceSpec,
    SuiteFile,
    Task,
    TaskFile,
    TransitionModelSpec,
    capture_examples,
    execute_plan,
    task_json,
    write_suite,
)
from eai_alfred import goals, problem, translate
from eai_alfred.inventory import Inventory
from eai_alfred.plugin import DESCRIPTION, SUITE
from eai_alfred.scene import EXTRA
from eai_alfred.sources import ALFWORLD, EMBODIEDBENCH, EXAMPLES, Upstream
from eai_alfred.vocabulary import VOCABULARY
from eai_alfred.world import AlfredWorld


def convert(archives: Mapping[str, Archive], out: Path) -> None:
    upstream = Upstream(archives[EMBODIEDBENCH.package], archives[ALFWORLD.package])
    tasks = []
    subsets: dict[str, list[str]] = {}
    for subset, entries in upstream.splits.items():
        for index, entry in enumerate(entries):
            task_id = f"{subset}_{index}"
            try:
                tasks.append(convert_task(upstream, task_id, subset, index, entry))
            except EaiError as exc:
                raise EaiError(f"{SUITE} task {task_id} ({entry['task']}): {exc}") from None
            subsets.setdefault(subset, []).append(task_id)
    suite = SuiteFile(
        suite=SUITE, simulator="alfred", description=DESCRIPTION, tasks=[t.id for t in tasks], subsets=subsets,
        sources=[SourceSpec(package=p.package, version=p.version, sha256=p.sha256) for p in (EMBODIEDBENCH, ALFWORLD)],
        files={"domain": "domain.pddl", "predicate_categories": "predicate_categories.json", "skills": "skills.json",
               "examples": "examples.json"},
    )
    files = {"domain.pddl": problem.domain_text(), "predicate_categories.json": task_json(problem.CATEGORIES),
             "skills.json": task_json(upstream.skills.as_dict()),
             "examples.json": capture_examples(upstream.eb, EXAMPLES)}
    write_suite(out, suite, tasks, files=files)


def convert_task(upstream: Upstream, task_id: str, subset: str, index: int, entry: dict[str, Any]) -> TaskFile:
    trajectory = upstream.trajectory(entry)
    inventory = Inventory(upstream, trajectory)
    things = inventory.things
    on = {t["objectType"] for t in trajectory["scene"]["object_toggles"] if t["isOn"]}
    opened = {id(t) for t in inventory.open_at_start()}
    specs = [ObjectSpec(id=t.id, class_name=t.cls, properties=inventory.properties(t),
                        states=(["is_on"] if t.type in on else []) + (["is_open"] if id(t) in opened else []))
             for t in things]
    relations = sorted(["in_receptacle", thing.id, receptacle.id] for thing, receptacle in inventory.placements)
    extra = {
        "subset": subset,
        "episode": index,
        "trajectory": entry["task"],
        "repeat_idx": entry["repeat_idx"],
        "floor_plan": trajectory["scene"]["floor_plan"],
        "task_type": trajectory["task_type"],
        "pddl_params": dict(sorted(trajectory["pddl_params"].items())),
        "thor_ids": {t.id: t.thor for t in things if t.thor and not t.movable},
        "poses": {t.id: [t.thor, *t.centre] for t in things if t.movable and t.thor},
        "synthetic": [t.id for t in things if t.synthetic],
        "slices": {t.id: t.whole.id for t in things if t.whole is not None},
        "beside": [list(pair) for pair in inventory.beside()],
        "conditions": goals.conditions(trajectory["task_type"], trajectory["pddl_params"]),
    }
    ltl = goals.goal_ltl(trajectory["task_type"], trajectory["pddl_params"])
    task = Task(task_id, SUITE, trajectory["task_type"], entry["instruction"],
                tuple(Obj(s.id, s.class_name, frozenset(s.properties)) for s in specs),
                frozenset({(state, s.id) for s in specs for state in s.states} | {tuple(r) for r in relations}),
                Goal(ltl), extra=MappingProxyType({EXTRA: extra}))
    world = AlfredWorld(task)
    steps = [(skill, inventory.thing(thor_id).id) for skill, thor_id in translate.interactions(
        trajectory["plan"]["low_actions"])]
    plan = translate.gold_plan(world, steps)
    final = execute_plan(world, plan).trajectory.final
    state, relation = GoalChecker(task, VOCABULARY).literals(final)
    if not all((lit.atom in final) == lit.positive for lit in state + relation):
        raise EaiError("the gold plan does not reach the goal")
    relevant = problem.relevant(task, plan, state + relation)
    return TaskFile(
        id=task_id,
        name=trajectory["task_type"],
        instruction=entry["instruction"],
        initial=InitialState(objects=specs, relations=relations),
        relevant=relevant,
        goal=GoalSpec(ltl=ltl, state=[_literal(lit) for lit in state], relation=[_literal(lit) for lit in relation]),
        gold_plan=[[a.name, *a.args] for a in plan],
        transition_model=TransitionModelSpec(
            operators=problem.operators(plan),
            problem=problem.problem(task, relevant, state + relation).to_pddl(),
            categories=problem.categories(state + relation)),
        simulator_specific={EXTRA: extra},
    )


def _literal(lit) -> list[Any]:
    return list(lit.atom) if lit.positive else ["not", list(lit.atom)]
