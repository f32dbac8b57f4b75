"""EmbodiedBench's chat-history mode (eai run --episode --chat-history) over real HTTP on the
eb-alfred task base_0: the messages of turns 1-3 are those EB's planner sends in either mode, the
window caps a long episode of a model that keeps failing, and each turn's prompt tokens are recorded."""

import asyncio
import json
from pathlib import Path

from eai.agent.embodiedbench import TEMPLATE_LANG
from eai.runner.run import run
from eai.testing.fake_server import FakeServer
from eai_alfred.eb_system_prompt import SYSTEM_PROMPT
from tests.agent.scripted import task_of
from tests.models.support import read_jsonl, run_config

UNIT = Path("eb-alfred", "action_sequencing", "openai_fake-model")
TASK, SIMULATOR = task_of("eb-alfred", "base_0")
ACTIONS = SIMULATOR.action_list(TASK).actions


def plan(*words):
    """An answer in EB's JSON: the actions of base_0's action list named ``words``."""
    return json.dumps({"reasoning_and_reflection": "", "language_plan": "",
                       "executable_plan": [{"action_id": ACTIONS.index(w), "action_name": w} for w in words]})


# turn 1: finds the ladle, then puts down nothing (invalid); turn 2: four steps carried out; turn 3: another
SCRIPT = [plan("find a Ladle", "put down the object in hand"),
          plan("pick up the Ladle", "find a Sink", "turn on the Faucet", "turn off the Faucet"),
          plan("find a DiningTable", "put down the object in hand")]


def eb_planner(answers, steps, chat):
    """The messages EB's VLMPlanner sends each turn (``planner/vlm_planner.py``: ``process_prompt``
    and ``act`` with language_only=1, n_shots=0 (the run asks --shots 0), use_feedback=1, template_lang appended),
    given the model's ``answers`` and each turn's ``steps`` as the environment fed them back
    (``update_info``: the action id and the env feedback of every step carried out or failed)."""
    instruction, last = TASK.instruction.rstrip("."), len(ACTIONS) - 1
    listing = ", ".join(f"\naction id {i}: {a}" for i, a in enumerate(ACTIONS))
    history, conversation, sent = [], [], []
    for answer, done in zip(answers, steps):
        if not history:
            prompt = (SYSTEM_PROMPT.format(last, listing, "") + f"\n\n## Now the human instruction is: {instruction}."
                      " You are supposed to output in json. You need to output your reasoning steps and plan. At the "
                      f"end, output the action id (0 ~ {last}) from the available actions to excute.")
        else:
            prompt = (f"The human instruction is: {instruction}." if chat else
                      SYSTEM_PROMPT.format(last, listing, "") + f"\n\n## Now the human instruction is: {instruction}.")
            prompt += "\n\n The action history:" + "".join(
                f"\nStep {i}, action id {a}, {ACTIONS[a]}, env feedback: {f}" for i, (a, f) in enumerate(history))
            prompt += (f"\n\n Considering the above interaction history, to achieve the human instruction: '{instruction}',"
                       " you are supposed to output in json. You need to summarize interaction history and environment "
                       "feedback and reason why the last action or plan failed and did not finish the task, output your "
                       "new plan to achieve the goal from current state. At the end, output the "
                       f"{'executable' if chat else 'excutable'} plan with action ids(0 ~ {last}) from the available actions.")
        user = ("user", prompt + TEMPLATE_LANG)
        conversation = [*conversation, user] if chat else [user]
        sent.append(conversation)
        if chat:
            conversation = [*conversation, ("assistant", answer)]
        history += [(ACTIONS.index(s["words"]), s["feedback"]) for s in done]
    return sent


