"""What the viewer shows of episodes, on real runs: partnr-vh turn by turn
(each turn's agent, prompt, answer, action and outcome, the evaluation at the
end), VirtualHome plans replanned under random action failures (each
attempt's prompt, plan, step failed at random, failing step and feedback),
a pipeline's stages, a shared plan, and prompt patches."""

import json
import shutil

from hypothesis import given, settings, strategies as st

from eai import api
from eai.base import jsonl
from eai.host.manager import get_plugins
from eai.testing.fake_server import FakeServer, Reply
from eai.viewer.model import collect_runs
from eai.viewer.trace import patch
from tests.models.support import FAKE_KEY, needs_entry_point
from tests.viewer.conftest import REPLANNED, TURN_TASKS


def unit_of(folder):
    (run,) = collect_runs([folder], get_plugins())["runs"]
    (unit,) = run["units"]
    return unit


def logged(folder):
    (path,) = folder.rglob("responses.jsonl")
    return {item["identifier"]: item for _, item in jsonl.read(path)}


def applied(base, edits):
    """The text a patch makes of ``base`` (what the page's script does)."""
    old, new, at = base.split("\n"), [], 0
    for edit in edits:
        if isinstance(edit, str):
            new.append(edit)
        elif edit > 0:
            new += old[at:at + edit]
            at += edit
        else:
            at -= edit
    return "\n".join(new)


def prompts(unit, trace):
    """Every entry's prompt text, patches applied (None for an entry without a prompt)."""
    texts = []
    for e in trace["entries"]:
        p = e.get("prompt")
        base = None if p is None or "text" in p else unit["prompt_base"] if "base" not in p else texts[p["base"]]
        texts.append(None if p is None else p["text"] if "text" in p else applied(base, p["patch"]))
    return texts


def test_turn_by_turn_partnr_vh_episodes_are_successes_shown_turn_by_turn(turns_run):
    unit, items = unit_of(turns_run), logged(turns_run)
    assert [t["id"] for t in unit["tasks"]] == list(TURN_TASKS)
    for task in unit["tasks"]:
        record, trace = task["record"], task["trace"]
        assert record["evaluation_success"] and task["status"] == "success"  # records have no "success" field
        assert "prompt" not in task and task["output"] is None  # not an action-sequencing prompt the robot never saw
        assert trace["kind"] == "turns" and trace["notes"] == []  # played again, the episode is the run's
        entries = trace["entries"]
        assert len(entries) == record["collaboration"]["turns"]
        assert [e["agent"] for e in entries[:2]] == ["human (scripted)", "robot"]
        robot = [e for e in entries if e["agent"] == "robot"]
        assert [e["answer"] for e in robot] == items[task["id"]]["answers"]["robot"]
        assert all(e["prompt_as_sent"] is True for e in robot) and "prompt" not in entries[0]
        texts = [t for t in prompts(unit, trace) if t is not None]
        assert all(t.startswith("You are the robot") and task["instruction"] in t for t in texts)
        acted = [[e["agent"].split()[0], e["steps"][0]["action"], e["feedback"]] for e in entries if "steps" in e]
        assert acted == record["collaboration"]["log"]
        assert entries[-1]["figures"] == {"percent complete": 100.0}
        assert trace["end"]["percent complete"] == 100.0 and trace["end"]["success"] is True


