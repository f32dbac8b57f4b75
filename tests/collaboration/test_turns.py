"""Models acting turn by turn in episodes (eai.collaboration.turns, prompt): the
prompt under partial observability, answers read as one action, a model
served over real HTTP, the planning baseline, and ``eai run --turn-by-turn``
/ ``eai compose --agents 2`` on partnr-vh."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings, strategies as st

from eai.api import load_suite
from eai.collaboration.episode import HUMAN, ROBOT, Episode, Unreadable
from eai.collaboration.policies import scripted_pair
from eai.collaboration.prompt import Turn, read_turn, turn_messages
from eai.host.manager import get_plugins
from eai.testing.fake_server import FakeServer
from eai.world import Action
from tests.helpers import eai_cli
from tests.models.support import FAKE_KEY, needs_entry_point

OBJECT_ID = re.compile(r"\b[A-Za-z_\-]+\.\d+\b")


@pytest.fixture(scope="module")
def simulator():
    return get_plugins().simulators.get("virtualhome")


def prompt_of_turn(task, simulator, partial):
    episode = Episode(task, simulator, scripted_pair(task, simulator, HUMAN, ROBOT), partial=partial)
    who, view = episode.turn()
    text = turn_messages(Turn(view, HUMAN, ROBOT, 0, partial), task, simulator)[0].content
    return text, episode.observed(who)


@pytest.mark.parametrize("task_id", ["constraint_free_001", "heterogeneous_001"])
def test_a_partial_prompt_names_only_observed_objects(simulator, task_id):
    task = load_suite("partnr-vh", [task_id])[0]
    text, observed = prompt_of_turn(task, simulator, partial=True)
    seen = {arg for atom in observed for arg in atom[1:]}
    named = set(OBJECT_ID.findall(text))
    assert named and named <= seen
    full, _ = prompt_of_turn(task, simulator, partial=False)
    hidden = set(OBJECT_ID.findall(full)) - seen
    assert hidden  # things in rooms not explored, which only the full prompt shows
    assert "explored" in text and "Task: " + task.instruction in text


def test_answers_are_read_as_one_action_or_a_wait(simulator):
    task = load_suite("partnr-vh", ["heterogeneous_001"])[0]
    world = simulator.world(task)
    assert read_turn('{"FIND": ["coffe_maker.290"]}', world, simulator) == Action("FIND", ("coffe_maker.290",))
    assert read_turn('{"WAIT": []}', world, simulator) is None
    assert read_turn('{"DONE": []}', world, simulator) is None
    two = read_turn('{"FIND": ["coffe_maker.290"], "SWITCHON": ["coffe_maker.290"]}', world, simulator)
    assert two == Unreadable("2 actions where one is asked")
    assert isinstance(read_turn('{"FLY": ["coffe_maker.290"]}', world, simulator), Unreadable)
    assert isinstance(read_turn("I would switch it on", world, simulator), Unreadable)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=80) | st.sampled_from(['{"WALK": []}', '{"GRAB": ["x", "1", "y"]}', "[[", '{"": 3}']))
def test_reading_any_answer_never_raises(text):
    simulator = get_plugins().simulators.get("virtualhome")
    task = load_suite("partnr-vh", ["heterogeneous_001"])[0]
    move = read_turn(text, simulator.world(task), simulator)
    assert move is None or isinstance(move, (Action, Unreadable))


ROBOT_ANSWERS = ['{"FIND": ["tea_bag.2000"]}', '{"GRAB": ["tea_bag", "2000"]}', "I will open the cupboard.",
                 '{"OPEN": ["cupboard.229"]}', '{"PUTIN": ["tea_bag.2000", "cupboard.229"]}']
EXPECTED_LOG = [
    ["human", "FIND(coffe_maker.290)", "FIND(coffe_maker.290) done"],
    ["robot", "FIND(tea_bag.2000)", "FIND(tea_bag.2000) done"],
    ["human", "SWITCHON(coffe_maker.290)", "SWITCHON(coffe_maker.290) done"],
    ["robot", "GRAB(tea_bag.2000)", "GRAB(tea_bag.2000) done"],
    ["robot", "", "your answer could not be read: no JSON object or list found"],
    ["robot", "OPEN(cupboard.229)", "OPEN(cupboard.229) done"],
    ["robot", "PUTIN(tea_bag.2000, cupboard.229)", "PUTIN(tea_bag.2000, cupboard.229) done"],
]


def records(folder):
    (path,) = folder.rglob("records.jsonl")
    return path.read_text(encoding="utf-8")


@needs_entry_point
def test_a_model_over_http_acts_turn_by_turn_and_a_cached_rerun_repeats_it(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    with FakeServer(answer=lambda body: ROBOT_ANSWERS[(server.count - 1) % len(ROBOT_ANSWERS)]) as server:
        def run(out):
            code, _, err = eai_cli(capsys, "run", "--suite", "partnr-vh", "--agents", "2", "--turn-by-turn",
                                   "--model", "openai:fake-model", "--base-url", server.url, "--tasks",
                                   "heterogeneous_001", "--out", str(tmp_path / out), "--quiet",
                                   "--cache", str(tmp_path / "cache.sqlite"), "--concurrency", "1")
            assert code == 0, err
            return records(tmp_path / out)

        first = run("a")
        assert server.count == len(ROBOT_ANSWERS)
        assert "You are the robot" in server.bodies[0]["messages"][-1]["content"]
        second = run("b")
        # every turn answered from the cache but the first, whose answer says which model answers (eai.llm.identity)
        assert server.count == len(ROBOT_ANSWERS) + 1
    assert first == second
    (row,) = [json.loads(line) for line in first.splitlines()]
    assert row["collaboration"]["log"] == EXPECTED_LOG
    assert row["percent_complete"] == 1 and row["evaluation_success"]
    assert row["collaboration"]["agents"]["robot"]["unreadable"] == 1
    assert row["collaboration"]["offloading"] == pytest.approx(0.5)
    (summary,) = (tmp_path / "a").rglob("summary.json")
    robot = json.loads(summary.read_text())["collaboration"]["agents"]["robot"]
    assert robot["unreadable"] == 1 and robot["model_errors"] == 0


@needs_entry_point
def test_failed_model_calls_stop_the_episode_and_it_is_not_scored(capsys, tmp_path, monkeypatch):
    from eai.testing.fake_server import Reply

    monkeypatch.setenv("OPENAI_API_KEY", FAKE_KEY)
    with FakeServer(reply=lambda body: Reply(400, message="bad request")) as server:
        code, _, err = eai_cli(capsys, "run", "--suite", "partnr-vh", "--agents", "2", "--turn-by-turn",
                               "--model", "openai:fake-model", "--base-url", server.url, "--tasks",
                               "constraint_free_001", "--out", str(tmp_path / "x"), "--quiet", "--no-cache")
    assert code == 2 and "no answer was scored" in err
    (row,) = [json.loads(line) for line in records(tmp_path / "x").splitlines()]
    assert row["model_error"] == "3 failed model calls in a row"
    assert row["collaboration"]["agents"]["robot"]["model_errors"] == 3
    (summary,) = (tmp_path / "x").rglob("summary.json")
    assert json.loads(summary.read_text())["model_errors"] == 1


def turn_run(capsys, out, *more):
    code, _, err = eai_cli(capsys, "run", "--suite", "partnr-vh", "--agents", "2", "--turn-by-turn", "--tasks",
                           "constraint_free_002,temporal_002", "--out", str(out), "--quiet", "--no-cache", *more)
    assert code == 0, err
    return [json.loads(line) for line in records(out).splitlines()]


def test_turn_by_turn_with_the_default_models_writes_percent_complete(capsys, tmp_path):
    rows = turn_run(capsys, tmp_path / "a")
    assert len(rows) == 2 and all(0 <= row["percent_complete"] <= 1 for row in rows)
    assert all("unreadable" in row["collaboration"]["agents"]["robot"] for row in rows)
    report = (tmp_path / "a" / "report.md").read_text(encoding="utf-8")
    assert "| 2, turn by turn, human scripted, full |" in report
    run_json = json.loads((tmp_path / "a" / "run.json").read_text())
    assert run_json["options"] == {**run_json["options"], "agents": 2, "turn_by_turn": True, "human": "scripted",
                                   "partial": False}


def test_two_baselines_under_partial_observability_explore_and_succeed(capsys, tmp_path):
    rows = turn_run(capsys, tmp_path / "p", "--partial", "--human", "baseline:planner")
    assert all(row["evaluation_success"] for row in rows)
    walks = [step for row in rows for step in row["collaboration"]["log"] if step[1].startswith("WALK(")]
    assert walks  # rooms explored before their things were seen
    assert "| 2, turn by turn, human baseline:planner, partial |" in (tmp_path / "p" / "report.md").read_text()


def test_a_resumed_run_names_the_agent_flag_that_differs(capsys, tmp_path):
    turn_run(capsys, tmp_path / "r", "--limit", "1")
    code, _, err = eai_cli(capsys, "run", "--resume", "--out", str(tmp_path / "r"), "--agents", "2", "--turn-by-turn",
                           "--partial", "--quiet")
    assert code == 2 and "--partial differs from the run" in err


@pytest.mark.parametrize("args, message", [
    (["--partial"], "--partial needs --agents 2 --turn-by-turn"),
    (["--agents", "2", "--partial"], "--partial needs --agents 2 --turn-by-turn"),
    (["--turn-by-turn"], "--turn-by-turn needs --agents 2"),
    (["--agents", "2", "--turn-by-turn", "--module", "goal_interpretation"], "--agents 2 runs action_sequencing only"),
    (["--agents", "2", "--turn-by-turn", "--replan", "2"], "--turn-by-turn runs in the symbolic world"),
    (["--agents", "2", "--turn-by-turn", "--human", "nobody:x"], "nobody"),
])
def test_bad_agent_options_are_one_line(capsys, tmp_path, args, message):
    code, _, err = eai_cli(capsys, "run", "--suite", "partnr-vh", *args, "--out", str(tmp_path / "x"), "--quiet")
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err


def test_turn_by_turn_on_a_suite_without_evaluation_functions_is_one_line(capsys, tmp_path):
    code, _, err = eai_cli(capsys, "run", "--suite", "virtualhome", "--agents", "2", "--turn-by-turn", "--limit", "2",
                           "--out", str(tmp_path / "x"), "--quiet", "--no-cache")
    assert code == 2 and "has no selected task with evaluation functions" in err and len(err.strip().splitlines()) == 1


def test_compose_shares_the_final_plan_between_two_agents(capsys, tmp_path):
    code, _, err = eai_cli(capsys, "compose", "goal_interpretation+planner", "--suite", "partnr-vh", "--agents", "2",
                           "--tasks", "spatial_001,heterogeneous_001", "--out", str(tmp_path / "c"), "--quiet",
                           "--no-cache")
    assert code == 0, err
    rows = [json.loads(line) for line in records(tmp_path / "c").splitlines()]
    assert len(rows) == 2 and all(set(row["collaboration"]["agents"]) == {"human", "robot"} for row in rows)
    assert all("percent_complete" in row and "evaluation_success" in row for row in rows)
    assert "| 2, shared plan |" in (tmp_path / "c" / "report.md").read_text(encoding="utf-8")


def test_compose_agents_2_needs_a_final_plan(capsys, tmp_path):
    code, _, err = eai_cli(capsys, "compose", "subgoal_decomposition", "--suite", "partnr-vh", "--agents", "2",
                           "--out", str(tmp_path / "x"))
    assert code == 2 and "--agents 2 shares a final plan" in err


@pytest.mark.slow
def test_turn_by_turn_on_the_whole_suite_writes_percent_complete_in_every_record(capsys, tmp_path):
    code, _, err = eai_cli(capsys, "run", "--suite", "partnr-vh", "--agents", "2", "--turn-by-turn", "--out",
                           str(tmp_path / "all"), "--quiet", "--no-cache")
    assert code == 0, err
    rows = [json.loads(line) for line in records(tmp_path / "all").splitlines()]
    assert len(rows) == 100 and all("percent_complete" in row for row in rows)
