"""``openai:``, ``anthropic:`` and ``ollama:`` models through their langchain integrations.

Each integration is an optional extra (``pip install -e ".[openai]"`` in a
checkout; the hint names the command for how eai was installed), imported
when a model is created, so a missing one fails the run before any call. API
keys are read from the environment only. The clients' own retries are off:
the runner retries (with back-off) what is worth retrying.

Credentials in a base URL are kept out of everything stored or shown
(:mod:`eai.llm.credentials`) and sent so: a user and password
(``http://user:pw@host/v1``) as HTTP Basic auth, in the Authorization
header, where each of the three clients sends the provider's key too (as a
bearer token); so with both a user and password and a key in the environment
the model is refused, naming both. The base URL's query string
(``?api-version=...&api_key=...``) is sent with every request by the OpenAI
client; the Anthropic and Ollama clients cannot send one, so a base URL with
a query is refused for them.
"""

from __future__ import annotations

import importlib
import os
from abc import abstractmethod
from collections.abc import Mapping
from types import ModuleType
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from eai import EaiError
from eai.plugin_api import (
    CONNECT_TIMEOUT,
    GenerationConfig,
    LanguageModel,
    ModelProvider,
    install_command,
    url_secrets,
    without_credentials,
)

NO_KEY = "unused"  # the OpenAI and Anthropic clients insist on a key; servers of your own ignore it


class LangchainProvider(ModelProvider):
    """A provider backed by one langchain integration package.

    ``key_env`` names the API key variable; without it set, a model can only be
    created when ``key_required`` is False or a base URL points at a server of
    your own. The base URL comes from the ``base_url`` option (``--base-url``)
    or ``base_url_env``. ``sends_query``: whether the client sends the base
    URL's query string.
    """

    package: str
    key_env: str
    base_url_env: str
    key_required: bool = True
    sends_query = False

    def create(self, model: str, options: Mapping[str, str]) -> LanguageModel:
        spec = f"{self.name}:{model}"
        if not model:
            raise EaiError(f"{self.name} needs a model name: {self.name}:MODEL")
        try:
            integration = importlib.import_module(self.package)
        except ImportError:
            raise EaiError(f"{spec} needs {self.package.replace('_', '-')}: {install_command(self.name)}") from None
        base_url = options.get("base_url") or os.environ.get(self.base_url_env) or None
        key = os.environ.get(self.key_env, "")
        if self.key_required and not key and not base_url:
            raise EaiError(f"{spec} needs the API key in the environment variable {self.key_env}")
        if base_url:
            self.check_url(spec, base_url, key)

        def build(config: GenerationConfig, timeout: float) -> Any:
            return self.chat(integration, model, key, base_url, config, timeout)

        from eai_langchain.chat import ChatModel  # here: langchain takes ~0.15 s to import

        chat = ChatModel(self.name, model, build, (key, *url_secrets(base_url)), self.transient())
        chat.endpoint = without_credentials(base_url or "")
        return chat

    def check_url(self, spec: str, base_url: str, key: str) -> None:
        """One line for credentials in ``base_url`` that this client cannot send as given."""
        parts = urlsplit(base_url)
        if parts.query and not self.sends_query:
            raise EaiError(f"{spec}: the {self.name} client cannot send a base URL's query string "
                           f"({without_credentials(base_url)}): leave it out of the URL")
        if parts.password is not None and key:
            raise EaiError(f"{spec}: the base URL's user and password are sent as HTTP Basic auth in the "
                           f"Authorization header, where the {self.name} client sends {self.key_env} too: unset "
                           f"{self.key_env} to send the user and password, or leave them out of the URL to send the key")

    @abstractmethod
    def chat(self, integration: ModuleType, model: str, key: str, base_url: str | None,
             config: GenerationConfig, timeout: float) -> Any:
        """The langchain chat model, without client-side retries or caching;
        ``timeout`` seconds per request, at most ``CONNECT_TIMEOUT`` of them to connect
        where the integration takes the two apart."""

    def transient(self) -> tuple[type[BaseException], ...]:
        """The SDK's exception types for a call that may succeed when repeated."""
        return ()


class OpenAIProvider(LangchainProvider):
    name = "openai"
    description = "OpenAI or any OpenAI-compatible server (--base-url, OPENAI_BASE_URL): openai:MODEL"
    package, key_env, base_url_env = "langchain_openai", "OPENAI_API_KEY", "OPENAI_BASE_URL"
    sends_query = True

    def chat(self, integration, model, key, base_url, config, timeout):
        import openai

        from eai_langchain.openai_reply import checked

        parts = urlsplit(base_url or "")  # the client appends paths to the base URL: its query goes apart
        query = dict(parse_qsl(parts.query, keep_blank_values=True)) or None
        base_url = parts._replace(query="").geturl() if query else base_url
        return checked(integration.ChatOpenAI)(model=model, api_key=key or NO_KEY, base_url=base_url, default_query=query,
                                               temperature=config.temperature, max_tokens=config.max_tokens,
                                               timeout=openai.Timeout(timeout, connect=min(CONNECT_TIMEOUT, timeout)),
                                               max_retries=0, cache=False)

    def transient(self):
        import openai

        return (openai.APIConnectionError,)


class AnthropicProvider(LangchainProvider):
    name = "anthropic"
    description = "Anthropic Claude models (ANTHROPIC_API_KEY): anthropic:MODEL"
    package, key_env, base_url_env = "langchain_anthropic", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"

    def chat(self, integration, model, key, base_url, config, timeout):
        limits = {"max_tokens": config.max_tokens} if config.max_tokens else {}  # else the model's default
        return integration.ChatAnthropic(model=model, api_key=key or NO_KEY, base_url=base_url,
                                         temperature=config.temperature, timeout=timeout,
                                         max_retries=0, cache=False, **limits)

    def transient(self):
        import anthropic

        return (anthropic.APIConnectionError,)


class OllamaProvider(LangchainProvider):
    name = "ollama"
    description = "Models served by Ollama (--base-url, OLLAMA_HOST): ollama:MODEL"
    package, key_env, base_url_env = "langchain_ollama", "OLLAMA_API_KEY", "OLLAMA_HOST"
    key_required = False

    def chat(self, integration, model, key, base_url, config, timeout):
        import httpx

        return integration.ChatOllama(model=model, base_url=base_url, temperature=config.temperature,
                                      num_predict=config.max_tokens, cache=False,
                                      client_kwargs={"timeout": httpx.Timeout(timeout, connect=min(CONNECT_TIMEOUT, timeout))})

    def transient(self):
        import httpx

        return (httpx.TransportError,)

