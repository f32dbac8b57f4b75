"""A server's ``Retry-After`` is honoured (issue 31 item 3): seconds or an HTTP
date, within the cap, which is said when it applies; the providers hand it to
the runner; the header parser takes any text."""

import asyncio
from datetime import datetime, timedelta, timezone
from email.utils import format_datetime

import pytest
from hypothesis import given, strategies as st

from eai.llm.model import retry_after
from eai.runner.run import run
from eai.testing.fake_server import FakeServer, Reply
from tests.models.support import UNIT, VirtualTime, read_jsonl, run_config
from tests.models.test_providers import base_url, failure, model_for

SERVER_TIME = datetime(2026, 3, 1, 12, 0, 0, tzinfo=timezone.utc)


def http_date(moment: datetime) -> str:
    return format_datetime(moment, usegmt=True)


def limited(*headers: tuple[str, str], status: int = 429) -> Reply:
    return Reply(status, message="rate limited", headers=headers)


def run_with(plugins, gold, tmp_path, script, limit=1, **policy):
    """A run of the first ``limit`` tasks, one call at a time, against a server
    that first sends ``script``; the waits it made, what it said and the server's URL."""
    time, said = VirtualTime(), []
    with FakeServer(answer=gold.answer, script=script) as server:
        config = run_config(tmp_path / "run", server.url, limit=limit, concurrency=1, retry=time.policy(**policy))
        asyncio.run(run(config, plugins, say=said.append))
    records = read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")
    assert all(r["success"] for r in records), records
    return time.slept, said, server.url


@pytest.mark.parametrize("headers, waited", [
    ((("Retry-After", "7"),), 7.0),
    ((("Retry-After", http_date(SERVER_TIME + timedelta(seconds=5))), ("Date", http_date(SERVER_TIME))), 5.0),
    ((("retry-after-ms", "1500"), ("Retry-After", "2")), 1.5),  # OpenAI's, finer
], ids=["seconds", "http-date", "milliseconds"])
def test_a_429_is_retried_after_the_wait_the_server_asks(plugins, gold, tmp_path, headers, waited):
    slept, said, _ = run_with(plugins, gold, tmp_path, [limited(*headers)])
    assert slept == [waited] and not [line for line in said if line.startswith("note:")]


def test_a_503_with_retry_after_is_waited_for_too(plugins, gold, tmp_path):
    slept, _, _ = run_with(plugins, gold, tmp_path, [limited(("Retry-After", "12"), status=503)])
    assert slept == [12.0]


def test_without_retry_after_the_back_off_doubles(plugins, gold, tmp_path):
    slept, _, _ = run_with(plugins, gold, tmp_path, [limited(), limited()])
    assert slept == [1.0, 2.0]


def test_a_longer_wait_than_the_cap_is_cut_to_it_and_said_once(plugins, gold, tmp_path):
    script = [limited(("Retry-After", "3600")), limited(("Retry-After", "86400"))]
    slept, said, url = run_with(plugins, gold, tmp_path, script, limit=2, max_retry_after=90.0)
    assert slept == [90.0, 90.0]
    assert [line for line in said if line.startswith("note:")] == [
        f"note: {url} asked to wait 3600 s before retrying (Retry-After); eai waits at most 90 s"]


@pytest.mark.parametrize("provider", ["openai", "anthropic", "ollama"])
def test_the_providers_hand_the_wait_to_the_runner(provider):
    with FakeServer(reply=lambda body: limited(("Retry-After", "42"))) as server:
        error = failure(model_for(provider, base_url(provider, server)))
    assert error.retryable and error.status == 429 and error.retry_after == 42.0


@given(st.integers(min_value=0, max_value=10**9))
def test_seconds_are_read_as_given(seconds):
    assert retry_after({"Retry-After": str(seconds)}) == seconds


@given(st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2100, 1, 1)), st.integers(-10**6, 10**6))
def test_a_date_is_read_against_the_replys_own_date(now, offset):
    now = now.replace(microsecond=0, tzinfo=timezone.utc)
    wait = retry_after({"retry-after": http_date(now + timedelta(seconds=offset)), "date": http_date(now)})
    assert wait == max(0, offset)


def test_a_date_without_the_replys_date_is_read_against_the_clock():
    assert retry_after({"Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"}, now=784111770.0) == 7.0
    assert retry_after({"Retry-After": "Sunday, 06-Nov-94 08:49:37 GMT"}, now=784111770.0) == 7.0  # RFC 850
    assert retry_after({"Retry-After": "Sun Nov  6 08:49:37 1994"}, now=784111770.0) == 7.0  # asctime


@given(st.dictionaries(st.sampled_from(["Retry-After", "retry-after-ms", "Date", "x"]), st.text()))
def test_any_header_text_gives_a_wait_or_none(headers):
    wait = retry_after(headers, now=0.0)
    assert wait is None or wait >= 0
