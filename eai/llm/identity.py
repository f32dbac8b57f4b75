"""Which model answers behind a name: the identity the response cache keys answers by.

A name and a URL do not say which model answers: a local server restarted
with another model under the same name (``openai:local``) answers for it.
What identifies the model as served is what the server says about it:

- ``listing``: its entry in the server's model list (an OpenAI-compatible
  server's ``GET /v1/models``; llama.cpp puts the model's size and parameter
  count there, vLLM the path it was loaded from), without the fields that
  change from one request to the next (:data:`VOLATILE`);
- ``model``: the model id the server reports in its answers
  (``gpt-4o-mini-2024-07-18`` for ``gpt-4o-mini``);
- ``system_fingerprint``: the backend configuration OpenAI and llama.cpp
  report with each answer.

The listing is asked once per unit; the first answer of a unit is asked of
the model (not the cache) to learn the rest, and the other calls wait for it.
:class:`Identity` holds what was learned; :func:`identity` builds the
mapping the cache key includes (:func:`eai.llm.cache.cache_key`).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, TypeVar

from eai.llm.model import LanguageModel, ModelCallError

VOLATILE = ("created", "object", "permission", "status")
"""Fields of a model-list entry left out: llama.cpp and vLLM write the request's time in ``created``,
vLLM a fresh id in ``permission``, llama.cpp's router whether the model is loaded in ``status``."""

LISTING_TIMEOUT = 30.0  # seconds at most for the model list
T = TypeVar("T")


def listed(entry: Mapping[str, Any]) -> dict[str, Any]:
    """A model-list entry without its :data:`VOLATILE` fields."""
    return {key: value for key, value in entry.items() if key not in VOLATILE}


def identity(listing: Mapping[str, Any] | None, served: Mapping[str, str]) -> dict[str, Any] | None:
    """What the cache key holds of the model as served (None: nothing known)."""
    found: dict[str, Any] = {key: value for key, value in served.items() if value}
    if listing:
        found["listing"] = dict(listing)
    return found or None


class Identity:
    """What one unit learned of the model it asks, as served.

    ``listing`` is asked once (:meth:`list`); ``learn`` runs the unit's first
    call while the others wait for it (``known``), and after a failed one lets
    the next call try. A model that does not report who answers
    (:attr:`LanguageModel.reports_identity` False) is known at once: nothing.
    """

    def __init__(self, model: LanguageModel, heard: Callable[[], None]) -> None:
        self.model, self._heard = model, heard
        self.known = not model.reports_identity
        self.value: dict[str, Any] | None = None
        self._listing: asyncio.Future[Mapping[str, Any] | None] | None = None
        self._learning: asyncio.Event | None = None

    def start(self) -> None:
        """Ask the server's model list (once); any reply shows the server is there (``heard``)."""
        if self._listing is None:
            self._listing = asyncio.ensure_future(self._list())

    async def _list(self) -> Mapping[str, Any] | None:
        try:
            entry = await asyncio.wait_for(self.model.listing(LISTING_TIMEOUT), LISTING_TIMEOUT)
        except ModelCallError as exc:
            if exc.status is not None:
                self._heard()
            return None
        except asyncio.TimeoutError:
            return None
        if entry is not None:
            self._heard()
        return listed(entry) if entry else None

    async def listing(self) -> Mapping[str, Any] | None:
        self.start()
        assert self._listing is not None
        return await asyncio.shield(self._listing)

    async def learned(self, first: Callable[[], Awaitable[tuple[T, Mapping[str, str]]]]) -> T | None:
        """Until the identity is known: run ``first`` (the call that learns it: its
        result and what its answer says of the model) when no other call does, and
        return its result; or wait for the call that does, then return None."""
        while not self.known:
            if self._learning is not None:
                await self._learning.wait()
                continue
            self._learning = asyncio.Event()
            try:
                result, served = await first()
                self.value = identity(await self.listing(), served)
                self.known = True
                return result
            finally:
                self._learning.set()
                self._learning = None
        return None

    def text(self) -> str:
        """The identity as canonical JSON (what claims stored answers, :meth:`eai.llm.cache.ResponseCache.claim`)."""
        return json.dumps(self.value, sort_keys=True)
