"""A server that goes away stops the run, naming it, with what was answered kept;
a one-slot local server and the concurrency hint."""

import asyncio

import pytest

from eai.runner.calls import UNREACHABLE_LIMIT, EndpointDown, RetryPolicy
from eai.runner.run import run
from eai.runner.store import ResponseLog
from tests.models.fake_server import FakeServer, Reply
from tests.models.support import UNIT, read_jsonl, run_config


def test_a_server_that_goes_away_stops_the_run_and_resume_continues(plugins, gold, tmp_path):
    config = run_config(tmp_path / "run", "", limit=8, concurrency=1)  # 3 attempts per call
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(gone=gold.task_of(body) == gold.ids[2])) as server:
        config.model_options["base_url"], port = server.url, server.port
        with pytest.raises(EndpointDown) as caught:
            asyncio.run(run(config, plugins))
    assert str(caught.value).startswith(f"cannot reach {server.url}: {UNREACHABLE_LIMIT} connection failures in a row")
    log = ResponseLog(tmp_path / "run" / UNIT / "responses.jsonl").read()
    # the third task's call failed for good (a hang-up, then 2 refused); the fourth's made 3 refused: 5 in a row
    assert {i: bool(r.error) for i, r in log.items()} == {gold.ids[0]: False, gold.ids[1]: False, gold.ids[2]: True}
    assert not (tmp_path / "run" / UNIT / "records.jsonl").exists()
    with FakeServer(answer=gold.answer, port=port) as again:
        config.resume = True
        asyncio.run(run(config, plugins))
    assert sorted(gold.task_of(b) for b in again.bodies) == sorted(gold.ids[2:8])  # the answered ones are kept
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert [r["identifier"] for r in records] == gold.ids[:8] and all(r["success"] for r in records)


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
