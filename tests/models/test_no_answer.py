"""A reply without an answer (issue 31 item 4): ``"content": null`` is an
unreadable reply (retried, test_faults.py; then a model error), never the
model's empty answer; a refusal the provider reports is the model's answer,
scored and counted as refused in the record, the summary, the report and the
unit's line."""

import asyncio
import json

import pytest

from eai.reporting.collect import collect
from eai.reporting.usage import usage_tables
from eai.runner.run import run
from eai.testing.fake_server import FakeServer, Reply
from tests.models.support import UNIT, read_jsonl, run_config
from tests.models.test_providers import ask, base_url, model_for

REFUSAL = "I'm sorry, but I can't help with that."


def run_once(plugins, config, said=None):
    asyncio.run(run(config, plugins, say=(said.append if said is not None else lambda text: None)))


def test_a_null_content_that_stays_is_a_model_error_not_an_empty_answer(plugins, gold, tmp_path):
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(no_content=True)) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, limit=1))
    assert server.count == 3  # the retry budget
    [record] = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert set(record) == {"identifier", "model_error"}
    assert record["model_error"].startswith("unreadable reply: ") and '"content": null' in record["model_error"]
    summary = json.loads((tmp_path / "run" / UNIT / "summary.json").read_text())
    assert (summary["n"], summary["model_errors"]) == (0, 1)


def test_an_empty_text_is_the_models_empty_answer(plugins, tmp_path):
    with FakeServer(answer=lambda body: "") as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, limit=1))
    assert server.count == 1
    [record] = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert record["success"] is False and "model_error" not in record


def test_a_refusal_is_the_models_answer_counted_as_refused(plugins, gold, tmp_path):
    said = []
    refused = gold.ids[1]
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(refusal=REFUSAL if gold.task_of(body) == refused else "")) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url), said)
    assert server.count == 4  # not asked again
    records = {r["identifier"]: r for r in read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")}
    assert "model_error" not in records[refused] and records[refused]["success"] is False
    assert [call["finish_reason"] for call in records[refused]["usage"]] == ["refusal"]
    responses = {r["identifier"]: r for r in read_jsonl(tmp_path / "run" / UNIT / "responses.jsonl")}
    assert responses[refused]["llm_output"] == REFUSAL
    summary = json.loads((tmp_path / "run" / UNIT / "summary.json").read_text())
    assert (summary["n"], summary["model_errors"], summary["usage"]["refused"]) == (4, 0, 1)
    assert [line for line in said if line.startswith("done ")][0].endswith(
        f"n=4 of 4 tasks, 0 of 4 answer(s) from the cache, 1 answer(s) refused by the model -> {tmp_path / 'run' / UNIT}")
    [table] = usage_tables(collect([tmp_path / "run"]))
    assert dict(zip(table.headers, table.rows[0]))["Refused"] == 1


def test_no_refusal_no_refused_count(plugins, gold, tmp_path):
    with FakeServer(answer=gold.answer) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url))
    summary = json.loads((tmp_path / "run" / UNIT / "summary.json").read_text())
    assert "refused" not in summary["usage"]


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_the_providers_report_a_refusal_as_the_finish_reason(provider):
    with FakeServer(reply=lambda body: Reply(refusal=REFUSAL)) as server:
        answer = ask(model_for(provider, base_url(provider, server)))
    assert (answer.text, answer.usage.finish_reason) == (REFUSAL, "refusal")
