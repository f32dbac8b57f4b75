"""``eai run`` as a user runs it: the real command line in a subprocess, against
the fake server over real HTTP (``--base-url``)."""

import json
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from eai.cli.progress import Lines
from eai.results.store import ResponseLog
from eai.testing.fake_server import FakeServer, Reply
from tests.helpers import run_eai, table_rows
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


def stop_once_answered(args, log, stop):
    """Start ``eai ARGS``; once ``log`` holds 4 answers, send it ``stop`` and wait for its end."""
    process = subprocess.Popen([sys.executable, "-m", "eai", *args], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, env={**os.environ, "OPENAI_API_KEY": FAKE_KEY})
    deadline = time.monotonic() + 60
    while len(log.read()) < 4 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.02)
    assert process.poll() is None, "the run ended before it could be stopped"
    os.kill(process.pid, stop)
    process.wait()

def test_a_killed_run_resumes_without_asking_again(gold, tmp_path):
    out = tmp_path / "run"
    log = ResponseLog(out / UNIT / "responses.jsonl")
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(delay=0.3)) as server:
        args = run_args(out, server, "--limit", "16", "--concurrency", "2", "--no-cache")
        stop_once_answered(args, log, signal.SIGKILL)
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


@pytest.mark.parametrize("stop", [signal.SIGKILL, signal.SIGINT])
def test_a_run_stopped_with_a_cache_loses_no_logged_answer(gold, tmp_path, stop):
    """Issue 38 item 5: the cache writes its answers in batches from a thread of its
    own. Stopped mid-run (killed, or Ctrl-C), the resume asks nothing logged in
    responses.jsonl; Ctrl-C writes the queued answers (a kill may lose the last
    batch's), and a fresh run with the same cache asks only what the kill lost,
    and its first task, whose answer says which model the server serves
    (eai.llm.identity)."""
    out, cache = tmp_path / "run", tmp_path / "cache.sqlite"
    log = ResponseLog(out / UNIT / "responses.jsonl")
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(delay=0.3)) as server:
        args = run_args(out, server, "--limit", "16", "--concurrency", "2", "--cache", str(cache))
        stop_once_answered(args, log, stop)
        answered = {task for task, item in log.read().items() if not item.error}
        assert 4 <= len(answered) < 16
        asked_before = server.count
        server.reply = lambda body: Reply()
        assert run_eai(*args, "--resume", env={"OPENAI_API_KEY": FAKE_KEY}).returncode == 0
        asked_again = [gold.task_of(b) for b in server.bodies[asked_before:]]
        fresh = run_eai(*run_args(tmp_path / "fresh", server, "--limit", "16", "--cache", str(cache)),
                        env={"OPENAI_API_KEY": FAKE_KEY})
        asked_fresh = [gold.task_of(b) for b in server.bodies[asked_before + len(asked_again):]]
    assert fresh.returncode == 0, fresh.stderr
    assert not answered & set(asked_again) and answered | set(asked_again) == set(gold.ids)
    assert set(asked_fresh) <= answered  # the resume's answers are all in the cache
    if stop == signal.SIGINT:
        assert asked_fresh == gold.ids[:1]
    assert read_jsonl(out / UNIT / "records.jsonl") == read_jsonl(tmp_path / "fresh" / UNIT / "records.jsonl")

def test_with_no_server_listening_the_run_stops_naming_the_url_and_how_to_resume(tmp_path):
    out = tmp_path / "run"
    env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}  # none needed for a server of your own
    result = subprocess.run([sys.executable, "-m", "eai", "run", "--model", "openai:x", "--base-url",
                             "http://127.0.0.1:9/v1", "--out", str(out), "--no-cache", "--give-up-after", "3"],
                            capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 2, result.stderr  # not hung: subprocess's timeout would fail it
    [line] = result.stderr.splitlines()
    assert line.startswith("error: giving up on http://127.0.0.1:9/v1: nothing but failures for ")
    assert "last: cannot connect to http://127.0.0.1:9/v1" in line
    assert line.endswith(f"to continue: eai run --resume --out {out} --give-up-after 3.0 --no-cache")


def interrupted(args, log) -> str:
    """Run ``eai`` with ``args``, Ctrl-C it once two answers are logged: the last line it printed (exit status 130)."""
    process = subprocess.Popen([sys.executable, "-m", "eai", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env={**os.environ, "OPENAI_API_KEY": FAKE_KEY})
    deadline = time.monotonic() + 120
    while len(log.read()) < 2 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.02)
    assert process.poll() is None, "the run ended before it could be interrupted"
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=120)
    assert process.returncode == 130
    return stderr.strip().splitlines()[-1]


def test_ctrl_c_says_how_to_resume_and_resume_takes_the_options_from_run_json(gold, tmp_path):
    out = tmp_path / "run"
    log = ResponseLog(out / UNIT / "responses.jsonl")
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(delay=0.3)) as server:
        args = run_args(out, server, "--limit", "8", "--concurrency", "2", "--no-cache", "--max-tokens", "100")
        assert interrupted(args, log) == ("interrupted: what was answered is kept; to continue: "
                                          f"eai run --resume --out {out} --concurrency 2 --no-cache")
        answered = {i for i, r in log.read().items() if not r.error}
        asked = server.count
        result = run_eai("run", "--resume", "--out", str(out), env={"OPENAI_API_KEY": FAKE_KEY})
        asked_again = [gold.task_of(b) for b in server.bodies[asked:]]
    assert result.returncode == 0, result.stderr
    assert {b["max_completion_tokens"] for b in server.bodies[asked:]} == {100}  # from run.json
    assert not answered & set(asked_again) and answered | set(asked_again) == set(gold.ids[:8])
    records = read_jsonl(out / UNIT / "records.jsonl")
    assert [r["identifier"] for r in records] == gold.ids[:8]
    # no terminal: plain progress lines, and a line for the finished unit
    label = f"virtualhome/action_sequencing/{MODEL}"
    assert f"{label}: {len(answered)}/8 task(s), 0 failed call(s)" in result.stdout
    assert f"{label}: 8/8 task(s), 0 failed call(s)" in result.stdout
    assert f"done {label}: n=8 of 8 tasks, 0 of 8 answer(s) from the cache -> {out / UNIT}" in result.stdout
    report = (out / "report.md").read_text()
    assert "### Model usage" in report and f"| virtualhome | action_sequencing | {MODEL} | 8 | 8 | 0 | 8 |" in report


