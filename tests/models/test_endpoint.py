"""Giving up on a model's server: only once it has sent nothing but failures
(refused connections, 5xx, timeouts alike) for the give-up window, so a restart
is ridden out; what was answered is kept and resume continues. The runner's
waits run on a virtual clock (tests.models.support.VirtualTime), so none of
this depends on the machine's speed. Also: the concurrency hint of a one-slot
local server."""

import asyncio
from contextlib import ExitStack

import pytest

from eai.llm.calls import Endpoint, EndpointDown, RetryPolicy
from eai.llm.model import ModelCallError
from eai.results.store import ResponseLog
from eai.runner.run import run
from eai.testing.fake_server import FakeServer, Reply
from tests.models.support import UNIT, VirtualTime, read_jsonl, run_config


def test_a_server_that_goes_away_is_given_up_on_after_the_window_and_resume_continues(plugins, gold, tmp_path):
    time = VirtualTime()
    config = run_config(tmp_path / "run", "", limit=8, concurrency=1, retry=time.policy())
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(gone=gold.task_of(body) == gold.ids[2])) as server:
        config.model_options["base_url"], port = server.url, server.port
        with pytest.raises(EndpointDown) as caught:
            asyncio.run(run(config, plugins))
    # the third task's call: a hang-up at 0 s, then refused at 1, 3, 7, 15 and 31 s (refusals use up no attempt)
    assert time.slept == [1, 2, 4, 8, 16]
    assert str(caught.value).startswith(f"giving up on {server.url}: nothing but failures for 31 s "
                                        f"(6 failed attempt(s); last: cannot connect to {server.url}")
    log = ResponseLog(tmp_path / "run" / UNIT / "responses.jsonl").read()
    assert {i: bool(r.error) for i, r in log.items()} == {gold.ids[0]: False, gold.ids[1]: False}
    assert not (tmp_path / "run" / UNIT / "records.jsonl").exists()
    with FakeServer(answer=gold.answer, port=port) as again:
        config.resume = True
        asyncio.run(run(config, plugins))
    assert sorted(gold.task_of(b) for b in again.bodies) == sorted(gold.ids[2:8])  # the answered ones are kept
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert [r["identifier"] for r in records] == gold.ids[:8] and all(r["success"] for r in records)


def test_a_restart_shorter_than_the_window_loses_no_task(plugins, gold, tmp_path):
    """Issue 31's 2-second outage, stretched to 10 s: more than a call's own
    attempts cover (3, waiting 1 and 2 s), less than the 30 s window."""
    time = VirtualTime()
    with ExitStack() as servers:
        first = servers.enter_context(FakeServer(answer=gold.answer,
                                                 reply=lambda body: Reply(gone=gold.task_of(body) == gold.ids[2])))
        back: list[FakeServer] = []
        time.at(10, lambda: back.append(servers.enter_context(FakeServer(answer=gold.answer, port=first.port))))
        config = run_config(tmp_path / "run", first.url, limit=8, concurrency=4, retry=time.policy())
        asyncio.run(run(config, plugins))
    assert back and back[0].count > 0 and time.now >= 10
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert [r["identifier"] for r in records] == gold.ids[:8]
    assert all(r["success"] and "model_error" not in r for r in records)


def test_a_500_storm_is_given_up_on_like_an_outage_with_the_failed_calls_kept(plugins, gold, tmp_path):
    time = VirtualTime()
    config = run_config(tmp_path / "run", "", limit=8, concurrency=1, retry=time.policy(give_up_after=5.0))
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(500, message="overloaded")) as server:
        config.model_options["base_url"] = server.url
        with pytest.raises(EndpointDown) as caught:
            asyncio.run(run(config, plugins))
    # the first call fails at 0, 1 and 3 s (its 3 attempts), the second at 3, 4 and 6 s: past the 5 s window
    assert str(caught.value) == (f"giving up on {server.url}: nothing but failures for 6 s (6 failed attempt(s); "
                                 "last: OpenAIAPIError: Error code: 500 - overloaded)")
    log = ResponseLog(tmp_path / "run" / UNIT / "responses.jsonl").read()
    assert list(log) == [gold.ids[0]] and "overloaded (after 3 attempt(s))" in log[gold.ids[0]].error
    assert server.count == 6


