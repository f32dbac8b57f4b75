"""An agent's episodes (``eai run --episode``) in the viewer's model, read from
their records: each turn's observation, answer and steps, the failed step's
error class, and the budget that ended the episode."""

from eai.base import jsonl
from eai.host.manager import get_plugins
from eai.viewer.agent import agent_trace
from eai.viewer.model import collect_runs
from tests.viewer.conftest import AGENT_TASKS, SCRIPT


def tasks_of(folder):
    (unit,) = collect_runs([folder], get_plugins())["runs"][0]["units"]
    return {t["id"]: t for t in unit["tasks"]}


def turn_logs(folder):
    """Each record's turn log, as the run wrote it."""
    return {r["identifier"]: r["turn_log"] for _, r in jsonl.read(next(folder.rglob("records.jsonl")))}


def test_27_2_without_its_walking_steps_fails_its_first_step_every_turn_until_10_invalid_actions(agent_run):
    task = tasks_of(agent_run)["27_2"]
    assert task["status"] == "failure" and task["errors"] == ["missing_step", "ended max_invalid"]
    trace = task["trace"]
    assert trace["kind"] == "agent" and len(trace["entries"]) == 10 == task["record"]["turns"]
    for k, turn in enumerate(trace["entries"]):
        (step,) = turn["steps"]  # the turn ends at its failing step
        assert (step["step"], step["action"], step["outcome"], step["error"]) == (k + 1, "TURNTO(washing_machine.1001)", "failed", "missing_step")
        logged = turn_logs(agent_run)["27_2"][k]
        assert step["feedback"] == logged["steps"][0]["feedback"] and "unmet" in step["feedback"]  # the environment's word
        assert turn["outcome"] == f"an invalid action at step {k + 1}: missing_step" and turn["failed"] is True
        assert (turn["observation"], turn["answer"]) == (logged["observation"], logged["answer"])
    first, second = trace["entries"][0]["observation"], trace["entries"][1]["observation"]
    assert trace["entries"][0]["steps"][0]["feedback"] not in first and trace["entries"][0]["steps"][0]["feedback"] in second
    assert trace["end"]["ended"] == "the invalid-action budget ran out (10 invalid actions)"
    assert (trace["end"]["steps"], trace["end"]["invalid actions"], trace["end"]["success"]) == ("10 of 30", "10 of 10", False)
    assert task["record"]["turn_log"] == "(shown above, turn by turn)"  # not twice in the task's file
    # the replayed answers report no tokens: each turn's prompt tokens are eai's estimate, named so
    assert [list(turn["figures"]) for turn in trace["entries"]] == [["prompt tokens (estimated)"]] * 10
    assert trace["entries"][0]["figures"]["prompt tokens (estimated)"] == -(-len(first) // 4)


def test_417_1_succeeds_in_one_turn_and_850_1_never_answers_with_a_plan(agent_run):
    tasks = tasks_of(agent_run)
    done = tasks["417_1"]
    (turn,) = done["trace"]["entries"]
    assert done["status"] == "success" and done["errors"] == [] and turn["answer"].startswith(SCRIPT)
    assert turn["outcome"] == "19 step(s) carried out" and "failed" not in turn
    assert [s["outcome"] for s in turn["steps"]] == ["done"] * 19 == ["done"] * done["record"]["steps"]
    assert done["trace"]["end"]["ended"] == "success: the goal held after a step"
    unread = tasks["850_1"]
    assert unread["errors"] == ["parsing", "ended max_invalid"] and len(unread["trace"]["entries"]) == 10
    assert unread["trace"]["entries"][0]["outcome"].startswith("an unreadable answer (parsing): ")


def test_a_record_without_a_turn_log_says_so_and_odd_fields_are_shown_as_missing():
    assert agent_trace({"ended": "max_steps"}, {"max_steps": 5})["notes"] == ["the record keeps no turn log: no turn can be shown"]
    shown = agent_trace({"ended": "elsewhere", "turn_log": [{"steps": [7, {"error_type": 3}]}, "?"]}, {})
    assert shown["end"] == {"ended": "elsewhere"}
    assert [e["label"] for e in shown["entries"]] == ["turn 1", "turn 2"]
    assert [s["action"] for s in shown["entries"][0]["steps"]] == ["(no action read)"] * 2


def test_the_site_written_as_the_records_are_read_is_the_site_of_the_whole_model(agent_run, tmp_path):
    from eai.viewer.page import write_site

    whole, streamed = tmp_path / "whole", tmp_path / "streamed"
    write_site(collect_runs([agent_run], get_plugins()), whole)
    write_site(collect_runs([agent_run], get_plugins(), streamed=True), streamed)
    files = sorted(p.relative_to(whole) for p in whole.rglob("*") if p.is_file())
    assert len(files) == 1 + len(AGENT_TASKS)  # the page and a detail file per episode
    assert files == sorted(p.relative_to(streamed) for p in streamed.rglob("*") if p.is_file())
    assert all((whole / f).read_bytes() == (streamed / f).read_bytes() for f in files)
