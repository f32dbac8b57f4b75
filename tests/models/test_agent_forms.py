"""Episodes (eai run --episode) played by a model behind a fake OpenAI-compatible server, over real
HTTP: JSON and ReAct answers, an answer in the wrong form, a failed call; tokens per turn."""

import asyncio
import json

from eai.llm.calls import RetryPolicy
from eai.modules import get_module
from eai.runner.run import run
from eai.testing.fake_server import FakeServer, Reply, prompt_of
from tests.models.support import UNIT, read_jsonl, run_config

EPISODE = {"episode": True, "max_steps": 30, "max_invalid": 10}


def goals_of(prompt):
    """The goals a VirtualHome prompt states (the same on every turn; the state it shows changes)."""
    return prompt[prompt.index("Node goals are:"):prompt.index("Output:")]


def plans(plugins, count):
    """The first ``count`` VirtualHome tasks, by the goals their prompt states."""
    suite = plugins.suites.get("virtualhome")
    simulator = plugins.simulators.get("virtualhome")
    return {goals_of(simulator.prompt("action_sequencing", t)): t for t in suite.load(suite.ids()[:count])}


def answering(tasks, form, wrong_first=False):
    """A server model answering each task's gold plan in ``form`` (once in prose first, if ``wrong_first``)."""
    def answer(body):
        prompt = prompt_of(body)
        task = tasks[goals_of(prompt)]
        if wrong_first and "action history" not in prompt:
            return "I would rather describe the room."
        if form == "json":
            return json.dumps({"output": [[a.name, *a.args] for a in task.gold_plan]})
        return "Thought: I follow the usual routine.\nAction: " + "\n".join(map(str, task.gold_plan))
    return answer


def played(plugins, tmp_path, server, form, **changes):
    config = run_config(tmp_path / "run", server.url, **{"limit": 2, "options": {**EPISODE, "act_as": form}, **changes})
    asyncio.run(run(config, plugins))
    return read_jsonl(tmp_path / "run" / UNIT / "records.jsonl"), json.loads((tmp_path / "run" / UNIT / "summary.json").read_text())


def test_json_episodes_over_http_succeed_in_one_turn_with_tokens_per_turn(plugins, tmp_path):
    tasks = plans(plugins, 2)
    with FakeServer(answer=answering(tasks, "json")) as server:
        records, summary = played(plugins, tmp_path, server, "json")
    assert [(r["identifier"], r["success"], r["turns"]) for r in records] == [(t.id, True, 1) for t in tasks.values()]
    usage = records[0]["turn_log"][0]["usage"]
    assert usage["prompt_tokens"] > 100 and usage["completion_tokens"] > 0
    assert summary["episode"]["act_as"] == "json" and summary["success_rate"] == 100.0


def test_react_episodes_over_http_read_the_action_lines(plugins, tmp_path):
    tasks = plans(plugins, 2)
    with FakeServer(answer=answering(tasks, "react")) as server:
        records, _ = played(plugins, tmp_path, server, "react")
    assert all(r["success"] for r in records)
    assert "Thought: " in prompt_of(server.bodies[0]) and "Action: " in prompt_of(server.bodies[0])


def test_an_answer_in_the_wrong_form_gets_the_invalid_action_feedback_and_the_episode_goes_on(plugins, tmp_path):
    tasks = plans(plugins, 2)
    with FakeServer(answer=answering(tasks, "react", wrong_first=True)) as server:
        records, summary = played(plugins, tmp_path, server, "react")
    assert [(r["success"], r["invalid_actions"], r["turns"]) for r in records] == [(True, 1, 2)] * 2
    second = [prompt_of(b) for b in server.bodies if "action history" in prompt_of(b)][0]
    assert "Last action is invalid. Your answer could not be read as a plan: no 'Action:' line" in second
    assert (summary["step_errors"], summary["mean_turns"]) == ({"parsing": 2}, 2.0)


