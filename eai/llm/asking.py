"""Asking one model for a unit: the settings it is sent, the response cache
keyed by the model as served, the calls (retries, the endpoint's give-up
rules, the gate), their price and the run's cost limit, and the answer's
check against the JSON schema it was asked in.

What a call logs (responses.jsonl's ``calls``): the stage, the prompt's
sha256, the usage the server reported (tokens, finish reason, reasoning and
cached tokens where reported), ``cost_usd`` where the call has a price,
``schema_valid`` when it was asked in a JSON schema, whether the cache
answered and the seconds the answering attempt took.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import AbstractAsyncContextManager
from typing import Any

from eai.llm.cache import ResponseCache, cache_key, scope_of
from eai.llm.calls import Endpoint, call
from eai.llm.cost import CostMeter, price
from eai.llm.identity import Identity, identity
from eai.llm.model import Answer, GenerationConfig, LanguageModel, Message, Request, prompt_digest
from eai.llm.schema import conforms
from eai.llm.stored import Stored, stored

Schemas = Callable[[str], Mapping[str, Any] | None]  # a stage's JSON schema, None: free text


class Asker:
    """Asks ``model`` (through ``endpoint``, at most as many calls at once as
    ``gate`` lets) with ``config``, the settings it is sent
    (:func:`eai.llm.generation.for_model`), each stage in the schema ``schemas``
    gives it; ``price_as``: the provider whose prices calls are priced at
    (:func:`eai.llm.cost.price`)."""

    def __init__(self, model: LanguageModel, endpoint: Endpoint, config: GenerationConfig,
                 cache: ResponseCache | None, gate: AbstractAsyncContextManager[Any], meter: CostMeter,
                 schemas: Schemas = lambda stage: None, say: Callable[[str], None] = lambda text: None,
                 price_as: str | None = None) -> None:
        self.model, self.endpoint, self.config, self.gate, self.meter = model, endpoint, config, gate, meter
        self.price_as = price_as
        self.cache = cache if model.cacheable else None
        self.schemas, self.say = schemas, say
        self.identity = Identity(model, endpoint.reached)
        self._claimed: bool | None = None  # whether answers stored before identities were known are this model's

    async def ask(self, messages: tuple[Message, ...], view: Any, stage: str, timeout: float,
                  turn: Any = None, epoch: int = 0) -> tuple[str, dict[str, Any]]:
        """The answer's text and its ``calls`` entry; ModelCallError when the call
        fails, CallsStopped when no call can be made any more. ``epoch``: which of
        the task's repeated askings (its own cache entry)."""
        schema = self.schemas(stage)
        request = Request(messages, self.config, view, stage, timeout, turn, schema, epoch)
        kept, seconds = await self._answer(request)
        entry = {"stage": stage, "prompt_sha256": prompt_digest(messages), **kept.get("usage", {})}
        if schema is not None:
            entry["schema_valid"] = conforms(kept["text"], schema)
        entry |= {"cached": seconds is None, "seconds": None if seconds is None else round(seconds, 3)}
        return kept["text"], entry

    async def _answer(self, request: Request) -> tuple[Stored, float | None]:
        self.identity.start()
        if self.cache is None:
            return await self._live(request)
        first = await self.identity.learned(lambda: self._learning(request))
        if first is not None:
            return first
        key = cache_key(self.model, request, self.identity.value)
        kept = self.cache.get(key[0]) or self._older(request, key)
        if kept is not None:
            return kept, None
        return await self._live(request)

    async def _learning(self, request: Request) -> tuple[tuple[Stored, float], Mapping[str, str]]:
        kept, seconds = await self._live(request)
        return (kept, seconds), kept.get("served", {})

    def _older(self, request: Request, key: tuple[str, str]) -> Stored | None:
        """An answer stored before the served model was known, when this model claims them (copied under ``key``)."""
        if self.identity.value is None or self.cache is None:
            return None
        if self._claimed is None:
            self._claimed = self.cache.claim(scope_of(self.model), self.identity.text()) == self.identity.text()
            if not self._claimed:
                self.say(f"note: answers cached for {self.model.id} at {self.endpoint.name} before eai keyed them "
                         "by the model as served are another model's: they are not used")
        kept = self.cache.get(cache_key(self.model, request)[0]) if self._claimed else None
        if kept is not None:
            self.cache.put(*key, kept)
        return kept

    async def _live(self, request: Request) -> tuple[Stored, float]:
        """The model asked (not the cache), the answer stored under the identity it reports."""
        async with self.gate:  # admitted with a call slot: calls prepared ahead are not counted in flight
            await self.meter.admit()
            cost = None
            try:
                answer, seconds = await call(self.model, request, self.endpoint)
                cost = self._price(answer)
            finally:
                self.meter.paid(cost)
        kept = stored(answer, cost)
        if self.cache is not None:
            found = identity(await self.identity.listing(), dict(answer.served)) if self.model.reports_identity else None
            self.cache.put(*cache_key(self.model, request, found), kept)
        return kept, seconds

    def _price(self, answer: Answer) -> float | None:
        served = dict(answer.served).get("model") or self.model.model
        return price(self.model.provider, self.model.endpoint, served, answer.usage, price_as=self.price_as)
