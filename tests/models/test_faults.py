"""Faults a server, a disk or another process can inject into a run (issue 14),
against the fake server over real HTTP: no answer loses its task or stops the run."""

import asyncio
import base64
import json
import sqlite3

import pytest

from eai.exceptions import EaiError
from eai.llm.cache import ResponseCache
from eai.llm.model import Answer, Usage
from eai.llm.stored import MAX_STORED_CHARS, stored
from eai.results.scoring import score
from eai.results.store import ResponseLog, locked
from eai.runner.run import run
from eai.testing.fake_server import FakeServer, Reply
from tests.models.support import UNIT, read_jsonl, run_config

SEPARATORS = "\u2028\u2029\u0085"


def run_once(plugins, config, say=lambda text: None):
    return asyncio.run(run(config, plugins, say=say))


@pytest.mark.parametrize("cached", [True, False])
def test_answers_with_line_separators_or_a_lone_surrogate_keep_their_task(plugins, gold, tmp_path, cached):
    odd = {gold.ids[0]: "\ud800", gold.ids[1]: SEPARATORS, gold.ids[2]: f"x{SEPARATORS}\udfff y"}

    def answer(body):
        return gold.answer(body) + odd.get(gold.task_of(body), "")

    config = run_config(tmp_path / "run", "", cache=tmp_path / "cache.sqlite" if cached else None)
    with FakeServer(answer=answer) as server:
        config.model_options["base_url"] = server.url
        run_once(plugins, config)
        config.resume = True
        run_once(plugins, config)  # resuming reads them back
        assert server.count == 4
    responses = ResponseLog(tmp_path / "run" / UNIT / "responses.jsonl").read()
    assert {i: r.output[-len(odd[i]):] for i, r in responses.items() if i in odd} == odd
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert [r["identifier"] for r in records] == gold.ids[:4]
    rescored = score(plugins, "virtualhome", "action_sequencing", list(responses.values()))  # as eai score reads it
    assert [r["identifier"] for r in rescored.records] == gold.ids[:4]


def test_a_last_line_cut_inside_a_character_is_asked_again(plugins, gold, tmp_path):
    config = run_config(tmp_path / "run", "")
    log = tmp_path / "run" / UNIT / "responses.jsonl"
    with FakeServer(answer=lambda body: gold.answer(body) + " é") as server:
        config.model_options["base_url"] = server.url
        run_once(plugins, config)
        lines = log.read_bytes().splitlines(keepends=True)
        last = json.loads(lines[3])
        raw = json.dumps(last, ensure_ascii=False).encode()  # as an older eai wrote it
        log.write_bytes(b"".join(lines[:3]) + raw[: raw.rindex("é".encode()) + 1])  # killed inside "é"
        last = last["identifier"]
        config.resume = True
        run_once(plugins, config)
        assert [gold.task_of(b) for b in server.bodies[4:]] == [last]
    assert sorted(ResponseLog(log).read()) == sorted(gold.ids[:4])


@pytest.mark.parametrize("damage, reason", [(b'{"llm_output": "x"}\n', "no task identifier"),
                                            (b'{"identifier": "27_2", \n', "not JSON")])
def test_a_damaged_line_before_the_last_is_one_line_naming_file_and_line(plugins, gold, tmp_path, damage, reason):
    config = run_config(tmp_path / "run", "")
    log = tmp_path / "run" / UNIT / "responses.jsonl"
    with FakeServer(answer=gold.answer) as server:
        config.model_options["base_url"] = server.url
        run_once(plugins, config)
        lines = log.read_bytes().splitlines(keepends=True)
        log.write_bytes(lines[0] + damage + b"".join(lines[1:]))
        config.resume = True
        with pytest.raises(EaiError, match=rf"responses.jsonl:2: damaged line, {reason}"):
            run_once(plugins, config)


NULL_CONTENT = ('{"id": "x", "object": "chat.completion", "created": 0, "model": "m", "choices": [{"index": 0, '
                '"message": {"role": "assistant", "content": null}, "finish_reason": "stop"}]}')


@pytest.mark.parametrize("body", ['{"id": "chatcmpl-fake", "object": "chat.completion", "choi',
                                  '{"id": "x", "object": "chat.completion", "created": 0, "model": "m", "choices": []}',
                                  '{}', NULL_CONTENT])
def test_a_200_reply_the_client_cannot_read_is_retried(plugins, gold, tmp_path, body):
    with FakeServer(answer=gold.answer, script=[Reply(body=body)]) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, limit=1))
    assert server.count == 2
    [record] = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert record["success"] and "model_error" not in record


