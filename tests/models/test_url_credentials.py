"""Credentials in a base URL (issue 31 item 6): a key in the query string is
sent and stored nowhere (run.json, cache, report, viewer, messages); a user and
password are sent as HTTP Basic auth; the providers' keys go in the same
Authorization header, so with both the model is refused."""

import base64
import json

import pytest
from hypothesis import given, strategies as st

from eai.exceptions import EaiError
from eai.llm.credentials import REDACTED, is_credential, url_secrets, without_credentials
from eai.testing.fake_server import FakeServer, Reply
from tests.helpers import run_eai
from tests.models.support import FAKE_KEY, MODEL, UNIT, needs_entry_point, read_jsonl
from tests.models.test_providers import ask, model_for

SECRET = "s3cr3t-9d1e-never-stored"
USER, PASSWORD = "alice", "pw-5e3c-never-shown"


@needs_entry_point
def test_a_key_in_the_query_string_reaches_the_server_and_is_stored_and_shown_nowhere(gold, tmp_path):
    echoing = gold.ids[1]

    def reply(body):
        return Reply(401, message="bad key: ", echo="?") if gold.task_of(body) == echoing else Reply()

    with FakeServer(answer=gold.answer, reply=reply) as server:
        url = f"{server.url}?api_key={SECRET}&api-version=2024-06-01"
        args = ["run", "--model", MODEL, "--base-url", url, "--suite", "virtualhome", "--module", "action_sequencing",
                "--limit", "4", "--out", str(tmp_path / "run"), "--cache", str(tmp_path / "cache.sqlite")]
        result = run_eai(*args, env={"OPENAI_API_KEY": FAKE_KEY})
    assert result.returncode == 0, result.stderr
    assert set(server.queries) == {f"api_key={SECRET}&api-version=2024-06-01"}  # sent with every request
    stored = f"{server.url}?api_key={REDACTED}&api-version=2024-06-01"
    assert json.loads((tmp_path / "run" / "run.json").read_text())["base_url"] == stored
    records = {r["identifier"]: r for r in read_jsonl(tmp_path / "run" / UNIT / "records.jsonl")}
    assert f"bad key: api_key={REDACTED}&api-version" in records[echoing]["model_error"]
    files = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert {p.name for p in files} >= {"run.json", "cache.sqlite", "report.html", "report.md", "index.html"}
    for path in files:
        assert SECRET.encode() not in path.read_bytes(), path
    assert SECRET not in result.stdout + result.stderr
    resumed = run_eai("run", "--resume", "--out", str(tmp_path / "run"), env={"OPENAI_API_KEY": FAKE_KEY})
    assert resumed.returncode == 2 and resumed.stderr.strip().splitlines() == [
        f"error: the run in {tmp_path / 'run'} was started with credentials in --base-url, which eai does not store: "
        "give --base-url again"]


@pytest.mark.parametrize("provider", ["openai", "anthropic", "ollama"])
def test_a_user_and_password_are_sent_as_basic_auth_when_no_key_needs_the_header(provider, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY")
    with FakeServer(answer=lambda body: "plan") as server:
        url = server.url if provider == "openai" else server.root
        ask(model_for(provider, url.replace("http://", f"http://{USER}:{PASSWORD}@")))
    basic = base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
    assert [h["authorization"] for h in server.headers] == [f"Basic {basic}"]


@pytest.mark.parametrize("provider, variable", [("openai", "OPENAI_API_KEY"), ("anthropic", "ANTHROPIC_API_KEY"),
                                                ("ollama", "OLLAMA_API_KEY")])
def test_the_key_goes_in_the_authorization_header_the_basic_auth_needs(provider, variable, monkeypatch):
    with FakeServer(answer=lambda body: "plan") as server:
        monkeypatch.setenv(variable, FAKE_KEY)
        ask(model_for(provider, server.url if provider == "openai" else server.root))
    assert [h["authorization"] for h in server.headers] == [f"Bearer {FAKE_KEY}"]
    with pytest.raises(EaiError) as caught:
        model_for(provider, f"http://{USER}:{PASSWORD}@127.0.0.1:9/v1")
    with pytest.raises(EaiError) as caught:
        model_for(provider, f"http://{USER}:{PASSWORD}@127.0.0.1:9/v1")
    message = str(caught.value)
    assert "the base URL's user and password are sent as HTTP Basic auth" in message and f"unset {variable}" in message
    assert PASSWORD not in message and FAKE_KEY not in message and "\n" not in message


@pytest.mark.parametrize("provider", ["anthropic", "ollama"])
def test_a_query_string_the_client_cannot_send_is_refused_without_its_secret(provider, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", FAKE_KEY)
    with pytest.raises(EaiError) as caught:
        model_for(provider, f"http://127.0.0.1:9?key={SECRET}")
    assert f"the {provider} client cannot send a base URL's query string" in str(caught.value)
    assert SECRET not in str(caught.value)


@pytest.mark.parametrize("name", ["key", "api_key", "apikey", "API-Key", "x-api-key", "token", "access_token",
                                  "secret", "client_secret", "password", "passwd", "pwd", "sig", "signature",
                                  "X-Amz-Signature", "X-Amz-Credential", "X-Amz-Security-Token", "auth", "oauth",
                                  "api%5Fkey"])
def test_credential_names(name):
    assert is_credential(name)


@pytest.mark.parametrize("name", ["api-version", "model", "deployment", "v", "format", "author"])
def test_other_names(name):
    assert not is_credential(name)


NAMES = st.sampled_from(["api_key", "token", "sig", "api-version", "model", "x"])
VALUES = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789-", min_size=12, max_size=20)


@given(st.lists(st.tuples(NAMES, VALUES), max_size=5, unique_by=lambda pair: pair[1]),
       st.sampled_from(["", "user:pw@", ":tok@"]))
def test_no_credential_survives_and_everything_else_does(params, userinfo):
    query = "&".join(f"{name}={value}" for name, value in params)
    url = f"https://{userinfo}api.example.com/v1" + (f"?{query}" if query else "")
    shown = without_credentials(url)
    assert shown.startswith("https://api.example.com/v1") and "@" not in shown
    for name, value in params:
        assert (value in shown) != is_credential(name)
        assert (value in url_secrets(url)) == is_credential(name)
    assert without_credentials(shown) == shown
