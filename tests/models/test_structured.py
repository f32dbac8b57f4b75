"""Structured output as an option (issue 36 item 6): ``--response-format
json-schema`` asks each module's answers in its JSON schema (OpenAI's
``response_format`` json_schema, Ollama's ``format``), counts the answers that
do not conform apart from parsing errors (they are read as leniently as ever),
and says in one line that a module without a schema is asked without one.
Over real HTTP against the fake server, on VirtualHome's first tasks."""

import asyncio
import json

import pytest

from eai.llm.model import GenerationConfig, Message, Request
from eai.modules import get_module
from eai.runner.run import run
from eai.testing.fake_server import FakeServer
from tests.models.support import UNIT, read_jsonl, run_config
from tests.models.test_providers import base_url, model_for


def run_once(plugins, config, said):
    return asyncio.run(run(config, plugins, say=said.append))


def test_answers_are_asked_in_the_modules_schema_and_checked(plugins, gold, tmp_path):
    said = []
    with FakeServer(answer=gold.answer) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, response_format="json-schema"), said)
    asked = server.bodies[0]["response_format"]
    assert asked["type"] == "json_schema" and asked["json_schema"]["name"] == "action_plan"
    assert asked["json_schema"]["schema"]["anyOf"] == get_module("action_sequencing").response_schema["anyOf"]
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert all(r["success"] and r["usage"][0]["schema_valid"] for r in records)
    usage = json.loads((tmp_path / "run" / UNIT / "summary.json").read_text())["usage"]
    assert (usage["schema_checked"], usage["schema_failures"]) == (4, 0)
    spec = json.loads((tmp_path / "run" / "run.json").read_text())
    assert spec["response_format"] == "json-schema"


def test_an_answer_not_in_the_schema_is_a_schema_failure_not_a_parsing_error(plugins, gold, tmp_path):
    """Task 27_2's gold plan with a sentence before it: not the JSON asked for, and still the plan."""
    said = []
    with FakeServer(answer=lambda body: "Here is the plan:\n" + gold.answer(body)) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, limit=1, response_format="json-schema"), said)
    [record] = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert record["success"] and record["usage"][0]["schema_valid"] is False
    summary = json.loads((tmp_path / "run" / UNIT / "summary.json").read_text())
    assert summary["usage"]["schema_failures"] == 1 and summary["errors"]["parsing"] == 0
    assert said[-1].endswith(f"1 of 1 answer(s) not in the JSON schema asked -> {tmp_path / 'run' / UNIT}") or \
        "1 of 1 answer(s) not in the JSON schema asked" in said[-1]


def test_a_module_without_a_schema_is_asked_without_one_said_in_one_line(plugins, gold, tmp_path):
    said = []
    with FakeServer(answer=lambda body: "(:action walk_towards)") as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, limit=2, modules=["transition_modeling"],
                                     response_format="json-schema"), said)
    assert "response_format" not in server.bodies[0]
    assert [line for line in said if line.startswith("note:")] == [
        "note: transition_modeling has no JSON schema yet: its answers are asked without one"]


def test_without_the_option_nothing_is_asked_in_a_schema(plugins, gold, tmp_path):
    with FakeServer(answer=gold.answer) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, limit=1), [])
    assert "response_format" not in server.bodies[0]
    assert "schema_checked" not in json.loads((tmp_path / "run" / UNIT / "summary.json").read_text())["usage"]


@pytest.mark.parametrize("provider, field", [("ollama", "format"), ("openai", "response_format")])
def test_each_dialect_sends_the_schema_its_way(provider, field):
    schema = get_module("subgoal_decomposition").response_schema
    with FakeServer(answer=lambda body: '{"output": ["ON(tv.1)"]}') as server:
        model = model_for(provider, base_url(provider, server))
        request = Request((Message("user", "Plan."),), schema=schema)
        answer = asyncio.run(model.generate(request))
    sent = server.bodies[0][field]
    assert (sent.get("json_schema", {}).get("schema") or sent)["properties"] == schema["properties"]
    assert answer.text == '{"output": ["ON(tv.1)"]}'


def test_an_answer_in_the_schema_cut_by_the_token_limit_is_the_models_answer(plugins, gold, tmp_path):
    """Found with qwen05 on llama.cpp: asked in a schema, answers that ran into --max-tokens were
    failed calls (the OpenAI SDK's parse raises on them) and asked 5 times; they are cut answers."""
    with FakeServer(answer=gold.answer) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, limit=1, response_format="json-schema",
                                     generation=GenerationConfig(max_tokens=5)), [])
    assert server.count == 1
    [record] = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert "model_error" not in record and record["usage"][0]["finish_reason"] == "length"
    assert record["truncated_answer"] and record["usage"][0]["schema_valid"] is False
