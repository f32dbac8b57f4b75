"""The response cache never answers for another model (issue 36 item 3): its key
holds the model as served (eai.llm.identity: the server's /v1/models entry, the
model id and fingerprint its answers report), so another model restarted
behind the same name and URL is asked anew, while the same model restarted is
answered from the cache; answers cached before eai knew identities serve the
first model that claims them and no other. The console says how many answers
came from the cache. Over real HTTP against the fake OpenAI-compatible server,
restarted on its port as llama.cpp would be with another GGUF."""

import asyncio
import sqlite3

from eai.llm.cache import ResponseCache, cache_key
from eai.llm.model import Request, resolve_model
from eai.modules import get_module
from eai.results.store import ResponseLog
from eai.runner.run import run
from eai.testing.fake_server import FakeServer
from tests.models.support import UNIT, read_jsonl, run_config

QWEN = [{"id": "fake-model", "object": "model", "owned_by": "llamacpp",
         "meta": {"n_params": 494032768, "size": 491400032, "n_ctx_train": 32768}}]
LLAMA = [{"id": "fake-model", "object": "model", "owned_by": "llamacpp",
          "meta": {"n_params": 1235814432, "size": 807690272, "n_ctx_train": 131072}}]


def run_once(plugins, config, said=None):
    return asyncio.run(run(config, plugins, say=(said.append if said is not None else lambda text: None)))


def cached(out):
    return {i: c["cached"] for i, r in ResponseLog(out / UNIT / "responses.jsonl").read().items() for c in r.calls}


def restarted(plugins, gold, tmp_path, models, said):
    """A run on a server listing QWEN, then one on a server restarted on its port listing ``models``; the second server."""
    cache = tmp_path / "cache.sqlite"
    with FakeServer(answer=gold.answer, models=QWEN) as first:
        run_once(plugins, run_config(tmp_path / "first", first.url, cache=cache))
    with FakeServer(answer=gold.answer, models=models, port=first.port) as second:
        run_once(plugins, run_config(tmp_path / "again", second.url, cache=cache), said)
    return second


def test_another_model_behind_the_same_name_and_url_is_asked_anew(plugins, gold, tmp_path):
    said = []
    second = restarted(plugins, gold, tmp_path, LLAMA, said)
    assert second.count == 4  # every task, none from the first model's answers
    assert not any(cached(tmp_path / "again").values())
    assert f"0 of 4 answer(s) from the cache -> {tmp_path / 'again' / UNIT}" in said[-1]


def test_the_same_model_restarted_is_answered_from_the_cache(plugins, gold, tmp_path):
    """Its list entry's ``created`` is the request's time (llama.cpp, vLLM): no part of the identity."""
    said = []
    again = restarted(plugins, gold, tmp_path, QWEN, said)
    assert again.count == 1 and again.listed == 1  # the first task, whose answer says which model answers
    assert cached(tmp_path / "again") == {i: i != gold.ids[0] for i in gold.ids[:4]}
    assert "3 of 4 answer(s) from the cache" in said[-1]
    first, again_records = (read_jsonl(tmp_path / name / UNIT / "records.jsonl") for name in ("first", "again"))
    assert first == again_records


def test_another_model_id_or_fingerprint_in_the_answers_is_another_model(plugins, gold, tmp_path):
    cache = tmp_path / "cache.sqlite"
    with FakeServer(answer=gold.answer, served_model="gpt-4o-mini-2024-07-18", fingerprint="fp_1") as server:
        run_once(plugins, run_config(tmp_path / "first", server.url, cache=cache))
        server.fingerprint = "fp_2"
        run_once(plugins, run_config(tmp_path / "new_fingerprint", server.url, cache=cache))
        server.served_model = "gpt-4o-mini-2025-01-01"
        run_once(plugins, run_config(tmp_path / "new_snapshot", server.url, cache=cache))
        assert server.count == 12
        server.served_model, server.fingerprint = "gpt-4o-mini-2024-07-18", "fp_1"
        run_once(plugins, run_config(tmp_path / "back", server.url, cache=cache))
        assert server.count == 13  # the first model again: its answers are in the cache
    rows = [r[0] for r in sqlite3.connect(str(cache)).execute("select request from answers")]
    assert all('"served": {' in r and '"system_fingerprint": "fp_' in r for r in rows)


def old_cache(plugins, gold, path, url):
    """A cache whose answers were keyed before eai knew the model as served."""
    model = resolve_model(plugins, "openai:fake-model", {"base_url": url})
    suite = plugins.suites.get("virtualhome")
    simulator = plugins.simulators.get(suite.simulator)
    cache = ResponseCache(path)
    for task in suite.load(gold.ids[:4]):
        messages = get_module("action_sequencing").prompt(task, simulator)
        answer = gold.answer({"messages": [{"role": "user", "content": messages[-1].content}]})
        cache.put(*cache_key(model, Request(messages)), {"text": answer, "usage": {}})
    cache.close()


def test_answers_cached_before_identities_serve_the_first_model_that_claims_them_and_no_other(plugins, gold, tmp_path):
    cache, said = tmp_path / "cache.sqlite", []
    with FakeServer(answer=gold.answer, models=QWEN) as first:
        old_cache(plugins, gold, cache, first.url)
        run_once(plugins, run_config(tmp_path / "qwen", first.url, cache=cache))
        assert first.count == 1  # the first task; the old answers serve the others
    with FakeServer(answer=gold.answer, models=LLAMA, port=first.port) as second:
        run_once(plugins, run_config(tmp_path / "llama", second.url, cache=cache), said)
        assert second.count == 4
    assert any(line.startswith("note: answers cached for openai:fake-model at") and "another model's" in line
               for line in said)


def test_a_model_that_does_not_say_who_answers_keeps_the_old_key(plugins, gold, tmp_path):
    """replay: and plugin models that report no identity are keyed as before (no ``served``)."""
    model = resolve_model(plugins, "baseline:auto", {})
    request = Request(get_module("action_sequencing").prompt(plugins.suites.get("virtualhome").load(gold.ids[:1])[0],
                                                              plugins.simulators.get("virtualhome")))
    assert not model.reports_identity and '"served"' not in cache_key(model, request)[1]
