"""Converting LLaRP's Language Rearrangement episodes into our task format.

``langr``: the 1,100 episodes of the pinned ml-llarp snapshot (its 10
evaluation splits and ``train_validation``, 100 each; ``train`` is a Git LFS
file of the training episodes and is not read), task ids ``<split>_<nnn>``,
the split as task name. ``eb-habitat``: EB-Habitat's six subsets, drawn from
those splits (:mod:`eai_habitat.subsets`), or read from EB's own files when
the EmbodiedBench clone given holds them (they are Git LFS objects), ids
``<subset>_<nnn>``, the subset as name; with the clone, EB-Habitat's
in-context examples are kept verbatim in ``examples.json`` (:mod:`eai.tasks.examples`).
Both suites keep EB-Habitat's numbered skill list (``skills.json``,
:mod:`eai_habitat.skills`).

Per episode: the movable objects and the receptacles they start on (the
fixed entities are in the shared ``scene.json``), the fridge open or closed
as ``start_preds`` says (every joint of LLaRP's ``ao_states`` is closed, which
the import checks), the goal as LTL (:mod:`eai_habitat.goals`), the subgoals
as formulas, and a gold plan found by the ``bfs`` planner (:func:`_gold_plan`:
LLaRP's oracle's stages in turn, each by a shortest plan), checked by
executing it and checking the goal. An episode whose goal holds from the
start has an empty plan and is marked ``satisfied_at_start``. The goal option
stored (``goal.state``, ``goal.relation``) is the one the gold plan reaches.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from eai import EaiError
from eai.plugin_api import (
    Action,
    Archive,
    AtomIndex,
    Budget,
    Goal,
    GoalChecker,
    GoalSpec,
    InitialState,
    Obj,
    ObjectSpec,
    Pin,
    Scene,
    SearchPlanner,
    Snapshot,
    SourceSpec,
    State,
    SuiteFile,
    Task,
    TaskFile,
    TransitionModelSpec,
    capture_examples,
    execute_plan,
    get_plugins,
    ltl,
    task_json,
    write_suite,
)
from eai_habitat import domain, goals, problem, scene, skills, subsets
from eai_habitat.episodes import Episode, read_split
from eai_habitat.expressions import read
from eai_habitat.plugin import EB_HABITAT, LANGR
from eai_habitat.vocabulary import VOCABULARY
from eai_habitat.world import HabitatWorld

DATASETS = "datasets/"
SPLITS = ("conditional_instructions", "context", "irrelevant_text", "multiple_objects", "multiple_rearrangements",
          "new_scenes", "novel_objects", "referring_expressions", "rephrasing", "spatial_relationships",
          "train_validation")
DATASET_CONFIG = "llarp/dataset/configs/dataset.yaml"
INSTRUCTIONS = "llarp/dataset/configs/instructions.yaml"
DOMAIN = "llarp/config/task/pddl_domain_replica_cad.yaml"
EB_DATASETS = "embodiedbench/envs/eb_habitat/datasets/"
EB_EXAMPLES = ("embodiedbench/evaluator/config/habitat_examples.json",)
SCENE = "scene.json"
PLANNER = "bfs"
NODES = 100_000  # per gold-plan search; the largest needs a few hundred
PREDICATE_CATEGORIES = {
    "on_top": "spatial_relations", "in": "spatial_relations", "part_of": "spatial_relations",
    "robot_at": "spatial_relations", "holding": "non-spatial_relations", "not_holding": "non-spatial_relations",
    "opened_fridge": "object_states", "closed_fridge": "object_states",
    "opened_cab": "object_states", "closed_cab": "object_states",
}
EB_HABITAT_EXACT = "EB-Habitat's 300 episodes (six subsets of 50) from EmbodiedBench's own files, symbolic"


class Source:
    """What every episode's conversion reads once from the LLaRP snapshot."""

    def __init__(self, llarp: Archive) -> None:
        self.llarp = llarp
        dataset = self.dataset = yaml.safe_load(llarp.text(DATASET_CONFIG))
        self.category_of = scene.categories(dataset)
        self.classes = {name: scene.snake(name) for name in dataset["category_groups"]["all_cats"]["included"]}
        self.domain_spec = yaml.safe_load(llarp.text(DOMAIN))
        friendly = yaml.safe_load(llarp.text(INSTRUCTIONS))["name_mappings"]
        self.parts = scene.parts(friendly)
        self.fixed = [ObjectSpec(id=e.id, class_name=e.class_name, properties=[e.type], states=_states(e))
                      for e in scene.FIXED]
        self.planner = get_plugins().planners.get(PLANNER)

    def episodes(self, split: str) -> list[Episode]:
        return read_split(self.llarp.read(f"{DATASETS}{split}.pickle"), split)

    def scene_file(self) -> Scene:
        return Scene(objects=self.fixed, relations=[["part_of", r, a] for r, a in self.parts])

    def files(self) -> dict[str, str]:
        categories = list(self.classes)
        return {"domain.pddl": domain.convert(self.domain_spec, categories).to_pddl(),
                "predicate_categories.json": task_json(PREDICATE_CATEGORIES),
                "skills.json": task_json(skills.skill_list(self.domain_spec, self.dataset))}


