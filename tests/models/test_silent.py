"""The first-answer deadline (issue 36 item 4): a server that accepts connections
and replies to nothing, not even its model list, is given up on once the
deadline has passed since the first call, not after every call's timeout and
retries; a busy server that lists its models is waited for, however long its
answers take. What was answered is kept and --resume continues. The deadline
is real time (1 s for a silent server, which never replies, so the outcome
does not depend on the machine's speed)."""

import asyncio
import time

import pytest

from eai.llm.calls import EndpointDown, RetryPolicy
from eai.results.store import ResponseLog
from eai.runner.run import run
from eai.testing.fake_server import FakeServer, Reply
from tests.helpers import run_eai
from tests.models.support import FAKE_KEY, MODEL, UNIT, read_jsonl, run_config

SILENT = Reply(delay=3600)
PATIENT = RetryPolicy(attempts=5, first_delay=0.01, first_answer_deadline=1.0)


def test_a_silent_server_is_given_up_on_at_the_first_answer_deadline(plugins, gold, tmp_path):
    with FakeServer(answer=gold.answer, reply=lambda body: SILENT, listing=lambda: SILENT) as server:
        config = run_config(tmp_path / "run", server.url, timeout=600.0, retry=PATIENT)
        with pytest.raises(EndpointDown) as caught:
            asyncio.run(run(config, plugins))
    assert str(caught.value) == (f"giving up on {server.url}: no reply at all within 1 s of the first call "
                                 "(a slower server: raise --first-answer-deadline)")
    assert server.count <= 4  # no call tried again: none waited out its 600 s timeout
    assert not ResponseLog(tmp_path / "run" / UNIT / "responses.jsonl").read()


def test_a_busy_server_that_lists_its_models_is_waited_for(plugins, gold, tmp_path):
    """Its answers take longer than the deadline (3 s here, for the list to come back on a busy machine)."""
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(delay=4.0)) as server:
        retry = RetryPolicy(attempts=5, first_delay=0.01, first_answer_deadline=3.0)
        asyncio.run(run(run_config(tmp_path / "run", server.url, retry=retry), plugins))
        assert server.listed == 1
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert len(records) == 4 and all(r["success"] for r in records)


def test_the_cli_stops_a_silent_server_in_one_line_and_resume_finishes(gold, tmp_path):
    out = tmp_path / "run"
    args = ["run", "--model", MODEL, "--suite", "virtualhome", "--module", "action_sequencing", "--limit", "4",
            "--out", str(out), "--no-cache", "--quiet", "--first-answer-deadline", "1"]
    with FakeServer(answer=gold.answer, reply=lambda body: SILENT, listing=lambda: SILENT) as server:
        start = time.monotonic()
        stopped = run_eai(*args, "--base-url", server.url, env={"OPENAI_API_KEY": FAKE_KEY})
        took = time.monotonic() - start
    assert stopped.returncode != 0 and "Traceback" not in stopped.stderr
    [line] = stopped.stderr.strip().splitlines()
    assert line.startswith(f"error: giving up on {server.url}: no reply at all within 1 s of the first call")
    assert f"to continue: eai run --resume --out {out} --first-answer-deadline 1.0" in line
    assert took < 120  # the default timeout is 120 s: not waited out
    with FakeServer(answer=gold.answer, port=server.port) as back:
        again = run_eai("run", "--resume", "--out", str(out), "--base-url", back.url, "--quiet",
                        "--first-answer-deadline", "30", env={"OPENAI_API_KEY": FAKE_KEY})
    assert again.returncode == 0, again.stderr
    assert len(read_jsonl(out / UNIT / "records.jsonl")) == 4