def played(plugins, tmp_path, answers, **options):
    """base_0 played by a server model answering ``answers`` in turn (the last one again after them):
    its record, its summary and the messages of each request."""
    def answer(body):
        return answers[min(len(server.bodies), len(answers)) - 1]

    episode = {"episode": True, "max_steps": 30, "max_invalid": 10, "act_as": "json", "shots": 0, **options}
    with FakeServer(answer=answer) as server:
        config = run_config(tmp_path / "run", server.url, suites=["eb-alfred"], task_ids=["base_0"], limit=None,
                            options=episode)
        asyncio.run(run(config, plugins))
    [record] = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    sent = [[(m["role"], m["content"]) for m in body["messages"]] for body in server.bodies]
    return record, json.loads((tmp_path / "run" / UNIT / "summary.json").read_text()), sent


def steps_of(record):
    return [turn["steps"] for turn in record["turn_log"]]


def test_base_0_turns_1_to_3_with_chat_history_are_the_conversation_eb_s_planner_sends(plugins, tmp_path):
    record, summary, sent = played(plugins, tmp_path, SCRIPT, chat_history=True)
    assert [len(m) for m in sent[:3]] == [1, 3, 5]
    assert sent[:3] == eb_planner(SCRIPT, steps_of(record), chat=True)
    assert summary["episode"] == {"act_as": "json", "chat_history": True, "chat_window": 0, "max_invalid": 10,
                                  "max_steps": 30}
    assert json.loads((tmp_path / "run" / "run.json").read_text())["options"]["chat_history"] is True


def test_base_0_turns_1_to_3_without_chat_history_are_the_one_message_eb_s_planner_sends(plugins, tmp_path):
    record, summary, sent = played(plugins, tmp_path, SCRIPT)
    assert sent[:3] == eb_planner(SCRIPT, steps_of(record), chat=False)
    assert summary["episode"]["chat_history"] is False and "chat_history" not in json.loads(
        (tmp_path / "run" / "run.json").read_text())["options"]


def test_a_model_that_keeps_failing_sends_at_most_the_window_and_the_tokens_show_it(plugins, tmp_path):
    failing = [plan("put down the object in hand")]
    whole, whole_summary, every = played(plugins, tmp_path / "whole", failing, chat_history=True)
    capped, capped_summary, windowed = played(plugins, tmp_path / "capped", failing, chat_history=True, chat_window=5)
    assert (whole["ended"], whole["turns"], capped["ended"], capped["turns"]) == ("max_invalid", 10, "max_invalid", 10)
    assert [len(m) for m in every] == [1, 3, 5, 7, 9, 11, 13, 15, 17, 19]
    assert [len(m) for m in windowed] == [1, 3, 5, 5, 5, 5, 5, 5, 5, 5]
    assert [m[0][0] for m in windowed] == ["user"] * 10 and windowed[9][1:4:2] == [("assistant", failing[0])] * 2
    assert all(SYSTEM_PROMPT.format(0, "", "")[:200] in text for m in windowed for role, text in m if role == "user")
    assert windowed[9][-1][1].count("\nStep ") == 9 and every[9][-1][1].count("\nStep ") == 9
    tokens = [turn["usage"]["prompt_tokens"] for turn in whole["turn_log"]]
    assert tokens == sorted(tokens) and len(set(tokens)) == 10 and "prompt_tokens_estimated" not in whole["turn_log"][0]["usage"]
    per_turn, capped_turn = whole_summary["prompt_tokens_per_turn"], capped_summary["prompt_tokens_per_turn"]
    assert (per_turn["n"], per_turn["max"], per_turn["estimated"]) == (10, tokens[-1], 0)
    assert per_turn["mean"] == round(sum(tokens) / 10, 1) and capped_turn["n"] == 10
    windowed_tokens = [turn["usage"]["prompt_tokens"] for turn in capped["turn_log"]]
    assert capped_turn["max"] == max(windowed_tokens) and capped_summary["episode"]["chat_window"] == 5
    # the whole conversation grows faster every turn; the window's, once full, by one history line per message kept
    growth = [b - a for a, b in zip(tokens, tokens[1:])]
    windowed_growth = {b - a for a, b in zip(windowed_tokens[3:], windowed_tokens[4:])}
    assert growth == sorted(set(growth)) and len(windowed_growth) == 1 and windowed_growth.pop() < growth[0]