def test_a_server_that_never_answers_in_time_is_given_up_on(plugins, gold, tmp_path):
    time = VirtualTime()
    config = run_config(tmp_path / "run", "", limit=8, concurrency=1, timeout=0.2,
                        retry=time.policy(give_up_after=2.0))
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(delay=60)) as server:
        config.model_options["base_url"] = server.url
        with pytest.raises(EndpointDown) as caught:
            asyncio.run(run(config, plugins))
    # timed out at 0, 1 and 3 s (the first call's attempts), then at 3 and 4 s: 5 failures over 4 s
    assert str(caught.value).endswith("nothing but failures for 4 s (5 failed attempt(s); last: no answer within 0.2 s)")


def test_rate_limits_never_give_up_on_a_server(plugins, gold, tmp_path):
    """A 429 comes from a working server: a limiter busy for longer than the window
    costs the calls it refuses (model errors, asked again by --resume), not the run."""
    time = VirtualTime()
    config = run_config(tmp_path / "run", "", limit=8, concurrency=1, retry=time.policy(give_up_after=2.0))
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(429, message="slow down")) as server:
        config.model_options["base_url"] = server.url
        asyncio.run(run(config, plugins))
    assert server.count == 24 and time.now == 24  # 8 calls, 3 attempts each, waiting 1 and 2 s
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert len(records) == 8 and all("slow down" in r["model_error"] for r in records)


def test_a_timeout_counts_from_the_start_of_its_attempt():
    """No answer came for as long as the call waited: a server silent for 120 s is
    down at the 5th timeout seen, though all five are seen at the same moment."""
    time = VirtualTime()
    endpoint = Endpoint("http://10.0.0.1/v1", 8, policy=time.policy())
    timeout = ModelCallError("no answer within 120 s", retryable=True, timed_out=True)
    time.now = 120.0
    for _ in range(4):
        endpoint.failed(timeout, started=0.0)
    with pytest.raises(EndpointDown, match="nothing but failures for 120 s"):
        endpoint.failed(timeout, started=0.0)
    refused = Endpoint("http://10.0.0.1/v1", 8, policy=time.policy())
    for _ in range(10):  # refusals seen at one moment: a blip, however many calls were in flight
        refused.failed(ModelCallError("refused", retryable=True, unreachable=True), started=0.0)
    refused.check()


def test_a_call_timing_out_behind_others_on_a_local_server_hints_at_fewer_calls_in_flight(plugins, gold, tmp_path):
    said = []
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(delay=1.0), slots=1) as server:
        config = run_config(tmp_path / "run", server.url, limit=3, concurrency=3, timeout=1.5,
                            retry=RetryPolicy(attempts=1))  # the third waits 2 s for the slot, then needs 1 more
        asyncio.run(run(config, plugins, say=said.append))
    hints = [line for line in said if line.startswith("hint:")]
    assert len(hints) == 1 and server.url in hints[0] and "--concurrency" in hints[0]
    assert any("no answer within 1.5 s" in r["model_error"] for r in read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
               if "model_error" in r)


@pytest.mark.slow
def test_one_call_at_a_time_a_one_slot_server_answers_every_task_in_time(plugins, gold, tmp_path):
    said = []
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(delay=1.0), slots=1) as server:
        config = run_config(tmp_path / "run", server.url, limit=6, concurrency=1, timeout=4.0,
                            retry=RetryPolicy(attempts=1))
        asyncio.run(run(config, plugins, say=said.append))
    assert server.count == 6 and not [line for line in said if line.startswith("hint:")]
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert all(r["success"] and "model_error" not in r for r in records)
