"""The openai, anthropic and ollama providers against a fake server over real HTTP:
settings sent, errors mapped to retryable or final, keys scrubbed, extras and keys checked."""

import asyncio
import socket
import sys

import pytest

from eai.exceptions import EaiError
from eai.host.install import command_for
from eai.llm.model import Answer, GenerationConfig, Message, ModelCallError, Request, Usage
from eai.runner.run import run
from eai.testing.fake_server import FakeServer, Reply
from eai_langchain.providers import AnthropicProvider, OllamaProvider, OpenAIProvider
from tests.helpers import ROOT
from tests.models.support import FAKE_KEY, run_config

PROVIDERS = {"openai": OpenAIProvider, "anthropic": AnthropicProvider, "ollama": OllamaProvider}
PACKAGES = {"openai": "langchain_openai", "anthropic": "langchain_anthropic", "ollama": "langchain_ollama"}
MESSAGES = (Message("system", "You plan."), Message("user", "Wash the clothes."))


def base_url(provider: str, server: FakeServer) -> str:
    return server.url if provider == "openai" else server.root


def model_for(provider: str, url: str):
    return PROVIDERS[provider]().create("fake-model", {"base_url": url})


def ask(model, config=GenerationConfig(), timeout=10.0) -> Answer:
    return asyncio.run(model.generate(Request(MESSAGES, config, timeout=timeout)))


def failure(model, config=GenerationConfig(), timeout=10.0) -> ModelCallError:
    with pytest.raises(ModelCallError) as caught:
        ask(model, config, timeout)
    return caught.value


@pytest.fixture(autouse=True)
def anthropic_key(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", FAKE_KEY)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_messages_and_settings_reach_the_server(provider):
    with FakeServer(answer=lambda body: "plan") as server:
        answer = ask(model_for(provider, base_url(provider, server)), GenerationConfig(temperature=0.25, max_tokens=77))
    assert answer.text == "plan"
    [body] = server.bodies
    assert body["model"] == "fake-model"
    if provider == "openai":
        assert [m["role"] for m in body["messages"]] == ["system", "user"]
        assert (body["temperature"], body["max_completion_tokens"]) == (0.25, 77)
    elif provider == "anthropic":
        assert body["system"] == "You plan." and body["messages"] == [{"role": "user", "content": "Wash the clothes."}]
        assert (body["temperature"], body["max_tokens"]) == (0.25, 77)
    else:
        assert [m["role"] for m in body["messages"]] == ["system", "user"]
        assert (body["options"]["temperature"], body["options"]["num_predict"]) == (0.25, 77)


STATUSES = {429: True, 500: True, 502: True, 503: True, 408: True, 400: False, 401: False, 403: False, 404: False,
            422: False}


@pytest.mark.parametrize("provider", PROVIDERS)
def test_http_errors_are_retryable_only_for_rate_limits_server_errors_and_timeouts(provider):
    with FakeServer(script=[Reply(status) for status in STATUSES]) as server:
        model = model_for(provider, base_url(provider, server))
        errors = [failure(model) for _ in STATUSES]
    assert server.count == len(STATUSES)  # the client does not retry by itself
    assert {e.status: e.retryable for e in errors} == STATUSES


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_client_timeout_is_retryable_and_a_timeout(provider):
    with FakeServer(reply=lambda body: Reply(delay=2.0)) as server:
        error = failure(model_for(provider, base_url(provider, server)), timeout=0.3)
    assert error.retryable and error.status is None and error.timed_out and not error.unreachable


@pytest.mark.parametrize("provider", PROVIDERS)
def test_usage_and_an_answer_cut_by_the_token_limit_are_read_in_every_dialect(provider):
    with FakeServer(answer=lambda body: "one two three four") as server:
        model = model_for(provider, base_url(provider, server))
        full, cut = ask(model), ask(model, GenerationConfig(max_tokens=2))
    served = (("model", "fake-model"),)  # the model id the fake server reports: the one asked for
    assert full == Answer("one two three four", Usage(5, 4, "stop"), served)  # prompt: "You plan." "Wash the clothes."
    assert cut == Answer("one two", Usage(5, 2, "length"), served)


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_refused_connection_is_retryable_unreachable_and_names_the_server(provider):
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}" + ("/v1" if provider == "openai" else "")
    error = failure(model_for(provider, url))
    assert error.retryable and error.unreachable and error.status is None
    assert str(error).startswith(f"cannot connect to {url}: ")


