"""What a model plugin supplies: something that turns prompts into text.

``provider:model`` strings (``openai:gpt-4o``, ``replay:answers.json``) are
resolved by the provider registered under ``provider``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from eai.exceptions import EaiError


@dataclass(frozen=True)
class Message:
    role: Literal["system", "user", "assistant"]
    content: str


@dataclass(frozen=True)
class GenerationConfig:
    """Sampling settings; temperature 0 by default, as in the paper (appendix O.1)."""

    temperature: float = 0.0
    max_tokens: int | None = None
    timeout: float = 120.0


@dataclass(frozen=True)
class Request:
    """One model call. ``task`` and ``module`` let non-LLM baselines see the
    symbolic task the prompt was built from; language models ignore them."""

    messages: tuple[Message, ...]
    config: GenerationConfig = GenerationConfig()
    task: Any = field(default=None, compare=False)
    module: str = field(default="", compare=False)


class ModelCallError(EaiError):
    """A model call that failed; ``retryable`` for rate limits (429), server
    errors and timeouts, which the runner retries with exponential back-off."""

    def __init__(self, message: str, retryable: bool = False, status: int | None = None) -> None:
        super().__init__(message)
        self.retryable, self.status = retryable, status


class LanguageModel(ABC):
    """Turns a request into text. ``cacheable`` is False for local baselines,
    whose answers cost nothing and need not be stored; ``endpoint`` names the
    server answering (a base URL without credentials; "" for the default), so
    one model name on two servers is cached apart."""

    provider: str
    model: str
    cacheable: bool = True
    endpoint: str = ""

    @property
    def id(self) -> str:
        return f"{self.provider}:{self.model}"

    @abstractmethod
    async def generate(self, request: Request) -> str:
        """The model's text answer to ``request``."""


class ModelProvider(ABC):
    """Creates models for ``name:model`` strings."""

    name: str
    description: str = ""

    @abstractmethod
    def create(self, model: str, options: Mapping[str, str]) -> LanguageModel:
        """A model; ``options`` come from the command line (e.g. ``base_url``)."""


def split_model_id(spec: str) -> tuple[str, str]:
    """``"openai:gpt-4o"`` -> ``("openai", "gpt-4o")``."""
    provider, sep, model = spec.partition(":")
    if not sep or not provider:
        raise EaiError(f"model {spec!r} should be written provider:model, e.g. openai:gpt-4o-mini")
    return provider, model

