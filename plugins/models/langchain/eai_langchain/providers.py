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

Generation options (``--gen``) go to the chat model's field of that name
when it has one (``top_p``, ``seed``, ``stop``, ``reasoning_effort``...),
the others to the request body (OpenAI: ``extra_body``, so an
OpenAI-compatible server gets ``top_k`` or ``min_p`` as given; Anthropic:
``model_kwargs``); ChatOllama sends only its own fields, so another option
stops the run in one line. A temperature of None is not sent.
"""

from __future__ import annotations

import importlib
import importlib.util
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
from eai_langchain.catalog import Listed

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

    extra = ""  # eai's extra that installs the integration (default: the provider's name)

    def missing(self) -> str:
        """What to install for this provider: "" when it is installed, else the pip command."""
        if all(importlib.util.find_spec(p) is not None for p in self.packages()):
            return ""
        return install_command(self.extra or self.name)

    def packages(self) -> tuple[str, ...]:
        return (self.package,)

    def create(self, model: str, options: Mapping[str, str]) -> LanguageModel:
        spec = f"{self.name}:{model}"
        if not model:
            raise EaiError(f"{self.name} needs a model name: {self.name}:MODEL")
        if self.missing():
            lacking = [p.replace("_", "-") for p in self.packages() if importlib.util.find_spec(p) is None]
            raise EaiError(f"{spec} needs {' and '.join(lacking)}: {self.missing()}")
        integration = importlib.import_module(self.package)
        base_url = options.get("base_url") or os.environ.get(self.base_url_env) or None
        key = os.environ.get(self.key_env, "")
        if self.key_required and not key and not base_url:
            raise EaiError(f"{spec} needs the API key in the environment variable {self.key_env}")
        if base_url:
            self.check_url(spec, base_url, key)

        def build(config: GenerationConfig, timeout: float) -> Any:
            return self.chat(integration, model, key, base_url, config, timeout)

        from eai_langchain.chat import ChatModel  # here: langchain takes ~0.15 s to import

        secrets = (key, *url_secrets(base_url), *self.secrets())
        chat = ChatModel(self.name, model, build, secrets, self.transient(), self.structure,
                         self.lister(model, key, base_url))
        chat.endpoint = without_credentials(base_url or "")
        return chat

    def structure(self, chat: Any, schema: Mapping[str, Any], method: str | None = None) -> Any:
        """``chat`` asked in the JSON ``schema`` (langchain's ``with_structured_output``, the integration's ``method``)."""
        from eai_langchain.chat import structured  # here: langchain-core takes ~0.15 s to import

        return structured(chat, schema, method)

    def lister(self, model: str, key: str, base_url: str | None) -> Any:
        """What asks the server's model list for ``model``'s entry (:meth:`LanguageModel.listing`); None: none."""
        return None

    def secrets(self) -> tuple[str, ...]:
        """Credentials besides ``key_env``'s that the integration reads from the environment."""
        return ()

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

        fields, extra = split_options(integration.ChatOpenAI, config)
        base_url, query = split_query(base_url)
        return checked(integration.ChatOpenAI)(model=model, api_key=key or NO_KEY, base_url=base_url, default_query=query,
                                               temperature=config.temperature, max_tokens=config.max_tokens,
                                               timeout=openai.Timeout(timeout, connect=min(CONNECT_TIMEOUT, timeout)),
                                               max_retries=0, cache=False, extra_body=extra or None, **fields)

    def structure(self, chat, schema, method=None):
        """OpenAI's ``response_format`` json_schema (not strict), sent in the body: with a
        ``response_format`` of its own, ChatOpenAI reads replies with the SDK's ``parse``,
        which raises on an answer the token limit cut instead of returning it (a real
        llama.cpp server's qwen05 ran into it on 4 tasks of 5)."""
        named = {"name": schema.get("title", "answer"), "description": schema.get("description", ""),
                 "schema": dict(schema), "strict": False}
        body = {**(chat.extra_body or {}), "response_format": {"type": "json_schema", "json_schema": named}}
        return chat.model_copy(update={"extra_body": body})

    def lister(self, model, key, base_url):
        async def listing(timeout: float) -> Mapping[str, Any]:
            import openai

            url, query = split_query(base_url)
            client = openai.AsyncOpenAI(api_key=key or NO_KEY, base_url=url, default_query=query, max_retries=0,
                                        timeout=openai.Timeout(timeout, connect=min(CONNECT_TIMEOUT, timeout)))
            async with client:
                entries = [entry.model_dump(exclude_unset=True) async for entry in client.models.list()]
            named = [e for e in entries if e.get("id") == model] or entries  # a server of one model may name it otherwise
            return named[0] if len(named) == 1 else {}
        return listing

    def transient(self):
        import openai

        return (openai.APIConnectionError,)