def _states(entity: scene.Entity) -> list[str]:
    return {scene.ROBOT_TYPE: ["not_holding"], scene.FRIDGE_TYPE: ["closed_fridge"],
            scene.CAB_TYPE: ["closed_cab"]}.get(entity.type, [])


def convert(episode: Episode, source: Source, task_id: str, name: str) -> TaskFile:
    """The task of one episode (see the module doc)."""
    ids = scene.object_ids(list(episode.placement), source.category_of)
    names = goals.Names({**{e.name: e.id for e in scene.FIXED}, **{n: oid for n, (oid, _) in ids.items()}},
                        source.classes)
    fixed = _fixed(source.fixed, episode)
    movables = [ObjectSpec(id=oid, class_name=cls, properties=[scene.MOVABLE_TYPE]) for oid, cls in sorted(ids.values())]
    inside = dict(source.parts)
    relations = []
    for obj, receptacle in sorted((ids[n][0], names.object(r)) for n, r in episode.placement.items()):
        relations.append(["on_top", obj, receptacle])
        if receptacle in inside:
            relations.append(["in", obj, inside[receptacle]])
    formula = goals.goal_formula(episode.goal, names)
    base = [["part_of", r, a] for r, a in source.parts]
    task = _task(task_id, name, episode.instruction, fixed + movables, base + relations, ltl.to_text(formula))
    world = HabitatWorld(task)
    subgoals = goals.subgoal_formulas(episode.subgoals, names)
    plan, option = _gold_plan(task, world, formula, subgoals, source.planner)
    literals = [[*atom] if positive else ["not", [*atom]] for positive, atom in option.literals]
    return TaskFile(
        id=task_id, name=name, instruction=episode.instruction,
        initial=InitialState(base=SCENE, objects=[s for s, b in zip(fixed, source.fixed) if s != b] + movables,
                             relations=relations),
        relevant=problem.goal_objects(task, formula),
        goal=GoalSpec(ltl=task.goal.ltl, state=[lit for lit in literals if _arity(lit) == 1],
                      relation=[lit for lit in literals if _arity(lit) == 2]),
        gold_plan=[[action.name, *action.args] for action in plan],
        transition_model=_transition_model(task, formula, plan),
        simulator_specific={"habitat": {
            "split": episode.split, "episode": episode.index, "scene": episode.scene,
            "instruct_id": episode.instruct_id, "subgoals": [ltl.to_text(f) for f in subgoals],
            "satisfied_at_start": not plan}},
    )


def _fixed(base: list[ObjectSpec], episode: Episode) -> list[ObjectSpec]:
    """The fixed entities as the episode starts: every drawer and the fridge
    closed, unless ``start_preds`` opens the fridge."""
    shut = [f"{name}:{joint}" for name, joints in episode.articulation.items() for joint, at in joints.items() if at]
    if shut:
        raise EaiError(f"{episode.id}: articulated joints not closed at the start: {', '.join(sorted(shut))}")
    opened = set()
    for text in episode.start_preds:
        fact = read(text)
        if getattr(fact, "name", "") not in ("opened_fridge", "closed_fridge") or fact.args != ("fridge_push_point",):
            raise EaiError(f"{episode.id}: unexpected start predicate {text!r}")
        if fact.name == "opened_fridge":
            opened.add("fridge_push_point")
    return [spec.model_copy(update={"states": ["opened_fridge"]}) if spec.id in opened else spec for spec in base]


def _task(task_id: str, name: str, instruction: str, specs: list[ObjectSpec], relations: list[list[str]],
          ltl: str) -> Task:
    objects = tuple(Obj(s.id, s.class_name, frozenset(s.properties)) for s in specs)
    init = frozenset([tuple(r) for r in relations] + [(state, s.id) for s in specs for state in s.states])
    return Task(task_id, "", name, instruction, objects, init, Goal(ltl))


def _universe(task: Task) -> ltl.Universe:
    return ltl.Universe(task.objects, VOCABULARY.actions, VOCABULARY.state_predicates | VOCABULARY.relation_predicates)


def _gold_plan(task: Task, world: HabitatWorld, formula: ltl.Formula, subgoals: list[ltl.Formula],
               planner: SearchPlanner) -> tuple[tuple[Action, ...], ltl.GoalOption]:
    """A gold plan and the goal option it reaches: shortest plans to each of
    LLaRP's oracle subgoals in turn, then to the goal option nearest the
    oracle's end; else (when that does not reach the goal) the shortest plan
    to that option. Checked by executing it and checking the goal. A goal
    that holds from the start has the empty plan and the option holding there."""
    universe = _universe(task)
    if ltl.holds(formula, world.initial, universe):
        return (), next(ltl.options(formula, universe, prefer=world.initial))
    option = next(ltl.options(formula, universe, prefer=_oracle_end(world, subgoals)), None)
    if option is None:
        raise EaiError(f"{task.id}: the goal {task.goal.ltl} has no way to hold")
    targets = [[(True, (p.name, *p.args)) for p in problem.propositions(f)] for f in subgoals]
    checker = GoalChecker(task, VOCABULARY)
    for stages in (targets + [list(option.literals)], [list(option.literals)]):
        plan = _search(world, stages, planner)
        if plan is not None:
            run = execute_plan(world, list(plan))
            if run.executable and checker.check(run.trajectory).success:
                return plan, option
    raise EaiError(f"{task.id}: no gold plan reaches the goal within {NODES} nodes per search")