def test_a_call_failing_every_attempt_is_a_model_error_of_that_turn_not_an_invalid_action(plugins, tmp_path):
    tasks = plans(plugins, 2)
    first = next(iter(tasks.values()))
    reply = lambda body: Reply(500 if tasks[goals_of(prompt_of(body))] is first else 200)  # noqa: E731
    with FakeServer(answer=answering(tasks, "json"), reply=reply) as server:
        records, summary = played(plugins, tmp_path, server, "json", retry=RetryPolicy(attempts=2, first_delay=0.01))
    by_id = {r["identifier"]: r for r in records}
    assert "500" in by_id[first.id]["model_error"] and by_id[first.id]["ended"] == "model_error"
    assert "invalid_actions" not in by_id[first.id]
    assert (summary["n"], summary["model_errors"], summary["success_rate"]) == (1, 1, 100.0)


def calling(tasks):
    """A server model calling one tool per step: the gold plan without its GRABs first, then the
    gold plan from its first GRAB on (what is left once the first PUTBACK failed)."""
    def answer(body):
        task = tasks[goals_of(next(m["content"] for m in body["messages"] if m["role"] == "user"))]
        plan = list(task.gold_plan)
        grab = next(i for i, a in enumerate(plan) if a.name == "GRAB")
        plan = plan[grab:] if any(m["role"] == "tool" for m in body["messages"]) else [a for a in plan if a.name != "GRAB"]
        return [{"name": a.name.lower(), "arguments": {"objects": list(a.args)}} for a in plan]
    return answer


def test_tool_calling_episodes_over_http_each_action_a_tool_each_result_the_feedback(plugins, tmp_path):
    tasks = plans(plugins, 1)
    with FakeServer(answer=calling(tasks)) as server:
        records, summary = played(plugins, tmp_path, server, "tools", limit=1)
    [record] = records
    assert record["success"] and record["turns"] == 2 and record["invalid_actions"] == 1
    first, second = server.bodies
    assert {t["function"]["name"] for t in first["tools"]} >= {"walk", "grab", "putback"}
    results = [m for m in second["messages"] if m["role"] == "tool"]
    calls = second["messages"][1]["tool_calls"]
    assert [m["tool_call_id"] for m in results] == [c["id"] for c in calls]
    assert results[0]["content"] == "WALK(dining_room.201) done" and any("failed" in m["content"] for m in results)
    assert summary["episode"]["act_as"] == "tools"
    assert json.loads(record["turn_log"][0]["answer"])[0]["name"] == "walk"


def test_compose_goal_interpretation_feeding_an_episode_over_http_shows_the_interpreted_goal(plugins, tmp_path):
    """eai compose goal_interpretation+action_sequencing --episode on VirtualHome's 27_2: the model interprets
    the goal leaving out the edge goals; the episode's prompt shows that goal (no edge goal), the model
    plays the gold plan, and success is judged on the gold goal. run.json and the summary say the pipeline."""
    simulator, task = plugins.simulators.get("virtualhome"), plans(plugins, 1)
    (task,) = task.values()
    interpreted = json.loads(get_module("goal_interpretation").gold_answer(task, None)) | {"edge goals": []}

    def answer(body):
        prompt = prompt_of(body)
        if "Node goals are:" not in prompt:
            return json.dumps(interpreted)
        return json.dumps({"output": [[a.name, *a.args] for a in task.gold_plan]})

    pipeline = "goal_interpretation+action_sequencing"
    with FakeServer(answer=answer) as server:
        config = run_config(tmp_path / "run", server.url, modules=[pipeline], limit=1, options=EPISODE)
        asyncio.run(run(config, plugins))
    first, episode = prompt_of(server.bodies[0]), prompt_of(server.bodies[1])
    assert first == simulator.prompt("goal_interpretation", task) and "is ON to washing_machine" in goals_of(
        simulator.prompt("action_sequencing", task))
    assert "is ON to washing_machine" not in goals_of(episode) and "Node goals are:" in episode
    unit = tmp_path / "run" / "virtualhome" / pipeline / "openai_fake-model"
    (record,) = read_jsonl(unit / "records.jsonl")
    assert (record["identifier"], record["success"], record["ended"]) == (task.id, True, "success")
    assert [call["stage"] for call in record["usage"]] == ["goal_interpretation", "action_sequencing"]
    (item,) = read_jsonl(unit / "responses.jsonl")
    assert json.loads(item["stages"]["goal_interpretation"]) == interpreted
    summary = json.loads((unit / "summary.json").read_text())
    assert (summary["pipeline"], summary["module"], summary["success_rate"]) == (pipeline, "action_sequencing", 100.0)
    assert json.loads((tmp_path / "run" / "run.json").read_text())["modules"] == [pipeline]
