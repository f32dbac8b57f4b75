"""More backends by string (issue 36 item 8): every provider of eai's catalog is
one langchain's init_chat_model knows, made by the same integration package,
installed by an extra of pyproject.toml; ``eai list models`` says which are
installed and the pip command for the others; two of them (DeepSeek's and
Groq's clients) answer over real HTTP from the fake server, with the
generation settings, usage and served model as the built-in three."""

import asyncio
import json
from pathlib import Path

import pytest
import tomllib
from langchain.chat_models.base import _BUILTIN_PROVIDERS

from eai.llm.generation import given
from eai.llm.model import Message, Request
from eai.testing.fake_server import FakeServer
from eai_langchain.catalog import CATALOG
from tests.helpers import run_eai

ROOT = Path(__file__).resolve().parents[2]
EXTRAS = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]


@pytest.mark.parametrize("listed", CATALOG, ids=lambda listed: listed.provider)
def test_each_catalog_provider_is_init_chat_models_with_its_extra(listed):
    package, _, _ = _BUILTIN_PROVIDERS[listed.provider]
    assert package.split(".")[0] == listed.package
    distribution = listed.package.replace("_", "-")
    assert any(r.startswith(distribution) for r in EXTRAS[listed.extra]) and any(
        r.startswith("langchain>=") for r in EXTRAS[listed.extra])


def test_eai_list_models_says_what_is_installed_and_how_to_install_the_rest():
    result = run_eai("list", "models", "--json")
    assert result.returncode == 0, result.stderr
    rows = {row["name"]: row["installed"] for row in json.loads(result.stdout)}
    assert rows["openai"] == rows["deepseek"] == rows["groq"] == rows["baseline"] == "yes"  # dev installs them
    assert rows["mistralai"] == "yes" or (rows["mistralai"].startswith("pip install") and rows["mistralai"].endswith('[mistral]"'))
    assert {listed.provider for listed in CATALOG} <= set(rows)


@pytest.mark.parametrize("provider, key, url, served, zero", [("deepseek", "DEEPSEEK_API_KEY", "url", "served-id", 0.0),
                                                              ("groq", "GROQ_API_KEY", "root", "chat-model", 1e-08)])
def test_a_catalog_provider_answers_over_http_with_what_eai_sends(plugins, monkeypatch, provider, key, url, served, zero):
    """ChatGroq reports the model it was asked for, not the one the reply names, and sends
    a temperature of 0 as 1e-8 (Groq's API takes none of 0)."""
    monkeypatch.setenv(key, "sk-fake-catalog")
    with FakeServer(answer=lambda body: "one two three", served_model="served-id") as server:
        model = plugins.models.get(provider).create("chat-model", {"base_url": getattr(server, url)})
        request = Request((Message("user", "Plan."),), given(0.0, 64, {"top_p": 0.5, "seed": 3}))
        answer = asyncio.run(model.generate(request))
    body = server.bodies[0]
    assert (answer.text, answer.usage.completion_tokens, dict(answer.served)["model"]) == ("one two three", 3, served)
    assert {k: body[k] for k in ("temperature", "max_tokens", "top_p", "seed")} == {
        "temperature": zero, "max_tokens": 64, "top_p": 0.5, "seed": 3}
    assert "sk-fake-catalog" in server.headers[0]["authorization"]


def test_a_missing_integration_is_one_line_with_the_pip_command(plugins):
    provider = plugins.models.get("mistralai")
    if not provider.missing():
        pytest.skip("langchain-mistralai is installed here")
    from eai.exceptions import EaiError

    with pytest.raises(EaiError, match=r"mistralai:mistral-large-latest needs langchain-mistralai: pip install"):
        provider.create("mistral-large-latest", {})