class AnthropicProvider(LangchainProvider):
    name = "anthropic"
    description = "Anthropic Claude models (ANTHROPIC_API_KEY): anthropic:MODEL"
    package, key_env, base_url_env = "langchain_anthropic", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"

    def chat(self, integration, model, key, base_url, config, timeout):
        limits = {"max_tokens": config.max_tokens} if config.max_tokens else {}  # else the model's default
        fields, extra = split_options(integration.ChatAnthropic, config)
        return integration.ChatAnthropic(model=model, api_key=key or NO_KEY, base_url=base_url,
                                         temperature=config.temperature, timeout=timeout,
                                         max_retries=0, cache=False, model_kwargs=extra, **limits, **fields)

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

        fields, extra = split_options(integration.ChatOllama, config)
        if extra:
            raise EaiError(f"ollama:{model}: ChatOllama has no option {', '.join(sorted(extra))} (--gen)")
        return integration.ChatOllama(model=model, base_url=base_url, temperature=config.temperature,
                                      num_predict=config.max_tokens, cache=False, **fields,
                                      client_kwargs={"timeout": httpx.Timeout(timeout, connect=min(CONNECT_TIMEOUT, timeout))})

    def structure(self, chat, schema, method=None):
        return super().structure(chat, schema, "json_schema")  # Ollama's format: the schema

    def transient(self):
        import httpx

        return (httpx.TransportError,)



SET_BY_EAI = ("model", "temperature", "max_tokens", "timeout", "max_retries", "cache", "base_url", "api_key")


def split_options(chat_class: Any, config: GenerationConfig) -> tuple[dict[str, Any], dict[str, Any]]:
    """``config``'s options as (those the chat class, a pydantic model, has a field for, the others)."""
    names = {alias for name, info in chat_class.model_fields.items() for alias in (name, info.alias) if alias}
    fields: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for name, value in own_options(config).items():
        (fields if name in names else extra)[name] = value
    return fields, extra


def own_options(config: GenerationConfig) -> dict[str, Any]:
    """``config``'s options; EaiError for one that eai sets itself."""
    for name in config.extra():
        if name in SET_BY_EAI:
            raise EaiError(f"--gen {name}: eai sets it (--model, --base-url, --timeout...)")
    return config.extra()


def split_query(base_url: str | None) -> tuple[str | None, dict[str, str] | None]:
    """The base URL without its query string, and the query (the OpenAI client appends paths to the URL)."""
    parts = urlsplit(base_url or "")
    query = dict(parse_qsl(parts.query, keep_blank_values=True)) or None
    return (parts._replace(query="").geturl() if query else base_url), query


class CatalogProvider(LangchainProvider):
    """A provider of langchain's ``init_chat_model`` (:mod:`eai_langchain.catalog`):
    its integration reads its own credentials; ``--base-url`` is passed as ``base_url``."""

    key_env, base_url_env, key_required = "", "", False

    def __init__(self, listed: Listed) -> None:
        self.listed = listed
        self.name, self.package, self.extra = listed.provider, listed.package, listed.extra
        self.description = f"langchain's init_chat_model, {listed.package.replace('_', '-')}: {listed.provider}:MODEL"

    def packages(self) -> tuple[str, ...]:
        return ("langchain", self.package)

    def secrets(self) -> tuple[str, ...]:
        return tuple(value for name in self.listed.keys if (value := os.environ.get(name)))

    def chat(self, integration, model, key, base_url, config, timeout):
        from langchain.chat_models import init_chat_model

        settings = {"temperature": config.temperature, "max_tokens": config.max_tokens, "base_url": base_url}
        return init_chat_model(model, model_provider=self.name, timeout=timeout, max_retries=0,
                               **{k: v for k, v in settings.items() if v is not None}, **own_options(config))
