"""A score folder keeps the answers it scored (answers.jsonl): the one each
record was scored on, under its task id, so the folder scores again to the
same records. Real VirtualHome tasks, answers in the upstream format."""

import json

import eai
from eai.host.manager import get_plugins
from tests.helpers import eai_cli, upstream_output


def test_score_keeps_the_last_answer_of_each_task_under_its_task_id_and_scores_again_the_same(tmp_path, capsys):
    tasks = get_plugins().suites.get("virtualhome").load()[:4]
    plans = [[[a.name, *a.args] for a in t.gold_plan] for t in tasks]
    given = [{"identifier": f"scene_1_{t.id}", "llm_output": upstream_output(plan)} for t, plan in zip(tasks, plans)]
    given.insert(0, {"identifier": tasks[1].id, "llm_output": upstream_output(plans[1][1:])})  # answered again below
    given.append({"identifier": tasks[3].id, "llm_output": "", "error": "HTTP 500 after 5 attempts"})
    given.append({"identifier": "no_such_task", "llm_output": "[]"})
    (tmp_path / "answers.json").write_text(json.dumps(given))
    base = ["--suite", "virtualhome", "--module", "action_sequencing", "--quiet"]
    assert eai_cli(capsys, "score", str(tmp_path / "answers.json"), *base, "--out", str(tmp_path / "s"))[0] == 0
    kept = [json.loads(line) for line in (tmp_path / "s" / "answers.jsonl").read_text().splitlines()]
    records = [json.loads(line) for line in (tmp_path / "s" / "records.jsonl").read_text().splitlines()]
    assert [k["identifier"] for k in kept] == [r["identifier"] for r in records] == [t.id for t in tasks]
    assert [k["llm_output"] for k in kept[:3]] == [g["llm_output"] for g in given[1:4]]  # the last answer of a task
    assert kept[3] == {"identifier": tasks[3].id, "llm_output": "", "error": "HTTP 500 after 5 attempts"}
    assert records[3] == {"identifier": tasks[3].id, "model_error": "HTTP 500 after 5 attempts"}
    assert eai_cli(capsys, "score", str(tmp_path / "s" / "answers.jsonl"), *base, "--out", str(tmp_path / "again"))[0] == 0
    assert (tmp_path / "again" / "records.jsonl").read_bytes() == (tmp_path / "s" / "records.jsonl").read_bytes()
    assert (tmp_path / "again" / "answers.jsonl").read_bytes() == (tmp_path / "s" / "answers.jsonl").read_bytes()


def test_a_strict_score_keeps_no_answer_for_the_unanswered_tasks(tmp_path):
    task = get_plugins().suites.get("virtualhome").load()[0]
    result = eai.score("virtualhome", "action_sequencing", {task.id: json.dumps([[a.name, *a.args] for a in task.gold_plan])},
                       strict=True, out=tmp_path / "s")
    kept = (tmp_path / "s" / "answers.jsonl").read_text().splitlines()
    assert len(result.records) == result.summary["tasks"] > 1
    assert [json.loads(line)["identifier"] for line in kept] == [task.id]
