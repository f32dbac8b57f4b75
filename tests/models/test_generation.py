"""Generation options, recorded as sent (issue 36 item 1): ``--gen`` passes any
setting through, reasoning models get no temperature unless one is forced,
run.json and the cache key hold what was sent, and a 400 naming a parameter
the server does not accept stops the run in one line, not one model error
per task. Over real HTTP against the fake OpenAI-compatible server."""

import asyncio
import json

import pytest

from eai.exceptions import EaiError
from eai.llm.calls import UnsupportedParameter
from eai.llm.generation import DEFAULT_TEMPERATURE_ONLY, default_temperature_only, given, parse_gen
from eai.results.store import ResponseLog
from eai.runner.run import run
from eai.testing.fake_server import FakeServer, Reply
from tests.helpers import run_eai
from tests.models.support import FAKE_KEY, MODEL, UNIT, read_jsonl, run_config

OPTIONS = {"top_p": 0.9, "seed": 1, "stop": ["\n\n"], "top_k": 20, "reasoning_effort": "low"}


def run_once(plugins, config):
    return asyncio.run(run(config, plugins))


def test_gen_options_reach_the_server_and_run_json_holds_what_was_sent(plugins, gold, tmp_path):
    cache = tmp_path / "cache.sqlite"
    with FakeServer(answer=gold.answer) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, limit=2, cache=cache,
                                     generation=given(0.0, 2048, OPTIONS)))
        sent = server.bodies[0]
        run_once(plugins, run_config(tmp_path / "other", server.url, limit=2, cache=cache,
                                     generation=given(0.0, 2048, {**OPTIONS, "seed": 2})))
        assert server.count == 4  # another seed is another request: asked anew
    # the model's own fields as ChatOpenAI sends them, top_k (none of its) in the body as given
    assert {k: sent[k] for k in (*OPTIONS, "temperature", "max_completion_tokens")} == {
        **OPTIONS, "temperature": 0.0, "max_completion_tokens": 2048}
    spec = json.loads((tmp_path / "run" / "run.json").read_text())
    assert spec["gen"] == OPTIONS
    assert spec["sent"] == {MODEL: {"temperature": 0.0, "max_tokens": 2048, **OPTIONS}}


@pytest.mark.parametrize("model, temperature", [("o3-mini", None), ("o4-mini", None), ("o1", None), ("gpt-5", None),
                                                ("gpt-5-mini", None), ("gpt-5-chat-latest", 0.0), ("gpt-4o-mini", 0.0)])
def test_a_model_that_takes_only_its_default_temperature_is_sent_none(plugins, gold, tmp_path, model, temperature):
    with FakeServer(answer=gold.answer) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, limit=1, models=[f"openai:{model}"]))
    assert server.bodies[0].get("temperature") == temperature
    spec = json.loads((tmp_path / "run" / "run.json").read_text())
    assert spec["sent"][f"openai:{model}"]["temperature"] == temperature


def test_gen_temperature_forces_one_and_null_sends_none(plugins, gold, tmp_path):
    with FakeServer(answer=gold.answer) as server:
        run_once(plugins, run_config(tmp_path / "forced", server.url, limit=1, models=["openai:o3-mini"],
                                     generation=given(0.0, 2048, {"temperature": 1})))
        run_once(plugins, run_config(tmp_path / "none", server.url, limit=1, generation=given(0.0, None, {"temperature": None})))
    assert server.bodies[0]["temperature"] == 1
    assert "temperature" not in server.bodies[1] and "max_completion_tokens" not in server.bodies[1]


def test_gpt_5_with_reasoning_effort_none_takes_a_temperature_again():
    assert default_temperature_only("gpt-5", {}) and not default_temperature_only("gpt-5", {"reasoning_effort": "none"})
    assert default_temperature_only("openrouter/o3", {}) and not default_temperature_only("qwen3-o1-distill", {})
    assert len(DEFAULT_TEMPERATURE_ONLY) == 2


