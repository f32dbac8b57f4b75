"""Token usage, finish reasons and call times recorded by the runner, the
default token limit, and a cache key free of transport settings."""

import asyncio
import hashlib
import json
import sqlite3

from eai.host.manager import get_plugins
from eai.llm.cache import cache_key
from eai.llm.calls import RetryPolicy
from eai.llm.model import MAX_TOKENS, GenerationConfig, Message, Request, resolve_model
from eai.modules import get_module
from eai.results.store import ResponseLog
from eai.runner.run import run
from eai.testing.fake_server import WORD, FakeServer, Reply
from tests.models.support import UNIT, read_jsonl, run_config
from tests.modules.test_cut_answers import HEAD, HEAT, eb_plan


def run_once(plugins, config):
    return asyncio.run(run(config, plugins))


def test_tokens_and_finish_reasons_are_recorded_and_totalled(plugins, gold, tmp_path):
    limit = 50  # words: the fake server's tokens; two of the four gold plans are longer
    cache = tmp_path / "cache.sqlite"
    with FakeServer(answer=gold.answer) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, cache=cache, generation=GenerationConfig(max_tokens=limit)))
        run_once(plugins, run_config(tmp_path / "again", server.url, cache=cache, generation=GenerationConfig(max_tokens=limit)))
    assert {b["max_completion_tokens"] for b in server.bodies} == {limit}
    words = {gold.task_of(b): (sum(len(WORD.findall(m["content"])) for m in b["messages"]),
                               len(WORD.findall(gold.answer(b)))) for b in server.bodies}
    assert any(n > limit for _, n in words.values()) and any(n <= limit for _, n in words.values())
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert {r["identifier"]: r["usage"] for r in records} == {
        task: [{"stage": "action_sequencing", "prompt_tokens": prompt, "completion_tokens": min(answer, limit),
                "finish_reason": "length" if answer > limit else "stop"}] for task, (prompt, answer) in words.items()}
    summary = json.loads((tmp_path / "run" / UNIT / "summary.json").read_text())
    assert summary["usage"] == {"calls": 4, "calls_with_tokens": 4,
                                "prompt_tokens": sum(p for p, _ in words.values()),
                                "completion_tokens": sum(min(a, limit) for _, a in words.values()),
                                "truncated": sum(a > limit for _, a in words.values())}
    first = ResponseLog(tmp_path / "run" / UNIT / "responses.jsonl").read()
    again = ResponseLog(tmp_path / "again" / UNIT / "responses.jsonl").read()
    assert all(not c["cached"] and c["seconds"] >= 0 for r in first.values() for c in r.calls)
    # the first task asked again: its answer says which model the server serves (eai.llm.identity)
    assert {i: c["cached"] for i, r in again.items() for c in r.calls} == {i: i != gold.ids[0] for i in gold.ids[:4]}
    for name in ("records.jsonl", "summary.json"):  # the times and cache hits stay out of them
        assert (tmp_path / "run" / UNIT / name).read_bytes() == (tmp_path / "again" / UNIT / name).read_bytes()


def test_the_default_token_limit_is_sent(plugins, gold, tmp_path):
    with FakeServer(answer=gold.answer) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url, limit=1))
    assert server.bodies[0]["max_completion_tokens"] == MAX_TOKENS == 2048


def test_the_cache_key_holds_what_changes_the_answer_not_transport_settings(plugins, gold, tmp_path):
    cache = tmp_path / "cache.sqlite"
    with FakeServer(answer=gold.answer) as server:
        run_once(plugins, run_config(tmp_path / "first", server.url, cache=cache, timeout=10.0))
        run_once(plugins, run_config(tmp_path / "second", server.url, cache=cache, timeout=30.0, concurrency=1,
                                     retry=RetryPolicy(attempts=1)))
        # a new timeout, concurrency or retry count asks nothing again but the first task (eai.llm.identity)
        assert server.count == 5
        run_once(plugins, run_config(tmp_path / "third", server.url, cache=cache,
                                     generation=GenerationConfig(max_tokens=100)))
        assert server.count == 9  # a new token limit does


