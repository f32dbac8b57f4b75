"""A real run to view: five VirtualHome tasks answered with their gold plans
(replayed), except one plan without its walking and finding steps and one answer carrying
markup that must stay text."""

import json

import pytest

from eai import api
from eai.plugins import get_plugins

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
