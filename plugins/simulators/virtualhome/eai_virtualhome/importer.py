"""Converting the VirtualHome part of the eai-eval wheel into our task format.

Scene graphs become objects (``class.id``), unary states and relations named as
in the paper's LTL goals: the graph's ``ON`` edge is ``ONTOP`` and ``CLOSE`` is
``NEXT_TO`` (``ON`` is the switched-on state). All 342 graphs share one scene;
it is stored once (``scene.json``: every node and edge found in more than half
of the graphs) and each task as its differences from it.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

from eai import EaiError
from eai.plugin_api import (
    Archive,
    GoalSpec,
    InitialState,
    ObjectSpec,
    Pin,
    Scene,
    SourceSpec,
    SuiteFile,
    TaskFile,
    TransitionModelSpec,
    task_json,
    write_suite,
)
from eai_virtualhome.plugin import DESCRIPTION

RES = "virtualhome_eval/resources/virtualhome/"
DATA = "virtualhome_eval/dataset/programs_processed_precond_nograb_morepreconds/"
PROGRAMS = DATA + "executable_programs/TrimmedTestScene1_graph/results_intentions_march-13-18/"
GRAPHS = DATA + "init_and_final_graphs/TrimmedTestScene1_graph/results_intentions_march-13-18/"
RELATION_NAMES = {"ON": "ONTOP", "CLOSE": "NEXT_TO"}
STEP = re.compile(r"^\[(\w+)\]((?:\s*<[^>]+>\s*\(\d+\.\d+\))*)\s*$")
ARG = re.compile(r"<([^>]+)>\s*\(\d+\.(\d+)\)")


def object_id(node: dict[str, Any]) -> str:
    return f"{node['class_name']}.{node['id']}"


def node_spec(node: dict[str, Any]) -> ObjectSpec:
    return ObjectSpec(id=object_id(node), class_name=node["class_name"],
                      properties=list(node["properties"]), states=list(node["states"]))


def relations(graph: dict[str, Any]) -> list[tuple[str, str, str]]:
    ids = {n["id"]: object_id(n) for n in graph["nodes"]}
    return [(RELATION_NAMES.get(e["relation_type"], e["relation_type"]), ids[e["from_id"]], ids[e["to_id"]])
            for e in graph["edges"]]


def parse_program(text: str, path: str) -> tuple[str, str, list[list[str]]]:
    """Task name, instruction and steps ``[ACTION, obj.id, ...]`` of a gold program file."""
    lines = text.split("\n")
    steps = []
    for line in lines[2:]:
        line = line.strip()
        if not line:
            continue
        match = STEP.match(line)
        if not match:
            raise EaiError(f"{path}: cannot read step {line!r}")
        steps.append([match.group(1)] + [f"{name}.{nid}" for name, nid in ARG.findall(match.group(2))])
    return lines[0].strip(), lines[1].strip(), steps


def relevant_objects(init: dict[str, Any], final: dict[str, Any]) -> list[str]:
    """Objects whose node or edges differ between the initial and final graph
    (what the upstream prompts show), ordered by node id."""
    before = {n["id"]: n for n in init["nodes"]}
    after = {n["id"]: n for n in final["nodes"]}
    changed = {i for i in before.keys() | after.keys() if before.get(i) != after.get(i)}
    edges_before = {(e["from_id"], e["relation_type"], e["to_id"]) for e in init["edges"]}
    edges_after = {(e["from_id"], e["relation_type"], e["to_id"]) for e in final["edges"]}
    for a, _, b in edges_before ^ edges_after:
        changed.update((a, b))
    nodes = {**after, **before}
    return [object_id(nodes[i]) for i in sorted(changed)]


def goal_spec(entry: dict[str, Any], names: dict[int, str]) -> GoalSpec:
    goal = entry["vh_goal"]
    state, relation = [], []
    for item in goal["goal"]:
        if "relation_type" in item:
            rel = RELATION_NAMES.get(item["relation_type"], item["relation_type"])
            relation.append([rel, names[item["from_id"]], names[item["to_id"]]])
        else:
            state.append([item["state"], f"{item['class_name']}.{item['id']}"])
    actions = [step.split("|") for step in goal["actions"]]
    return GoalSpec(ltl=entry["tl_goal"] or "", state=state, relation=relation, action=actions)


def convert(wheel: Archive, pins: list[Pin], out: Path) -> None:
    goals = wheel.json(RES + "task_state_LTL_formula_accurate.json")["scene_1"]
    used = set(wheel.json(RES + "success_task.json"))
    operators = wheel.json(RES + "id2action.json")
    categories = wheel.json(RES + "id2category_2.json")
    entries = [(task_id, entry) for per_task in goals.values() for task_id, entry in per_task.items()]

    graphs = {tid: wheel.json(f"{GRAPHS}file{tid}.json") for tid, _ in entries}
    node_votes = Counter(json.dumps(n, sort_keys=True) for g in graphs.values() for n in g["init_graph"]["nodes"])
    id_votes = Counter(n["id"] for g in graphs.values() for n in g["init_graph"]["nodes"])
    edge_votes = Counter(r for g in graphs.values() for r in relations(g["init_graph"]))
    half = len(graphs) / 2
    versions: dict[int, dict[str, Any]] = {}
    for text, _ in sorted(node_votes.items(), key=lambda item: (-item[1], item[0])):
        node = json.loads(text)
        if id_votes[node["id"]] > half:
            versions.setdefault(node["id"], node)  # the most common version of the node
    base_specs = {object_id(versions[i]): node_spec(versions[i]) for i in sorted(versions)}
    base_relations = sorted(r for r, c in edge_votes.items() if c > half)
    base = Scene(objects=list(base_specs.values()), relations=[list(r) for r in base_relations])

    tasks = []
    for task_id, entry in entries:
        graph = graphs[task_id]
        init = graph["init_graph"]
        specs = {object_id(n): node_spec(n) for n in sorted(init["nodes"], key=lambda n: n["id"])}
        names = {n["id"]: object_id(n) for n in init["nodes"]}
        removed = sorted(set(base_specs) - set(specs))
        rels = set(relations(init))
        kept_base = {r for r in base_relations if not set(r[1:]) & set(removed)}
        program = f"{PROGRAMS}file{task_id}.txt"
        name, instruction, steps = parse_program(wheel.text(program), program)
        transition = None
        if task_id in used:
            problem = wheel.text(f"{RES}problem_pddl/{name.replace(' ', '_')}/{task_id}.pddl")
            transition = TransitionModelSpec(operators=operators[task_id], problem=problem,
                                             categories=categories.get(task_id, []))
        tasks.append(TaskFile(
            id=task_id,
            name=name,
            instruction=instruction,
            initial=InitialState(
                base="scene.json",
                objects=[s for oid, s in specs.items() if base_specs.get(oid) != s],
                remove_objects=removed,
                relations=[list(r) for r in sorted(rels - kept_base)],
                remove_relations=[list(r) for r in sorted(kept_base - rels)],
            ),
            relevant=relevant_objects(init, graph["final_graph"]),
            goal=goal_spec(entry, names),
            gold_plan=steps,
            transition_model=transition,
        ))
    suite = SuiteFile(
        suite="virtualhome", simulator="virtualhome", description=DESCRIPTION,
        tasks=[t.id for t in tasks],
        sources=[SourceSpec(package=p.package, version=p.version, sha256=p.sha256) for p in pins],
        files={"domain": "domain.pddl", "predicate_categories": "predicate_categories.json"},
    )
    files = {
        "domain.pddl": wheel.text(RES + "virtualhome.pddl"),
        "predicate_categories.json": task_json(wheel.json(RES + "predicates_category.json")),
    }
    write_suite(out, suite, tasks, {"scene.json": base}, files)