def test_a_200_reply_that_stays_unreadable_is_a_recorded_failure(plugins, gold, tmp_path):
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(body="{")) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, limit=1))
    assert server.count == 3  # the retry budget, no more
    [record] = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert "unreadable reply" in record["model_error"] and "after 3 attempt(s)" in record["model_error"]


def test_credentials_in_the_base_url_are_stored_and_shown_nowhere(plugins, gold, tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY")  # the Basic auth takes the Authorization header (test_url_credentials.py)
    user, password = "alice", "pw-5e3c-never-shown"
    basic = base64.b64encode(f"{user}:{password}".encode()).decode()
    said = []
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(401, message="bad credentials: ", echo="authorization")
                    if gold.task_of(body) == gold.ids[1] else Reply(echo="authorization")) as server:
        url = server.url.replace("http://", f"http://{user}:{password}@")
        run_once(plugins, run_config(tmp_path / "run", url, cache=tmp_path / "cache.sqlite"), say=said.append)
    assert {h["authorization"] for h in server.headers} == {f"Basic {basic}"}  # sent, as the client sends it
    records = {r["identifier"]: r for r in read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")}
    assert "bad credentials: Basic [redacted]" in records[gold.ids[1]]["model_error"]
    assert json.loads((tmp_path / "run" / "run.json").read_text())["base_url"] == server.url
    for path in [p for p in tmp_path.rglob("*") if p.is_file()]:
        data = path.read_bytes()
        assert basic.encode() not in data and password.encode() not in data, path
    assert not any(password in line or basic in line for line in said)


def test_a_corrupt_cache_is_one_line_before_any_call(plugins, gold, tmp_path):
    cache = tmp_path / "cache.sqlite"
    cache.write_bytes(b"not a database, " * 512)
    with FakeServer(answer=gold.answer) as server, pytest.raises(EaiError, match="cache.sqlite cannot be used") as caught:
        run_once(plugins, run_config(tmp_path / "run", server.url, cache=cache))
    assert server.count == 0 and "\n" not in str(caught.value)


def test_a_cache_locked_by_another_program_loses_no_answer(plugins, gold, tmp_path):
    cache = tmp_path / "cache.sqlite"
    ResponseCache(cache).close()
    holder = sqlite3.connect(str(cache), isolation_level=None)
    holder.execute("begin exclusive")  # another program writes and does not let go
    said = []
    try:
        with FakeServer(answer=gold.answer) as server:
            run_once(plugins, run_config(tmp_path / "run", server.url, cache=cache), say=said.append)
    finally:
        holder.execute("rollback")
        holder.close()
    assert server.count == 4
    assert [line for line in said if line.startswith("warning")] == [
        f"warning: response cache {cache} failed (database is locked); this run goes on without it "
        "(answers are kept in responses.jsonl)"]
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert [r["identifier"] for r in records] == gold.ids[:4] and all(r["success"] for r in records)


def test_a_second_process_on_a_run_folder_is_refused(plugins, gold, tmp_path):
    out = tmp_path / "run"
    with FakeServer(answer=gold.answer) as server:
        run_once(plugins, run_config(out, server.url))
        config = run_config(out, server.url, resume=True)
        with locked(out), pytest.raises(EaiError, match="in use by another eai process") as caught:
            run_once(plugins, config)  # flock: another open file description, as another process has
        assert "\n" not in str(caught.value)
        run_once(plugins, config)  # free again
    assert server.count == 4


def test_an_invalid_run_json_is_one_line(plugins, gold, tmp_path):
    out = tmp_path / "run"
    with FakeServer(answer=gold.answer) as server:
        run_once(plugins, run_config(out, server.url))
        (out / "run.json").write_text('{"suites": ["virtualhome"], ', encoding="utf-8")
        with pytest.raises(EaiError, match="run.json is damaged"):
            run_once(plugins, run_config(out, server.url, resume=True))


def test_a_huge_answer_is_stored_up_to_the_cap_and_says_what_it_dropped():
    kept = stored(Answer("x" * (MAX_STORED_CHARS + 10), Usage(5, 7, "stop")))
    assert len(kept["text"]) == MAX_STORED_CHARS
    assert kept["usage"] == {"prompt_tokens": 5, "completion_tokens": 7, "finish_reason": "stop", "chars_dropped": 10}
    assert "chars_dropped" not in stored(Answer("x" * MAX_STORED_CHARS))["usage"]