UNSUPPORTED = ("Unsupported parameter: 'temperature' is not supported with this model.", "temperature",
               "unsupported_parameter")


def test_a_400_naming_an_unsupported_parameter_stops_the_run_in_one_line(plugins, gold, tmp_path):
    """o3-mini's reply to a temperature (the issue): 400, not retried; the run stops at the
    first, before asking the other tasks, and says which parameter and how to leave it out."""
    message, param, code = UNSUPPORTED
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(400, message=message, param=param, code=code)) as server:
        config = run_config(tmp_path / "run", server.url, limit=8, concurrency=1, models=["openai:reasoner"])
        with pytest.raises(UnsupportedParameter) as caught:
            run_once(plugins, config)
    assert server.count == 1
    assert str(caught.value).startswith(f"{server.url} does not accept the parameter 'temperature' for openai:reasoner")
    assert str(caught.value).endswith("start the run again without it: --gen temperature=null")
    assert not ResponseLog(tmp_path / "run" / "virtualhome" / "action_sequencing" / "openai_reasoner"
                           / "responses.jsonl").read()  # no model error per task


def test_the_cli_says_the_unsupported_parameter_in_one_line_and_exits_non_zero(gold, tmp_path):
    message, param, code = UNSUPPORTED
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(400, message=message, param=param, code=code)) as server:
        result = run_eai("run", "--model", MODEL, "--base-url", server.url, "--suite", "virtualhome", "--module",
                         "action_sequencing", "--limit", "4", "--out", str(tmp_path / "run"), "--no-cache", "--quiet",
                         env={"OPENAI_API_KEY": FAKE_KEY})
    assert result.returncode != 0 and "Traceback" not in result.stderr
    [line] = result.stderr.strip().splitlines()
    assert "does not accept the parameter 'temperature'" in line and "--gen temperature=null" in line


def test_a_400_for_another_reason_is_a_model_error_of_its_task(plugins, gold, tmp_path):
    with FakeServer(answer=gold.answer, script=[Reply(400, message="This model's maximum context length is 4096")]) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, limit=2, concurrency=1))
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert ["model_error" in r for r in records] == [True, False]


@pytest.mark.parametrize("item, said", [("top_p", "--gen 'top_p': write KEY=VALUE"), ("=1", "--gen '=1': write KEY=VALUE")])
def test_a_gen_item_that_is_not_key_value_is_one_line(item, said):
    with pytest.raises(EaiError, match=said):
        parse_gen([item])


def test_gen_values_are_json_when_they_are_json():
    assert parse_gen(["top_p=0.9", "stop=[\"\\n\"]", "reasoning_effort=low", "logprobs=true", "temperature=null"]) == {
        "top_p": 0.9, "stop": ["\n"], "reasoning_effort": "low", "logprobs": True, "temperature": None}
    with pytest.raises(EaiError, match="--gen max_tokens=\"many\": give a number"):
        given(0.0, 2048, parse_gen(["max_tokens=many"]))


def test_resume_takes_gen_from_run_json_and_refuses_another(gold, tmp_path):
    out = tmp_path / "run"
    with FakeServer(answer=gold.answer) as server:
        args = ["run", "--model", MODEL, "--base-url", server.url, "--suite", "virtualhome", "--module",
                "action_sequencing", "--limit", "2", "--out", str(out), "--no-cache", "--quiet"]
        assert run_eai(*args, "--gen", "seed=7", env={"OPENAI_API_KEY": FAKE_KEY}).returncode == 0
        other = run_eai(*args, "--resume", "--gen", "seed=8", env={"OPENAI_API_KEY": FAKE_KEY})
        same = run_eai("run", "--resume", "--out", str(out), "--base-url", server.url, "--quiet",
                       env={"OPENAI_API_KEY": FAKE_KEY})
    assert other.returncode != 0 and "--gen differs from the run" in other.stderr
    assert same.returncode == 0, same.stderr
    assert {b["seed"] for b in server.bodies} == {7}