def test_a_cache_written_before_usage_was_kept_still_answers(plugins, gold, tmp_path):
    """The old table ``responses`` keyed on the timeout too; its rows are moved, keyed anew,
    and used by the model served at the URL (the first task is asked, to learn which)."""
    cache = tmp_path / "cache.sqlite"
    with FakeServer(answer=gold.answer) as server:
        model = resolve_model(plugins, "openai:fake-model", {"base_url": server.url})
        suite = get_plugins().suites.get("virtualhome")
        simulator = get_plugins().simulators.get(suite.simulator)
        old = sqlite3.connect(str(cache))
        old.execute("create table responses (key text primary key, request text not null, response text not null)")
        for task in suite.load(gold.ids[:4]):
            messages = get_module("action_sequencing").prompt(task, simulator)
            material = json.loads(cache_key(model, Request(messages))[1])
            material["config"]["timeout"] = 10.0  # as the old key held it, in its encoding
            text = json.dumps(material, sort_keys=True, ensure_ascii=False)
            old.execute("insert into responses values (?, ?, ?)", (hashlib.sha256(text.encode()).hexdigest(), text,
                                                                  gold.answer({"messages": [{"role": "user", "content": messages[-1].content}]})))
        old.commit()
        old.close()
        run_once(plugins, run_config(tmp_path / "run", server.url, cache=cache))
    assert server.count == 1  # the first task; the others are cached
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert [r["identifier"] for r in records] == gold.ids[:4] and all(r["success"] for r in records)
    tables = {row[0] for row in sqlite3.connect(str(cache)).execute("select name from sqlite_master where type = 'table'")}
    assert tables == {"answers", "claims"}


def test_long_horizon_0_cut_by_the_servers_token_limit_is_read_as_cut(plugins, tmp_path):
    """eb-alfred long_horizon_0 (issue 30, item 17): a plan repeating its steps, then prose the server's token
    limit cut; its JSON is whole, so only the server's finish reason says the answer was cut. It reaches the
    record, in a run and in an episode, which says the plan loops and is no success."""
    answer = eb_plan(plugins, HEAD + HEAT * 4) + "\n\nExplanation:" + " the robot does it again" * 400
    limit = 1000  # words: the fake server's tokens; the plan has about 450, the answer 2,400
    with FakeServer(answer=lambda body: answer) as server:
        for name, replan in (("run", 0), ("replanned", 1)):  # scored as eai score does; played as an episode
            run_once(plugins, run_config(tmp_path / name, server.url, suites=["eb-alfred"], task_ids=["long_horizon_0"],
                                         limit=None, generation=GenerationConfig(max_tokens=limit), replan=replan))
    for name, attempts in (("run", 1), ("replanned", 2)):
        [record] = read_jsonl(tmp_path / name / "eb-alfred" / "action_sequencing" / "openai_fake-model" / "records.jsonl")
        assert len(record["usage"]) == attempts and {c["finish_reason"] for c in record["usage"]} == {"length"}
        assert record["usage"][0]["completion_tokens"] == limit
        assert record["truncated_answer"] and record["executable"] and not record["success"]
        assert record["repetition_loop"]["start"] == 4 and record["repetition_loop"]["goal_held"] == "sometimes"


def test_reasoning_and_cached_tokens_are_counted_where_the_server_reports_them(plugins, gold, tmp_path):
    """OpenAI's completion_tokens_details and prompt_tokens_details (issue 36 item 2), into
    the records, the summary's totals and the report; units whose server reports none keep
    the usage they had."""
    with FakeServer(answer=gold.answer, reply=lambda body: Reply(reasoning_tokens=7, cached_tokens=100)) as server:
        run_once(plugins, run_config(tmp_path / "run", server.url))
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert all(r["usage"][0]["reasoning_tokens"] == 7 and r["usage"][0]["cached_tokens"] == 100 for r in records)
    usage = json.loads((tmp_path / "run" / UNIT / "summary.json").read_text())["usage"]
    assert (usage["reasoning_tokens"], usage["cached_tokens"]) == (28, 400)
    from eai.api import run_report

    report = (run_report(tmp_path / "run").folder / "report.md").read_text()
    assert "| Reasoning tokens | Cached prompt tokens |" in report and "| 28 | 400 |" in report


def test_anthropics_cache_reads_are_cached_prompt_tokens(plugins):
    from tests.models.test_providers import base_url, model_for

    with FakeServer(answer=lambda body: "one two", reply=lambda body: Reply(cached_tokens=3)) as server:
        model = model_for("anthropic", base_url("anthropic", server))
        answer = asyncio.run(model.generate(Request((Message("user", "You plan. Wash the clothes."),))))
    assert (answer.usage.prompt_tokens, answer.usage.cached_tokens) == (5, 3)  # langchain adds the reads back in