def _search(world: HabitatWorld, stages: list[list[tuple[bool, tuple[str, ...]]]],
            planner: SearchPlanner) -> tuple[Action, ...] | None:
    """Shortest plans reaching each stage's literals in turn, joined (None if one is not found)."""
    state, plan = world.initial, ()
    for literals in stages:
        result = planner.search(world, state, lambda s: all((a in s) == p for p, a in literals),  # noqa: B023
                                Budget(nodes=NODES), world.search_objects(state, [a for _, a in literals]))
        if not result.solved:
            return None
        for action in result.plan:
            state = world.apply(state, action)
        plan += result.plan
    return plan


def _oracle_end(world: HabitatWorld, subgoals: list[ltl.Formula]) -> State:
    """The initial state with the object facts of LLaRP's last subgoal applied:
    the state the goal option is chosen nearest to."""
    atoms = set(world.initial)
    end = [(p.name, *p.args) for p in problem.propositions(subgoals[-1])] if subgoals else []
    for atom in end:
        if atom[0] in ("on_top", "holding"):
            atoms -= {a for a in atoms if a[0] in ("on_top", "in") and a[1] == atom[1]}
        if atom[0] == "holding":
            atoms.discard(("not_holding", scene.ROBOT))
    return AtomIndex().state(atoms | set(end))


def _transition_model(task: Task, formula: ltl.Formula, plan: tuple[Action, ...]) -> TransitionModelSpec | None:
    """The operators the gold plan uses (none: nothing to model), the problem, the goal's predicate categories."""
    if not plan:
        return None
    predicates = {p.name for p in problem.propositions(formula)}
    return TransitionModelSpec(operators=list(dict.fromkeys(action.name.lower() for action in plan)),
                               problem=problem.problem(task, formula, "replica_cad").to_pddl(),
                               categories=sorted({PREDICATE_CATEGORIES[p] for p in predicates if p in PREDICATE_CATEGORIES}))


def _arity(literal: list) -> int:
    return len(literal[1]) - 1 if literal[0] == "not" else len(literal) - 1


def write_langr(llarp: Archive, pins: list[Pin], out: Path) -> None:
    source = Source(llarp)
    tasks = [convert(ep, source, ep.id, ep.split) for split in SPLITS for ep in source.episodes(split)]
    _write(out, "langr", LANGR, tasks, pins, source)


def write_eb_habitat(llarp: Archive, embodiedbench: Snapshot | None, pins: list[Pin], out: Path) -> None:
    """EB's six subsets: from EB's own episode files when the clone holds
    them (they are Git LFS objects), else drawn from LLaRP's splits; with EB's
    clone, its in-context examples too (``examples.json``)."""
    source = Source(llarp)
    extra = {"examples.json": capture_examples(embodiedbench, EB_EXAMPLES)} if embodiedbench is not None else {}
    files = [f"{EB_DATASETS}{subset}.pickle" for subset in subsets.SUBSETS]
    tasks = []
    if embodiedbench is not None and all(embodiedbench.stored(name) for name in files):
        for subset, name in zip(subsets.SUBSETS, files):
            episodes = read_split(embodiedbench.read(name), subset)
            tasks += [convert(ep, source, ep.id, subset) for ep in episodes]
        _write(out, "eb-habitat", EB_HABITAT_EXACT, tasks, pins, source, extra)
        return
    for subset, splits in subsets.SUBSETS.items():
        candidates = [ep for split in splits for ep in source.episodes(split)]
        chosen = set(subsets.draw(subset, [ep.id for ep in candidates]))
        kept = [ep for ep in candidates if ep.id in chosen]
        tasks += [convert(ep, source, f"{subset}_{k:03d}", subset) for k, ep in enumerate(kept)]
    _write(out, "eb-habitat", EB_HABITAT, tasks, pins, source, extra)


def _write(out: Path, name: str, description: str, tasks: list[TaskFile], pins: list[Pin], source: Source,
           extra: dict[str, str] | None = None) -> None:
    """The suite, its subsets named by the tasks' split (langr) or EB subset
    (eb-habitat); ``extra``: more suite files (``examples.json``)."""
    groups: dict[str, list[str]] = {}
    for task in tasks:
        groups.setdefault(task.name, []).append(task.id)
    files = {**source.files(), **(extra or {})}
    suite = SuiteFile(suite=name, simulator="habitat", description=description, tasks=[t.id for t in tasks],
                      subsets=groups,
                      sources=[SourceSpec(package=p.package, version=p.version, sha256=p.sha256) for p in pins],
                      files={name.split(".")[0]: name for name in files})
    write_suite(out, suite, tasks, scenes={SCENE: source.scene_file()}, files=files)
