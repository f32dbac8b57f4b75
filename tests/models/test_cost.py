"""What calls cost (issue 36 item 7): each call priced from genai-prices' table by
the model the server reports and its tokens (cached ones at the cache-read
price), per call in responses.jsonl and records, per unit in summary.json, per
unit and run in the report; ``--cost-limit`` stops the run once reached, the
calls in flight finished, and --resume goes on. The fake server stands in for
a proxy in front of OpenAI (``--price-as openai``); a local server is not priced."""

import asyncio
import json

import genai_prices
import pytest

from eai.llm.cost import CostLimitReached
from eai.results.store import ResponseLog
from eai.runner.run import run
from eai.testing.fake_server import FakeServer, Reply
from tests.helpers import run_eai
from tests.models.support import FAKE_KEY, MODEL, UNIT, read_jsonl, run_config

SERVED = "gpt-4o-mini-2024-07-18"


def expected(prompt: int, completion: int, cached: int = 0) -> float:
    usage = genai_prices.Usage(input_tokens=prompt, output_tokens=completion, cache_read_tokens=cached or None)
    return round(float(genai_prices.calc_price(usage, SERVED, provider_id="openai").total_price), 9)


def test_each_call_is_priced_and_summed_per_unit_and_run(plugins, gold, tmp_path):
    with FakeServer(answer=gold.answer, served_model=SERVED, reply=lambda body: Reply(cached_tokens=100)) as server:
        asyncio.run(run(run_config(tmp_path / "run", server.url, price_as="openai"), plugins))
    logged = ResponseLog(tmp_path / "run" / UNIT / "responses.jsonl").read()
    calls = {i: c for i, r in logged.items() for c in r.calls}
    assert all(c["cost_usd"] == expected(c["prompt_tokens"], c["completion_tokens"], 100) > 0 for c in calls.values())
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert {r["identifier"]: r["usage"][0]["cost_usd"] for r in records} == {i: c["cost_usd"] for i, c in calls.items()}
    usage = json.loads((tmp_path / "run" / UNIT / "summary.json").read_text())["usage"]
    assert usage["cost_usd"] == round(sum(c["cost_usd"] for c in calls.values()), 6) and usage["calls_priced"] == 4
    assert usage["cached_tokens"] == 400
    from eai.api import run_report

    report = (run_report(tmp_path / "run").folder / "report.md").read_text()
    assert "Cost (USD)" in report and "Cached prompt tokens" in report
    assert f"| run |  |  | - | - | - | - | - | - | - | - | - | - | {usage['cost_usd']:.6f} |" in report


def test_a_local_server_is_not_priced_and_the_summary_says_nothing_of_cost(plugins, gold, tmp_path):
    with FakeServer(answer=gold.answer, served_model=SERVED) as server:
        asyncio.run(run(run_config(tmp_path / "run", server.url), plugins))
    usage = json.loads((tmp_path / "run" / UNIT / "summary.json").read_text())["usage"]
    assert "cost_usd" not in usage and "calls_priced" not in usage
    assert not any("cost_usd" in c for r in read_jsonl(tmp_path / "run" / UNIT / "records.jsonl") for c in r["usage"])


def test_the_cost_limit_stops_the_run_and_resume_goes_on(plugins, gold, tmp_path):
    with FakeServer(answer=gold.answer, served_model=SERVED) as server:
        asyncio.run(run(run_config(tmp_path / "probe", server.url, limit=1, price_as="openai"), plugins))
        [first] = read_jsonl(tmp_path / "probe" / UNIT / "records.jsonl")
        limit = first["usage"][0]["cost_usd"] * 1.5  # reached by the second call
        config = run_config(tmp_path / "run", server.url, limit=8, concurrency=1, price_as="openai", cost_limit=limit)
        with pytest.raises(CostLimitReached, match=r"stopped at the cost limit: the calls made cost \$"):
            asyncio.run(run(config, plugins))
        answered = ResponseLog(tmp_path / "run" / UNIT / "responses.jsonl").read()
        costs = [c["cost_usd"] for r in answered.values() for c in r.calls]
        assert 2 <= len(costs) < 8 and sum(costs[:-1]) < limit <= sum(costs)  # the call that reached it is kept
        config.resume, config.cost_limit = True, None
        asyncio.run(run(config, plugins))
    assert len(read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")) == 8


def test_the_cli_says_the_cost_limit_in_one_line_with_how_to_resume(gold, tmp_path):
    out = tmp_path / "run"
    with FakeServer(answer=gold.answer, served_model=SERVED) as server:
        result = run_eai("run", "--model", MODEL, "--base-url", server.url, "--suite", "virtualhome", "--module",
                         "action_sequencing", "--limit", "8", "--concurrency", "1", "--out", str(out), "--no-cache",
                         "--quiet", "--price-as", "openai", "--cost-limit", "0.0000001", env={"OPENAI_API_KEY": FAKE_KEY})
    assert result.returncode != 0 and "Traceback" not in result.stderr
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("error: stopped at the cost limit: the calls made cost $")
    assert line.endswith(f"to continue: eai run --resume --out {out} --concurrency 1 --cost-limit 1e-07 --price-as openai --no-cache")
