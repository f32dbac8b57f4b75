"""The generation settings a model is sent: ``--gen KEY=VALUE`` read, and the
one rule for models that take no temperature.

``--gen`` passes any setting through as given (``temperature``, ``top_p``,
``seed``, ``max_tokens``, ``reasoning_effort``, ``stop``, a provider's own):
a value is read as JSON when it is JSON (``0.7``, ``true``, ``null``,
``["\\n"]``), else kept as text (``reasoning_effort=low``). ``temperature``
and ``max_tokens`` given so replace ``--temperature`` and ``--max-tokens``;
``null`` sends none.

Reasoning models accept only their default temperature: OpenAI's API answers
``temperature: 0`` with HTTP 400 for o1, o3 and o4-mini, and langchain-openai
drops it silently for gpt-5. :data:`DEFAULT_TEMPERATURE_ONLY` lists them; such
a model is sent no temperature at all, unless ``--gen temperature=...`` forces
one. What a unit is sent (:func:`for_model`) is what run.json and the cache
key hold.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from eai.exceptions import EaiError
from eai.llm.model import GenerationConfig

DEFAULT_TEMPERATURE_ONLY = (
    re.compile(r"o\d+(-.*)?"),  # o1, o1-mini, o3, o3-mini, o3-pro, o4-mini...
    re.compile(r"gpt-5(?!.*chat).*"),  # gpt-5, gpt-5-mini, gpt-5.1...; gpt-5-chat-latest takes one
)
"""Models (the name's last path segment, lower-cased, matched whole) that
accept only their default temperature: OpenAI's reasoning models, as OpenAI's
reasoning guide lists the parameters they refuse and as langchain-openai's
``validate_temperature`` (1.7) treats o1 and gpt-5. A gpt-5 asked with
``reasoning_effort=none`` takes a temperature again (the same source)."""

KEY = re.compile(r"[A-Za-z_][\w.-]*")
OWN_FIELDS = ("temperature", "max_tokens")


def parse_gen(items: Iterable[str]) -> dict[str, Any]:
    """``["top_p=0.9", "reasoning_effort=low"]`` as ``{"top_p": 0.9, "reasoning_effort": "low"}``;
    EaiError naming an item that is not KEY=VALUE, or a key given twice."""
    options: dict[str, Any] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not KEY.fullmatch(key):
            raise EaiError(f"--gen {item!r}: write KEY=VALUE, e.g. --gen top_p=0.9 or --gen reasoning_effort=low")
        if key in options:
            raise EaiError(f"--gen {key} is given twice")
        options[key] = _value(text.strip())
    return options


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def given(temperature: float | None, max_tokens: int | None, gen: Mapping[str, Any]) -> GenerationConfig:
    """The run's settings: ``--temperature``, ``--max-tokens`` and the ``--gen`` options
    (kept among the options: :func:`for_model` applies them)."""
    for key in OWN_FIELDS:
        value = gen.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise EaiError(f"--gen {key}={json.dumps(value)}: give a number, or null to send none")
    return GenerationConfig(temperature, max_tokens,
                            tuple(sorted((k, json.dumps(v, sort_keys=True)) for k, v in gen.items())))


def default_temperature_only(model: str, options: Mapping[str, Any]) -> bool:
    """Whether model ``model`` (a name, without the provider) takes only its default temperature."""
    name = model.rsplit("/", 1)[-1].lower()
    return any(p.fullmatch(name) for p in DEFAULT_TEMPERATURE_ONLY) and options.get("reasoning_effort") != "none"


def for_model(config: GenerationConfig, model: str) -> GenerationConfig:
    """What model ``model`` (a name, without the provider) is sent: ``--gen``'s
    temperature and max_tokens over the run's, no temperature for a model of
    :data:`DEFAULT_TEMPERATURE_ONLY` unless ``--gen`` gives one, the other options as given."""
    options = config.extra()
    sent = replace(config, options=tuple((k, v) for k, v in config.options if k not in OWN_FIELDS))
    if "max_tokens" in options:
        sent = replace(sent, max_tokens=None if options["max_tokens"] is None else int(options["max_tokens"]))
    if "temperature" in options:
        return replace(sent, temperature=options["temperature"])
    return replace(sent, temperature=None) if default_temperature_only(model, options) else sent