class InFlight:
    """The fake server's requests in flight (sent, not yet answered), and the most at once."""

    def __init__(self, answer):
        self._answer, self._lock = answer, threading.Lock()
        self.now = self.most = 0

    def reply(self, body):
        with self._lock:
            self.now += 1
            self.most = max(self.most, self.now)
        return Reply(delay=0.2)

    def answer(self, body):
        with self._lock:
            self.now -= 1
        return self._answer(body)


def test_resume_keeps_concurrency_1_and_timeout_600_against_a_one_slot_server(gold, tmp_path):
    """Found with a one-slot llama.cpp server: the resume line dropped
    --concurrency 1 --timeout 600, and the resume ran 8 calls in flight with
    120 s timeouts. run.json keeps how the calls were made apart from what
    decides the results; the line and --resume itself keep every setting."""
    out, cache = tmp_path / "run", tmp_path / "calls.sqlite"
    log = ResponseLog(out / UNIT / "responses.jsonl")
    flight = InFlight(gold.answer)
    with FakeServer(answer=flight.answer, reply=flight.reply, slots=1) as server:
        args = run_args(out, server, "--limit", "6", "--concurrency", "1", "--timeout", "600", "--cache", str(cache))
        assert interrupted(args, log) == ("interrupted: what was answered is kept; to continue: "
                                          f"eai run --resume --out {out} --concurrency 1 --timeout 600.0 --cache {cache}")
        assert json.loads((out / "run.json").read_text())["transport"] == {
            "concurrency": 1, "timeout": 600.0, "retries": 5, "give_up_after": 30.0, "first_answer_deadline": 30.0,
            "cost_limit": None, "price_as": None, "cache": str(cache), "no_cache": False, "executor": "local",
            "address": None}
        flight.most = flight.now
        result = run_eai("run", "--resume", "--out", str(out), env={"OPENAI_API_KEY": FAKE_KEY})
        assert result.returncode == 0, result.stderr
        assert flight.most == 1  # one call in flight at a time, as the run was started
        assert len(read_jsonl(out / UNIT / "records.jsonl")) == 6
        again = run_eai("run", "--resume", "--out", str(out), "--concurrency", "3", env={"OPENAI_API_KEY": FAKE_KEY})
    assert again.returncode == 0, again.stderr
    transport = json.loads((out / "run.json").read_text())["transport"]
    assert (transport["concurrency"], transport["timeout"], transport["cache"]) == (3, 600.0, str(cache))


def test_a_run_json_from_before_the_transport_settings_still_resumes(gold, tmp_path):
    out = tmp_path / "run"
    with FakeServer(answer=gold.answer) as server:
        assert run_eai(*run_args(out, server, "--limit", "2", "--no-cache"), env={"OPENAI_API_KEY": FAKE_KEY}).returncode == 0
        spec = json.loads((out / "run.json").read_text())
        del spec["transport"]
        (out / "run.json").write_text(json.dumps(spec))
        responses = out / UNIT / "responses.jsonl"
        responses.write_text(responses.read_text().splitlines(keepends=True)[0])  # the second task unanswered
        asked = server.count
        result = run_eai("run", "--resume", "--out", str(out), "--no-cache", env={"OPENAI_API_KEY": FAKE_KEY})
    assert result.returncode == 0, result.stderr
    assert server.count == asked + 1
    assert json.loads((out / "run.json").read_text())["transport"]["concurrency"] == 8  # the default, now recorded


def test_a_resume_with_a_different_option_names_it(gold, tmp_path):
    out = tmp_path / "run"
    with FakeServer(answer=gold.answer) as server:
        first = run_eai(*run_args(out, server, "--limit", "1", "--no-cache"), env={"OPENAI_API_KEY": FAKE_KEY})
        assert first.returncode == 0, first.stderr
        result = run_eai("run", "--resume", "--out", str(out), "--temperature", "0.7", env={"OPENAI_API_KEY": FAKE_KEY})
    assert result.returncode == 2
    assert result.stderr == (f"error: --temperature differs from the run in {out}: it was started with 0.0, not 0.7 "
                             "(leave --temperature out to keep the run's)\n")


def test_without_a_terminal_a_line_per_unit_start_and_end_and_at_most_one_a_minute_between():
    printed, now = [], [0.0]
    lines = Lines(printed.append, every=60.0, clock=lambda: now[0])
    for done, at in [(0, 0.0), (1, 10.0), (2, 59.0), (3, 61.0), (4, 62.0), (5, 125.0), (6, 126.0)]:
        now[0] = at
        lines("vh/as/m", done, 6, 0)
    assert printed == [f"vh/as/m: {done}/6 task(s), 0 failed call(s)" for done in (0, 3, 5, 6)]


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
