"""What a model plugin supplies: something that turns prompts into text.

``provider:model`` strings (``openai:gpt-4o``, ``replay:answers.json``) are
resolved by the provider registered under ``provider``.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import timezone
from email.utils import parsedate_to_datetime
from typing import TYPE_CHECKING, Any, Literal

from eai.exceptions import EaiError

if TYPE_CHECKING:
    from eai.host.manager import Plugins


@dataclass(frozen=True)
class Message:
    role: Literal["system", "user", "assistant"]
    content: str


def prompt_digest(messages: Iterable[Message]) -> str:
    """The sha256 of ``messages`` (each one's role and content, as compact
    ASCII JSON): a run logs it with every call, so a prompt built again
    (:mod:`eai.viewer`) can be checked against the one sent."""
    text = json.dumps([[m.role, m.content] for m in messages], separators=(",", ":"))
    return hashlib.sha256(text.encode("ascii")).hexdigest()


MAX_TOKENS = 2048  # about 2.5 times the longest gold answer of both suites (2,600 characters)
CONNECT_TIMEOUT = 10.0  # seconds to open a connection, within the call's timeout


@dataclass(frozen=True)
class GenerationConfig:
    """What is sent with the messages and may change the answer: temperature 0
    by default, as in the paper (appendix O.1; None: none sent, the model's
    own), at most ``MAX_TOKENS`` tokens (None: the server's own limit), and
    ``options``, any other setting as given (``--gen KEY=VALUE``: top_p, seed,
    stop, reasoning_effort, a provider's own), as (name, canonical JSON of the
    value) pairs sorted by name. :mod:`eai.llm.generation` makes the one a
    model is sent."""

    temperature: float | None = 0.0
    max_tokens: int | None = MAX_TOKENS
    options: tuple[tuple[str, str], ...] = ()

    def extra(self) -> dict[str, Any]:
        """The options, by name, as values."""
        return {name: json.loads(value) for name, value in self.options}

    def sent(self) -> dict[str, Any]:
        """The settings as JSON (run.json, the cache key): temperature and token
        limit (null: none sent), and each option."""
        return {"temperature": self.temperature, "max_tokens": self.max_tokens, **self.extra()}


@dataclass(frozen=True)
class Request:
    """One model call. ``timeout`` bounds one attempt in seconds (opening the
    connection: at most ``CONNECT_TIMEOUT`` of them); it does not change the
    answer, so it is no part of the request's identity. ``task`` and ``module``
    let non-LLM baselines see the symbolic task the prompt was built from, and
    ``turn`` the episode turn (:class:`eai.collaboration.prompt.Turn`: what the
    agent observes; module ``"turn"``); language models ignore them.
    ``schema``: the JSON schema the answer is asked in (``--response-format
    json-schema``, :mod:`eai.llm.schema`), None for free text. ``epoch``: which
    of a task's repeated askings this is (``--epochs``; 0 the first), part of
    its identity so that each is a call of its own."""

    messages: tuple[Message, ...]
    config: GenerationConfig = GenerationConfig()
    task: Any = field(default=None, compare=False)
    module: str = field(default="", compare=False)
    timeout: float = field(default=120.0, compare=False)
    turn: Any = field(default=None, compare=False)
    schema: Any = None
    epoch: int = 0


CUT = "length"  # the finish reason of an answer cut by the token limit (OpenAI's word; the others' are mapped to it)
REFUSED = "refusal"  # the finish reason of an answer the provider says the model refused (Anthropic's word)


@dataclass(frozen=True)
class Usage:
    """What the server said about one answer; None where it said nothing.
    ``finish_reason`` is :data:`CUT` for an answer cut by the token limit,
    :data:`REFUSED` for one the provider says the model refused.
    ``reasoning_tokens``: of the completion tokens, those the model reasoned
    with (OpenAI's ``completion_tokens_details``); ``cached_tokens``: of the
    prompt tokens, those read from the provider's prompt cache (OpenAI's
    ``prompt_tokens_details``, Anthropic's ``cache_read_input_tokens``)."""

    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    finish_reason: str | None = None
    reasoning_tokens: int | None = None
    cached_tokens: int | None = None


@dataclass(frozen=True)
class Answer:
    """A model's text and its usage; ``generate`` may return the text alone.
    ``served``: what the reply says about the model that answered, as
    (name, value) pairs (``model``: the model id the server reports;
    ``system_fingerprint``: its backend configuration), the answer's part of
    the model's identity (:mod:`eai.llm.identity`)."""

    text: str
    usage: Usage = Usage()
    served: tuple[tuple[str, str], ...] = ()


class ModelCallError(EaiError):
    """A model call that failed; ``retryable`` for rate limits (429), server
    errors, timeouts, unreadable replies and connection failures, which the
    runner retries with exponential back-off, or after ``retry_after``
    seconds when the server said how long to wait (:func:`retry_after`);
    ``unreachable`` when no connection to the server could be opened,
    ``timed_out`` when no answer came within the call's timeout;
    ``parameter``: the request parameter a 400 reply says the server does
    not accept (``temperature``), which no other call of the run would get past."""

    def __init__(self, message: str, retryable: bool = False, status: int | None = None,
                 unreachable: bool = False, retry_after: float | None = None, timed_out: bool = False,
                 parameter: str | None = None) -> None:
        super().__init__(message)
        self.retryable, self.status, self.unreachable = retryable, status, unreachable
        self.retry_after, self.timed_out, self.parameter = retry_after, timed_out, parameter


def retry_after(headers: Mapping[str, str], now: float | None = None) -> float | None:
    """The seconds a reply's headers ask to wait before trying again: OpenAI's
    ``retry-after-ms``, else ``Retry-After`` as seconds or as an HTTP date.
    A date is taken relative to the reply's own ``Date`` when it has one (one
    clock, the server's), else to ``now`` (Unix time; default: this machine's
    clock). None when neither header is there or readable; never negative."""
    lower = {str(name).lower(): str(value).strip() for name, value in headers.items()}
    if (millis := _seconds(lower.get("retry-after-ms", ""))) is not None:
        return millis / 1000
    value = lower.get("retry-after", "")
    if (seconds := _seconds(value)) is not None:
        return seconds
    until, date = _http_date(value), _http_date(lower.get("date", ""))
    if until is None:
        return None
    return max(0.0, until - (date if date is not None else time.time() if now is None else now))


def _seconds(text: str) -> float | None:
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) and value >= 0 else None


def _http_date(text: str) -> float | None:
    """An HTTP date (RFC 9110: IMF-fixdate, RFC 850 or asctime) as Unix time."""
    try:
        parsed = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if parsed.tzinfo is None:  # asctime: GMT by definition
        parsed = parsed.replace(tzinfo=timezone.utc)
    try:
        return parsed.timestamp()
    except (OverflowError, ValueError, OSError):
        return None


class LanguageModel(ABC):
    """Turns a request into text. ``cacheable`` is False for local baselines,
    whose answers cost nothing and need not be stored; ``endpoint`` names the
    server answering (a base URL without credentials; "" for the default), so
    one model name on two servers is cached apart. ``reports_identity``: its
    answers say which model answered (:attr:`Answer.served`), so the cache
    keys answers by it (:mod:`eai.llm.identity`)."""

    provider: str
    model: str
    cacheable: bool = True
    endpoint: str = ""
    reports_identity: bool = False

    @property
    def id(self) -> str:
        return f"{self.provider}:{self.model}"

    @abstractmethod
    async def generate(self, request: Request) -> str | Answer:
        """The model's answer to ``request``: its text, or an Answer with usage."""

    async def listing(self, timeout: float) -> Mapping[str, Any] | None:
        """The server's description of the model (an OpenAI-compatible server's
        ``/v1/models`` entry), without what changes from one request to the next;
        None when the server gives none. ModelCallError when the server cannot be
        asked (:mod:`eai.llm.identity`)."""
        return None


class ModelProvider(ABC):
    """Creates models for ``name:model`` strings. ``default_model`` names the
    model of this provider a run uses when given none ("": none; one installed
    provider at most may declare one)."""

    name: str
    description: str = ""
    default_model: str = ""

    def missing(self) -> str:
        """What this provider lacks to make models here: "" when nothing, else how to install it (a pip command)."""
        return ""

    @abstractmethod
    def create(self, model: str, options: Mapping[str, str]) -> LanguageModel:
        """A model; ``options`` come from the command line (e.g. ``base_url``)."""


def split_model_id(spec: str) -> tuple[str, str]:
    """``"openai:gpt-4o"`` -> ``("openai", "gpt-4o")``."""
    provider, sep, model = spec.partition(":")
    if not sep or not provider:
        raise EaiError(f"model {spec!r} should be written provider:model, e.g. openai:gpt-4o-mini")
    return provider, model


def default_model(plugins: Plugins) -> str:
    """The model a run uses when given none: the one an installed provider declares."""
    declared = sorted(f"{name}:{provider.default_model}" for name, provider in plugins.models if provider.default_model)
    if len(declared) != 1:
        which = f"several plugins declare one ({', '.join(declared)})" if declared else "no installed plugin declares one"
        raise EaiError(f"no model named and {which}: name one, e.g. --model openai:gpt-4o-mini")
    return declared[0]


def resolve_model(plugins: Plugins, spec: str, options: Mapping[str, str]) -> LanguageModel:
    """The model ``provider:model`` made by the provider a plugin registered."""
    provider, name = split_model_id(spec)
    return plugins.models.get(provider).create(name, options)

