"""``eai run`` as a user runs it: the real command line in a subprocess, against
the fake server over real HTTP (``--base-url``)."""

import json
import os
import signal
import subprocess
import sys
import time

from eai.runner.store import ResponseLog
from tests.helpers import run_eai, table_rows
from tests.models.fake_server import FakeServer, Reply
from tests.models.support import FAKE_KEY, MODEL, UNIT, needs_entry_point, read_jsonl

pytestmark = needs_entry_point


def run_args(out, server, *more):
    return ["run", "--model", MODEL, "--base-url", server.url, "--suite", "virtualhome",
            "--module", "action_sequencing", "--out", str(out), "--quiet", *more]


def test_a_cli_run_keeps_the_api_key_out_of_every_output(gold, tmp_path):
    refused = gold.ids[2]
    echo = f"Incorrect API key provided: {FAKE_KEY} (Authorization: Bearer {FAKE_KEY})"

    def reply(body):
        return Reply(401, message=echo) if gold.task_of(body) == refused else Reply()

    with FakeServer(answer=gold.answer, reply=reply) as server:
        result = run_eai(*run_args(tmp_path / "run", server, "--limit", "4", "--cache", str(tmp_path / "cache.sqlite")),
                         env={"OPENAI_API_KEY": FAKE_KEY})
    assert result.returncode == 0, result.stderr
    assert {h["authorization"] for h in server.headers} == {f"Bearer {FAKE_KEY}"}  # the key was used
    records = {r["identifier"]: r for r in read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")}
    assert list(records) == gold.ids[:4]
    assert "401" in records[refused]["model_error"] and "Incorrect API key provided" in records[refused]["model_error"]
    assert all(r["success"] for task, r in records.items() if task != refused)
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert {p.name for p in files} >= {"run.json", "responses.jsonl", "records.jsonl", "summary.json", "cache.sqlite"}
    for path in files:
        assert FAKE_KEY.encode() not in path.read_bytes(), path
    assert FAKE_KEY not in result.stdout + result.stderr


def test_a_killed_run_resumes_without_asking_again(gold, tmp_path):
    out = tmp_path / "run"
    log = ResponseLog(out / UNIT / "responses.jsonl")
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(delay=0.3)) as server:
        args = run_args(out, server, "--limit", "16", "--concurrency", "2", "--no-cache")
        process = subprocess.Popen([sys.executable, "-m", "eai", *args], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, env={**os.environ, "OPENAI_API_KEY": FAKE_KEY})
        deadline = time.monotonic() + 60
        while len(log.read()) < 4 and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.02)
        assert process.poll() is None, "the run ended before it could be killed"
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        answered = set(log.read())
        assert 4 <= len(answered) < 16 and not (out / UNIT / "records.jsonl").exists()
        asked_before = server.count
        server.reply = lambda body: Reply()
        result = run_eai(*args, "--resume", env={"OPENAI_API_KEY": FAKE_KEY})
        asked_again = [gold.task_of(b) for b in server.bodies[asked_before:]]
    assert result.returncode == 0, result.stderr
    assert not answered & set(asked_again)  # nothing answered before the kill is asked again
    assert answered | set(asked_again) == set(gold.ids)
    assert sorted(r["identifier"] for r in read_jsonl(log.path)) == sorted(gold.ids)  # each task once, no torn line
    records = read_jsonl(out / UNIT / "records.jsonl")
    assert [r["identifier"] for r in records] == gold.ids
    assert all(r["success"] for r in records)


def test_a_run_whose_calls_all_fail_shows_no_figure_and_exits_non_zero(gold, tmp_path):
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(400, message="model not found")) as server:
        result = run_eai(*run_args(tmp_path / "run", server, "--limit", "3", "--no-cache"), env={"OPENAI_API_KEY": FAKE_KEY})
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "no answer was scored: all 3 model call(s) failed" in result.stderr
    summary = json.loads((tmp_path / "run" / UNIT / "summary.json").read_text())
    assert (summary["n"], summary["tasks"], summary["model_errors"]) == (0, 3, 3) and "errors" not in summary
    row = table_rows((tmp_path / "run" / "report.md").read_text(), "Table 4")[MODEL]
    assert (row["Tasks: n (V)"], row["Tasks: Model errors (V)"]) == ("0", "3")
    assert row["Grammar error: Parsing (V)"] == row["Goal evaluation: Task SR (V)"] == "-"  # not the model's parsing
