"""Real runs to view: five VirtualHome tasks answered with their gold plans
(replayed), except one plan without its walking and finding steps and one answer carrying
markup that must stay text; partnr-vh episodes played turn by turn; VirtualHome plans
replanned under random action failures."""

import json

import pytest

from eai import api
from eai.host.manager import get_plugins

SCRIPT = "<script>window.__eaiInjected = 1</script><img src=x onerror=\"window.__eaiInjected = 2\">"
IDS = ("27_2", "417_1", "850_1", "954_2", "11_1")  # 27_2 without its WALK and FIND steps: a missing step


@pytest.fixture(scope="session")
def replay_run(tmp_path_factory):
    """(run folder, id of the task missing a step, id of the task answering with markup)."""
    by_id = {t.id: t for t in get_plugins().suites.get("virtualhome").load(list(IDS))}
    tasks = [by_id[i] for i in IDS]
    answers = []
    for i, task in enumerate(tasks):
        plan = [[a.name, *a.args] for a in task.gold_plan if i != 0 or a.name not in ("WALK", "FIND")]
        answers.append({"identifier": task.id, "llm_output": (SCRIPT if i == 1 else "") + json.dumps(plan)})
    folder = tmp_path_factory.mktemp("viewer")
    (folder / "answers.jsonl").write_text("".join(json.dumps(a) + "\n" for a in answers))
    run = api.run(models=[f"replay:{folder / 'answers.jsonl'}"], suites=["virtualhome"], modules=["action_sequencing"],
                  tasks=[t.id for t in tasks], out=folder / "run", use_cache=False)
    return run.folder, tasks[0].id, tasks[1].id


TURN_TASKS = ("constraint_free_001", "spatial_001", "heterogeneous_001")
REPLANNED = ("27_2", "417_1", "850_1")  # 417_1 fails all three attempts, 27_2 succeeds on the third


@pytest.fixture(scope="session")
def turns_run(tmp_path_factory):
    """partnr-vh played turn by turn: the baseline robot beside the scripted human."""
    out = tmp_path_factory.mktemp("turns") / "run"
    return api.run(suites=["partnr-vh"], modules=["action_sequencing"], tasks=list(TURN_TASKS), out=out, use_cache=False,
                   options={"agents": 2, "turn_by_turn": True}).folder


@pytest.fixture(scope="session")
def replan_run(tmp_path_factory):
    """VirtualHome plans of the planner baseline, replanned twice, each step failing with p = 0.2."""
    out = tmp_path_factory.mktemp("replan") / "run"
    return api.run(models=["baseline:planner"], suites=["virtualhome"], modules=["action_sequencing"],
                   tasks=list(REPLANNED), replan=2, action_failure_p=0.2, out=out, use_cache=False).folder


AGENT_TASKS = ("27_2", "417_1", "850_1")  # 27_2 without its WALK and FIND steps; 417_1 with markup; 850_1 no plan


@pytest.fixture(scope="session")
def agent_run(tmp_path_factory):
    """VirtualHome episodes of one agent (``eai run --episode``, EmbodiedBench's budgets) answering
    the same text every turn: 27_2's gold plan without its walking and finding steps (a missing
    step at the first step of every turn, until 10 invalid actions), 417_1's gold plan after
    markup (success), and 850_1 a sentence that is no plan (a parsing error every turn)."""
    by_id = {t.id: t for t in get_plugins().suites.get("virtualhome").load(list(AGENT_TASKS))}
    missing, marked, unreadable = (by_id[i] for i in AGENT_TASKS)
    answers = {missing.id: json.dumps([[a.name, *a.args] for a in missing.gold_plan if a.name not in ("WALK", "FIND")]),
               marked.id: SCRIPT + json.dumps([[a.name, *a.args] for a in marked.gold_plan]),
               unreadable.id: "I would rather not <b>act</b>."}
    folder = tmp_path_factory.mktemp("agent")
    (folder / "answers.jsonl").write_text("".join(json.dumps({"identifier": i, "llm_output": a}) + "\n" for i, a in answers.items()))
    return api.run(models=[f"replay:{folder / 'answers.jsonl'}"], suites=["virtualhome"], modules=["action_sequencing"],
                   tasks=list(AGENT_TASKS), out=folder / "run", use_cache=False,
                   options={"episode": True, "max_steps": 30, "max_invalid": 10, "act_as": "json"}).folder