@needs_entry_point
def test_a_model_robot_over_http_shows_its_unreadable_answer_and_its_failed_call(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    answers = iter(['{"FIND": ["tea_bag.2000"]}', '{"GRAB": ["tea_bag", "2000"]}', "I will open the cupboard.",
                    '{"OPEN": ["cupboard.229"]}', '{"PUTIN": ["tea_bag.2000", "cupboard.229"]}'])
    with FakeServer(answer=lambda body: next(answers), script=[Reply(), Reply(400, message="bad request")]) as server:
        folder = api.run(models=["openai:fake-model"], suites=["partnr-vh"], modules=["action_sequencing"],
                         tasks=["heterogeneous_001"], out=tmp_path / "run", use_cache=False, base_url=server.url,
                         concurrency=1, options={"agents": 2, "turn_by_turn": True}).folder
    (task,) = unit_of(folder)["tasks"]
    trace = task["trace"]
    assert task["status"] == "success" and trace["notes"] == []
    robot = [e for e in trace["entries"] if e["agent"] == "robot"]
    failed = robot[1]  # the second call got the 400: no answer, a turn lost
    assert failed["outcome"] == "model call failed" and "answer" not in failed and "400" in failed["feedback"]
    assert failed["prompt"] and "prompt_as_sent" not in failed  # a failed call logs no digest to check it against
    unreadable = next(e for e in robot if e["outcome"] == "unreadable answer")
    assert unreadable["answer"] == "I will open the cupboard." and unreadable["failed"]
    assert unreadable["feedback"].startswith("your answer could not be read")
    assert all(e["prompt_as_sent"] is True for e in robot if e is not failed)
    assert trace["end"]["robot"].startswith("4 actions") and "1 model errors" in trace["end"]["robot"]


@needs_entry_point
def test_an_episode_stopped_by_failed_calls_shows_them_and_why_it_stopped(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    with FakeServer(reply=lambda body: Reply(400, message="bad request")) as server:
        folder = api.run(models=["openai:fake-model"], suites=["partnr-vh"], modules=["action_sequencing"],
                         tasks=["constraint_free_001"], out=tmp_path / "run", use_cache=False, base_url=server.url,
                         options={"agents": 2, "turn_by_turn": True}).folder
    (task,) = unit_of(folder)["tasks"]
    trace = task["trace"]
    assert task["status"] == "model error" and trace["notes"] == []
    robot = [e for e in trace["entries"] if e["agent"] == "robot"]
    assert [e["outcome"] for e in robot] == ["model call failed"] * 3 and all("400" in e["feedback"] for e in robot)
    assert trace["end"]["stopped"] == "3 failed model calls in a row"


@needs_entry_point
def test_a_replanned_task_whose_call_failed_says_so_and_shows_no_made_up_attempt(tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    with FakeServer(reply=lambda body: Reply(400, message="bad request")) as server:
        folder = api.run(models=["openai:fake-model"], suites=["virtualhome"], modules=["action_sequencing"],
                         tasks=["27_2"], replan=1, out=tmp_path / "run", use_cache=False, base_url=server.url).folder
    (task,) = unit_of(folder)["tasks"]
    assert task["status"] == "model error" and task["trace"]["entries"] == []
    assert task["trace"]["notes"] == ["a model call failed: the run kept none of this episode's answers"]
    assert "400" in task["trace"]["end"]["model_error"]


def test_replanned_virtualhome_tasks_show_each_attempt_its_random_failures_and_failing_step(replan_run):
    unit, items = unit_of(replan_run), logged(replan_run)
    shown = {t["id"]: t for t in unit["tasks"]}
    assert sorted(shown) == sorted(REPLANNED)
    for task_id, task in shown.items():
        record, trace = task["record"], task["trace"]
        entries, kept = trace["entries"], items[task_id]["attempt_log"]
        assert trace["kind"] == "attempts" and trace["notes"] == []
        assert [e["label"] for e in entries] == [f"attempt {k + 1}" for k in range(len(record["attempts"]))]
        assert [e["answer"] for e in entries] == [a["answer"] for a in kept]
        assert [e.get("feedback") for e in entries] == [a.get("feedback") for a in kept]
        assert all(e["prompt_as_sent"] is True for e in entries)  # the conversation rebuilt is the one sent
        texts = prompts(unit, trace)
        for k in range(1, len(texts)):
            assert texts[k] == f"{texts[k - 1]}\n\n[assistant]\n{kept[k - 1]['answer']}\n\n[user]\n{kept[k - 1]['feedback']}"
        last = entries[-1]["steps"]
        assert [f"{i}: {s['action']}" for i, s in enumerate(last) if s["outcome"] == "failed at random"] == record["failed_actions"]
        failing = [s for s in last if s["outcome"] == "failed"]
        assert [s["detail"] for s in failing] == ([f"{record['error_type']}: {record['error_detail']}"] if record["error_type"] else [])
    assert shown["27_2"]["status"] == "success" and shown["27_2"]["trace"]["entries"][-1]["outcome"] == "success"
    assert [e["outcome"] for e in shown["417_1"]["trace"]["entries"]] == ["failed: missing_step"] * 3
    first = shown["417_1"]["trace"]["entries"][0]["steps"]
    assert any(s["outcome"] == "failed at random" for s in first) and first[-1]["outcome"] == "not run"


def test_a_run_made_before_eai_kept_each_attempt_shows_the_last_and_says_so(replan_run, tmp_path):
    folder = tmp_path / "old"
    shutil.copytree(replan_run, folder)
    (path,) = folder.rglob("responses.jsonl")
    items = [json.loads(line) for line in path.read_text().splitlines()]
    path.write_text("".join(json.dumps({k: v for k, v in i.items() if k != "attempt_log"}) + "\n" for i in items))
    task = next(t for t in unit_of(folder)["tasks"] if t["id"] == "417_1")
    (only,) = task["trace"]["entries"]
    assert only["label"] == "attempt 3" and "prompt" not in only and only["outcome"] == "failed: missing_step"
    assert task["trace"]["notes"] == ["this run kept only the last attempt's answer (made before eai kept each attempt's)"]


def test_a_pipeline_shows_the_goal_its_first_stage_gave_the_second(tmp_path):
    run = api.run(suites=["virtualhome"], modules=["goal_interpretation+action_sequencing"], tasks=["27_2", "417_1"],
                  out=tmp_path / "run", use_cache=False)
    (unit,) = [u for u in collect_runs([run.folder], get_plugins())["runs"][0]["units"] if "+" in u["key"]]
    for task in unit["tasks"]:
        stage, attempt = task["trace"]["entries"]
        assert stage["label"] == "goal_interpretation" and attempt["label"] == "attempt 1"
        assert stage["outcome"].startswith("goal for the next stage: ") and stage["parsed"]["goals"]
        assert stage["prompt_as_sent"] is True and attempt["prompt_as_sent"] is True
        item = logged(run.folder / "virtualhome" / "goal_interpretation+action_sequencing")[task["id"]]
        assert attempt["steps"] and attempt["answer"] == item["llm_output"] and stage["answer"] == item["stages"]["goal_interpretation"]


def test_a_shared_plan_on_partnr_vh_shows_the_scripted_pair_s_turns(tmp_path):
    run = api.run(suites=["partnr-vh"], modules=["action_sequencing"], tasks=["spatial_001"], out=tmp_path / "run",
                  use_cache=False, options={"agents": 2})
    (task,) = unit_of(run.folder)["tasks"]
    entries = task["trace"]["entries"]
    assert task["steps"] and {e["agent"] for e in entries} == {"human (scripted)", "robot (scripted)"}
    acted = [[e["agent"].split()[0], e["steps"][0]["action"], e["feedback"]] for e in entries if "steps" in e]
    assert acted == task["record"]["collaboration"]["log"] and task["trace"]["notes"] == []


lines = st.lists(st.sampled_from(["", "a", "b", "- x: CLEAN", "You: INSIDE kitchen", "\u2028"]), max_size=12)


@settings(max_examples=300, deadline=None)
@given(lines, lines)
def test_a_prompt_patch_rebuilds_the_prompt(base, text):
    base, text = "\n".join(base), "\n".join(text)
    assert applied(base, patch(base, text)) == text
