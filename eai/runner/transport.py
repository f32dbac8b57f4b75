"""run.json's ``transport``: how a run's model calls were made (calls in
flight, timeout, attempts, how long a failing or silent server is retried,
the cost limit, the response cache, the executor and its address). None of them decides a result, so they
are kept apart from the options that do: ``--resume`` reuses them unless given
again, a resumed run may change them, and the shards of one run may differ in
them. No credentials, and no home folder: a path under it is written with
``~``."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from eai.llm.cache import default_cache
from eai.llm.credentials import without_credentials

if TYPE_CHECKING:
    from eai.runner.config import RunConfig

TRANSPORT = "transport"
FLAGS = {"concurrency": "--concurrency", "timeout": "--timeout", "retries": "--retries",
         "give_up_after": "--give-up-after", "first_answer_deadline": "--first-answer-deadline",
         "cost_limit": "--cost-limit", "price_as": "--price-as", "cache": "--cache",
         "no_cache": "--no-cache", "executor": "--executor", "address": "--address"}
"""Each setting (a parameter of ``eai run``) and its flag."""


def transport(config: RunConfig, executor: str, address: str | None) -> dict[str, Any]:
    """The run's settings: ``cache`` null for the default cache (or none, with ``no_cache``)."""

    cache = None if config.cache is None or config.cache == default_cache() else _home_relative(config.cache)
    return {"concurrency": config.concurrency, "timeout": config.timeout, "retries": config.retry.attempts,
            "give_up_after": config.retry.give_up_after,
            "first_answer_deadline": config.retry.first_answer_deadline or 0, "cost_limit": config.cost_limit,
            "price_as": config.price_as,
            "cache": cache, "no_cache": config.cache is None, "executor": executor,
            "address": without_credentials(address) if address else None}


def flag_words(settings: Mapping[str, Any]) -> list[str]:
    """``settings`` (by parameter) as command-line words, an address without its credentials."""
    words: list[str] = []
    for param, value in settings.items():
        if value is True:
            words.append(FLAGS[param])
        elif value not in (None, False):
            words += [FLAGS[param], without_credentials(value) if param == "address" else str(value)]
    return words


def _home_relative(path: Path) -> str:
    home, absolute = Path.home(), path.absolute()
    return f"~/{absolute.relative_to(home)}" if absolute.is_relative_to(home) else str(path)
