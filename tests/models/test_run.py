"""The runner with the openai provider against a fake server, over real HTTP, in-process."""

import asyncio
import json
import time

import pytest

from eai.llm.calls import RetryPolicy
from eai.llm.model import GenerationConfig
from eai.results.store import ResponseLog
from eai.runner.run import run
from eai.testing.fake_server import FakeServer, Reply, prompt_of
from tests.models.support import UNIT, read_jsonl, run_config


def run_once(plugins, config):
    return asyncio.run(run(config, plugins))


def test_a_small_run_scores_the_servers_answers(plugins, gold, tmp_path):
    with FakeServer(answer=gold.answer) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url))
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert [r["identifier"] for r in records] == gold.ids[:4]
    assert all(r["success"] and "model_error" not in r for r in records)
    summary = (tmp_path / "run" / UNIT / "summary.json").read_text()
    assert '"task_success_rate": 100.0' in summary
    assert sorted(gold.task_of(b) for b in server.bodies) == sorted(gold.ids[:4])
    assert {(b["model"], b["temperature"]) for b in server.bodies} == {("fake-model", 0.0)}


@pytest.mark.parametrize("status", [429, 500, 503])
def test_rate_limits_and_server_errors_are_retried(plugins, gold, tmp_path, status):
    with FakeServer(answer=gold.answer, script=[Reply(status)]) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, limit=1))
    assert server.count == 2
    [record] = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert record["success"] and "model_error" not in record


def test_a_call_past_the_timeout_is_abandoned_and_retried(plugins, gold, tmp_path):
    config = run_config(tmp_path / "run", "", limit=1, timeout=1.0)
    with FakeServer(answer=gold.answer, script=[Reply(delay=3.0)]) as server:
        config.model_options["base_url"] = server.url
        start = time.perf_counter()
        run_once(plugins, config)
        elapsed = time.perf_counter() - start
    assert server.count == 2 and elapsed >= 1.0  # a second request: the first was abandoned, not waited for
    [record] = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert record["success"] and "model_error" not in record


def test_a_call_that_keeps_timing_out_is_recorded_as_failed(plugins, gold, tmp_path):
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(delay=60.0)) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, limit=1, timeout=2.0,
                                     retry=RetryPolicy(attempts=2, first_delay=0.01)))
    assert server.count <= 2  # on a loaded machine an attempt may end before its request arrives
    [record] = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert "after 2 attempt(s)" in record["model_error"] and "success" not in record  # not scored
    summary = json.loads((tmp_path / "run" / UNIT / "summary.json").read_text())
    assert (summary["n"], summary["model_errors"], summary.get("task_success_rate")) == (0, 1, None)


def test_calls_that_finally_fail_are_recorded_not_dropped(plugins, gold, tmp_path):
    bad_request, overloaded = gold.ids[1], gold.ids[2]
    statuses = {bad_request: 400, overloaded: 503}

    def reply(body):
        return Reply(statuses.get(gold.task_of(body), 200), message="refused")

    with FakeServer(answer=gold.answer, reply=reply) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url))
    asked = [gold.task_of(b) for b in server.bodies]
    assert asked.count(bad_request) == 1 and asked.count(overloaded) == 3  # final at once; retried up to 3 attempts
    records = {r["identifier"]: r for r in read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")}
    assert list(records) == gold.ids[:4]
    assert "400" in records[bad_request]["model_error"] and "after 1 attempt(s)" in records[bad_request]["model_error"]
    assert "503" in records[overloaded]["model_error"] and "after 3 attempt(s)" in records[overloaded]["model_error"]
    assert sum("model_error" in r for r in records.values()) == 2
    summary = json.loads((tmp_path / "run" / UNIT / "summary.json").read_text())
    assert (summary["tasks"], summary["n"], summary["model_errors"], summary["model_error_rate"]) == (4, 2, 2, 50.0)
    # the failed calls are no parsing errors of the model: the two answers it gave were both right
    assert (summary["task_success_rate"], summary["errors"]["parsing"]) == (100.0, 0.0)


def test_resuming_asks_again_only_the_failed_calls(plugins, gold, tmp_path):
    failing = gold.ids[0]
    config = run_config(tmp_path / "run", "")
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(400 if gold.task_of(body) == failing else 200)) as server:
        config.model_options["base_url"] = server.url
        run_once(plugins, config)
        server.reply = lambda body: Reply()
        before = server.count
        config.resume = True
        run_once(plugins, config)
        assert [gold.task_of(b) for b in server.bodies[before:]] == [failing]
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert [r["identifier"] for r in records] == gold.ids[:4] and all(r["success"] for r in records)


def test_an_identical_second_run_is_answered_from_the_cache(plugins, gold, tmp_path):
    cache = tmp_path / "cache.sqlite"
    with FakeServer(answer=gold.answer) as server:
        run_once(plugins, run_config(tmp_path / "first", server.url, cache=cache))
        assert server.count == 4
        run_once(plugins, run_config(tmp_path / "second", server.url, cache=cache))
        assert server.count == 5  # one request: the first task's, whose answer says which model answers
        run_once(plugins, run_config(tmp_path / "warmer", server.url, cache=cache,
                                     generation=GenerationConfig(temperature=0.5)))
        assert server.count == 9  # the generation settings are part of the key
    first, second = (tmp_path / name / UNIT / "records.jsonl" for name in ("first", "second"))
    assert first.read_bytes() == second.read_bytes()
    assert ResponseLog(tmp_path / "second" / UNIT / "responses.jsonl").read().keys() == set(gold.ids[:4])


def test_failed_calls_are_not_cached(plugins, gold, tmp_path):
    cache = tmp_path / "cache.sqlite"
    with FakeServer(answer=gold.answer, script=[Reply(400)]) as server:
        run_once(plugins, run_config(tmp_path / "first", server.url, cache=cache, limit=1))
        run_once(plugins, run_config(tmp_path / "second", server.url, cache=cache, limit=1))
        assert server.count == 2
        assert prompt_of(server.bodies[0]) == prompt_of(server.bodies[1])
    [record] = read_jsonl(tmp_path / "second" / UNIT / "records.jsonl")
    assert record["success"]


def test_the_heap_stays_frozen_under_a_caller_that_froze_it():
    import gc

    from eai.runner.core import frozen_heap

    gc.unfreeze()  # from a known state: a test that ran eai's command line in this process froze it
    try:
        with frozen_heap():
            assert gc.get_freeze_count() > 0
        assert gc.get_freeze_count() == 0  # nothing was frozen before: released after

        gc.freeze()  # as the command line does after start-up
        before = gc.get_freeze_count()
        loaded = [[i] for i in range(1000)]  # the tasks a unit loads
        with frozen_heap():
            assert gc.get_freeze_count() >= before + len(loaded)
        assert gc.get_freeze_count() >= before + len(loaded)  # the caller's and the block's stay frozen
    finally:
        gc.unfreeze()
