"""What model calls cost, in US dollars, and the run's cost limit.

Prices come from genai-prices (the Pydantic team's price table of LLM APIs,
updated with each release; eai reads the table shipped in the installed
release and never fetches one). A call is priced by the provider eai asked
and the model id the server reported (else the model's name), from its
prompt tokens (the cached ones at the cache-read price) and completion
tokens (reasoning included), at the time of the call. A call has no price
(None) when the tokens are unknown or the table has no price for it: a
local or self-hosted server (a base URL the table does not know, unless
``--price-as`` names the provider whose prices it charges, e.g. a proxy in
front of OpenAI), a model the table lacks.

The price is kept with the answer (responses.jsonl, the response cache,
records), so the same answers give the same figures whatever the date;
``--cost-limit USD`` counts what this process spends on calls it makes
(answers from the cache cost nothing) and, once reached, lets the calls in
flight end and stops the run (resumable).
"""

from __future__ import annotations

import asyncio
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from eai.llm.calls import CallsStopped
from eai.llm.model import Usage

PRICED = {"openai": "openai", "anthropic": "anthropic", "google_genai": "google", "google_vertexai": "google",
          "mistralai": "mistral", "groq": "groq", "bedrock": "aws", "bedrock_converse": "aws",
          "azure_openai": "azure", "deepseek": "deepseek", "xai": "x-ai", "fireworks": "fireworks",
          "together": "together", "cohere": "cohere", "perplexity": "perplexity"}
"""eai's providers (langchain's names) as genai-prices names them, for calls to the provider's own API."""


def prices_version() -> str | None:
    """The price table's release (``genai-prices 0.2.3``), None when it is not installed."""
    try:
        from genai_prices import __version__
    except ImportError:
        return None
    return f"genai-prices {__version__}"


def price(provider: str, endpoint: str, model: str, usage: Usage, when: datetime | None = None,
          price_as: str | None = None) -> float | None:
    """The price of one call in US dollars: ``provider`` asked at ``endpoint``
    ("" for the provider's own API; ``price_as``: priced as this genai-prices
    provider's whatever the endpoint), ``model`` as the server named it; None when unknown."""
    if usage.prompt_tokens is None or usage.completion_tokens is None:
        return None
    provider_id = price_as or (None if endpoint else PRICED.get(provider))
    api_url = endpoint if endpoint and not price_as else None
    if provider_id is None and api_url is None:
        return None
    try:
        import genai_prices
    except ImportError:
        return None
    tokens = genai_prices.Usage(input_tokens=usage.prompt_tokens, output_tokens=usage.completion_tokens,
                                cache_read_tokens=usage.cached_tokens or None)
    when = when or datetime.now(timezone.utc)
    try:
        if api_url:
            found = genai_prices.calc_price(tokens, model, provider_api_url=api_url, genai_request_timestamp=when)
        else:
            found = genai_prices.calc_price(tokens, model, provider_id=provider_id, genai_request_timestamp=when)
    except (LookupError, ValueError):
        return None
    return round(float(found.total_price), 9)


class CostLimitReached(CallsStopped):
    """The run's calls have cost ``--cost-limit``: no call more is made."""


class CostMeter:
    """What this process spent on the calls of one run, against its limit (None: none)."""

    def __init__(self, limit: float | None) -> None:
        self.limit, self.spent, self.in_flight = limit, 0.0, 0
        self._idle: asyncio.Event | None = None

    async def admit(self) -> None:
        """Before a call: CostLimitReached once the limit is reached, after the calls in flight have ended."""
        if self.limit is None:
            return
        if self.spent >= self.limit:
            while self.in_flight:
                self._idle = self._idle or asyncio.Event()
                await self._idle.wait()
            raise CostLimitReached(f"stopped at the cost limit: the calls made cost ${self.spent:.4f}, "
                                   f"--cost-limit is ${self.limit:g}")
        self.in_flight += 1

    def paid(self, cost: float | None) -> None:
        """A call admitted has ended, costing ``cost`` (None: no price, or it failed)."""
        if self.limit is None:
            return
        self.spent += cost or 0.0
        self.in_flight -= 1
        if not self.in_flight and self._idle is not None:
            self._idle.set()
            self._idle = None


_meters: dict[tuple[Path, float | None], CostMeter] = {}


def meter(out: Path, limit: float | None) -> CostMeter:
    """The meter of the run in ``out`` in this process (one for all its units and models)."""
    return _meters.setdefault((out.absolute(), limit), CostMeter(limit))


def summarize(calls: list[dict[str, Any]]) -> dict[str, Any]:
    """summary.json's cost of a unit: ``cost_usd`` over ``calls_priced`` calls and the
    price table it is from, when any call has a price ({} otherwise)."""
    priced = [c["cost_usd"] for c in calls if isinstance(c.get("cost_usd"), (int, float))]
    if not priced:
        return {}
    return {"cost_usd": round(sum(priced), 6), "calls_priced": len(priced)}