@pytest.mark.parametrize("provider", ["openai", "ollama"])
def test_a_connection_never_accepted_is_unreachable(provider):
    with socket.socket() as full:  # listening, with its queue of connections full: new ones wait
        full.bind(("127.0.0.1", 0))
        full.listen(0)
        waiting = [socket.socket() for _ in range(3)]
        for connection in waiting:
            connection.setblocking(False)
            connection.connect_ex(full.getsockname())
        url = f"http://127.0.0.1:{full.getsockname()[1]}" + ("/v1" if provider == "openai" else "")
        error = failure(model_for(provider, url), timeout=1.0)
        for connection in waiting:
            connection.close()
    assert error.retryable and error.unreachable


@pytest.mark.parametrize("provider", PROVIDERS)
@pytest.mark.parametrize("body", ['{"id": "x", "cho', "", "{}"])
def test_a_200_reply_the_client_cannot_read_is_retryable(provider, body):
    with FakeServer(script=[Reply(body=body)]) as server:
        error = failure(model_for(provider, base_url(provider, server)))
    assert error.retryable and not error.unreachable and error.status is None
    assert str(error).startswith("unreadable reply: ")


@pytest.mark.parametrize("provider", PROVIDERS)
def test_keys_are_scrubbed_from_errors(provider, monkeypatch):
    monkeypatch.setenv("OLLAMA_API_KEY", FAKE_KEY)
    echo = f"Incorrect API key provided: {FAKE_KEY}; got header Authorization: Bearer {FAKE_KEY}"
    with FakeServer(script=[Reply(401, message=echo)]) as server:
        error = failure(model_for(provider, base_url(provider, server)))
    assert not error.retryable and error.status == 401
    assert FAKE_KEY not in str(error) and "Incorrect API key provided" in str(error)
    assert error.__cause__ is None and error.__suppress_context__


@pytest.mark.parametrize("provider", PROVIDERS)
def test_a_missing_extra_is_one_line_naming_the_install(provider, monkeypatch):
    monkeypatch.setitem(sys.modules, PACKAGES[provider], None)  # import fails as if not installed
    with pytest.raises(EaiError) as caught:
        PROVIDERS[provider]().create("fake-model", {})
    message = str(caught.value)
    # this checkout is installed editable (pip install -e ".[dev]"): the hint installs the extra from it
    assert message.count("\n") == 0 and message.endswith(f'[{provider}]"') and 'pip install -e "' in message
    assert f'"{ROOT}[{provider}]"' in message or f'".[{provider}]"' in message


@pytest.mark.parametrize("origin, command", [
    ({"url": "file:///src/eai", "dir_info": {"editable": True}}, 'pip install -e "/src/eai[anthropic]"'),
    ({"url": "file:///wheels/eai_kit-0.1.0-py3-none-any.whl", "archive_info": {}},
     'pip install "eai-kit[anthropic] @ file:///wheels/eai_kit-0.1.0-py3-none-any.whl"'),
    ({}, 'pip install "eai-kit[anthropic]"'),
])
def test_the_install_hint_follows_how_eai_was_installed(origin, command):
    assert command_for("anthropic", origin) == command


def test_a_missing_extra_fails_the_run_before_any_call(plugins, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "langchain_openai", None)
    with FakeServer() as server, pytest.raises(EaiError, match="langchain-openai"):
        asyncio.run(run(run_config(tmp_path / "run", server.url), plugins))
    assert server.count == 0 and not (tmp_path / "run").exists()


@pytest.mark.parametrize("provider, variable", [("openai", "OPENAI_API_KEY"), ("anthropic", "ANTHROPIC_API_KEY")])
def test_a_missing_key_fails_at_creation_unless_a_server_of_your_own_is_named(provider, variable, monkeypatch):
    monkeypatch.delenv(variable)
    with pytest.raises(EaiError, match=variable):
        PROVIDERS[provider]().create("fake-model", {})
    with FakeServer(answer=lambda body: "no key needed") as server:
        assert ask(model_for(provider, base_url(provider, server))).text == "no key needed"


def test_the_key_is_sent_to_the_server_named(monkeypatch):
    with FakeServer(answer=lambda body: "ok") as server:
        ask(model_for("openai", server.url))
    assert server.headers[0]["authorization"] == f"Bearer {FAKE_KEY}"


def test_a_model_serves_several_event_loops():
    with FakeServer(answer=lambda body: "again") as server:
        model = model_for("openai", server.url)
        assert [ask(model).text, ask(model).text] == ["again", "again"]
