"""EmbodiedBench's chat-history mode (eai/agent/chat.py) in the real worlds: the planner baseline as
an agent with the chat history on, its prompt tokens estimated when no provider says them and shown
in report.md's episode table; the answer forms' requests in the conversation; settings that cannot run."""

import asyncio
import json

import pytest

from eai import api
from eai.agent.chat import Chat
from eai.agent.play import play_episode
from eai.exceptions import EaiError
from eai.llm.model import Answer
from tests.agent.scripted import task_of
from tests.helpers import eai_cli

EPISODE = {"episode": True, "max_steps": 30, "max_invalid": 10, "act_as": "json"}


def test_eb_alfred_base_0_played_by_the_planner_with_chat_history_estimates_its_prompt_tokens(tmp_path):
    task, simulator = task_of("eb-alfred", "base_0")
    folder = api.run(["baseline:planner"], ["eb-alfred"], ["action_sequencing"], tmp_path, tasks=["base_0"],
                     use_cache=False, options={**EPISODE, "chat_history": True}, say=lambda line: None).folder
    [record] = [json.loads(line) for line in next(folder.rglob("records.jsonl")).read_text().splitlines()]
    first = simulator.episode_prompt(task)
    assert record["success"] and record["turn_log"][0]["usage"] == {"prompt_tokens": -(-len(first) // 4),
                                                                      "prompt_tokens_estimated": True}
    summary = json.loads(next(folder.rglob("summary.json")).read_text())
    assert summary["prompt_tokens_per_turn"] == {"n": 1, "mean": float(-(-len(first) // 4)), "max": -(-len(first) // 4),
                                                 "estimated": 1}
    report = (folder / "report.md").read_text()
    assert "| baseline:planner | eb-alfred | json | whole conversation | 1 | 100.0 |" in report
    assert f"| {-(-len(first) // 4)} | 1 |" in report


def played(suite, task_id, answers, form, chat):
    task, simulator = task_of(suite, task_id)
    sent = []

    async def ask(messages, now, tools=()):
        sent.append(messages)
        return Answer(answers[min(len(sent), len(answers)) - 1])

    return asyncio.run(play_episode(task, simulator, ask, form=form, chat=chat)), sent


def test_virtualhome_27_2_in_react_with_chat_history_asks_the_react_form_in_every_message():
    record, sent = played("virtualhome", "27_2", ["Thought: I wait.\nAction: nothing I can name"], "react", Chat(True))
    assert record["ended"] == "max_invalid" and [len(m) for m in sent] == list(range(1, 20, 2))
    later = sent[2][-1].content
    assert later.startswith("The human instruction is: ") and "\n\n The action history:\nStep 0, " in later
    assert later.endswith("Answer in this form instead of JSON: a line 'Thought: ' with your reasoning, then a line "
                          "'Action: ' followed by the actions to carry out in order, one per line, each written as the "
                          "action list or the examples write it.")
    assert [m.role for m in sent[2]] == ["user", "assistant", "user", "assistant", "user"]


@pytest.mark.parametrize(("options", "said"), [
    ({"chat_window": 5}, "--chat-window caps the conversation --chat-history sends"),
    ({"chat_history": True, "chat_window": 5, "act_as": "tools"}, "--chat-window cannot cut the tools form's"),
])
def test_a_chat_setting_that_cannot_run_is_one_line(tmp_path, options, said):
    with pytest.raises(EaiError, match=said):
        api.run(["baseline:planner"], ["eb-alfred"], ["action_sequencing"], tmp_path, limit=1, use_cache=False,
                options={**EPISODE, **options}, say=lambda line: None)


def test_eb_habitat_with_a_chat_window_resumed_keeps_its_chat_history(capsys, tmp_path):
    out = str(tmp_path / "run")
    code, _, err = eai_cli(capsys, "run", "--suite", "eb-habitat", "--episode", "--chat-history", "--chat-window", "5",
                           "--model", "baseline:planner", "--limit", "2", "--out", out, "--no-cache", "--quiet")
    assert code == 0, err
    records = tmp_path / "run" / "eb-habitat" / "action_sequencing" / "baseline_planner" / "records.jsonl"
    for log in (records, records.with_name("responses.jsonl")):  # the run stopped after one episode
        log.write_text(log.read_text().splitlines(keepends=True)[0])
    code, _, err = eai_cli(capsys, "run", "--resume", "--out", out, "--no-cache", "--quiet")
    assert code == 0, err
    options = json.loads((tmp_path / "run" / "run.json").read_text())["options"]
    assert (options["chat_history"], options["chat_window"], len(records.read_text().splitlines())) == (True, 5, 2)
    summary = json.loads(records.with_name("summary.json").read_text())
    assert summary["episode"]["chat_window"] == 5 and "| last 5 messages | 2 |" in (tmp_path / "run" / "report.md").read_text()


@pytest.mark.parametrize("flags", [("--chat-history",), ("--chat-window", "5")])
def test_a_chat_flag_without_episode_is_one_line(capsys, flags):
    code, _, err = eai_cli(capsys, "run", "--suite", "eb-alfred", *flags, "--limit", "1")
    assert code != 0 and f"{flags[0]} need(s) --episode" in err and "Traceback" not in err


def test_compose_stages_feeding_an_episode_with_chat_history_send_the_conversation(capsys, tmp_path):
    code, _, err = eai_cli(capsys, "compose", "goal_interpretation+action_sequencing", "--suite", "eb-alfred", "--episode",
                           "--chat-history", "--model", "baseline:auto", "--limit", "2", "--out", str(tmp_path), "--quiet")
    assert code == 0, err
    assert json.loads((tmp_path / "run.json").read_text())["options"]["chat_history"] is True
    for unit in ("goal_interpretation+action_sequencing", "action_sequencing"):  # the pipeline, and its last stage alone
        summary = json.loads((tmp_path / "eb-alfred" / unit / "baseline_auto" / "summary.json").read_text())
        assert summary["n"] == 2 and summary["episode"]["chat_history"] is True


def test_compose_with_chat_history_but_no_episode_is_one_line(capsys):
    code, _, err = eai_cli(capsys, "compose", "goal_interpretation+action_sequencing", "--suite", "eb-alfred",
                           "--chat-history", "--limit", "1")
    assert code != 0 and "--chat-history need(s) --episode" in err and "Traceback" not in err
