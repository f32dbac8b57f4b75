"""The optional model filter: a language model asked whether a generated
instruction is a reasonable household task (ET-Plan-Bench asked GPT-4o).

Answers go through the response cache of runs (:mod:`eai.llm.cache`),
keyed on the model and the exact prompt, so generating again with the same
seed asks nothing and replays every decision byte for byte. An answer whose
first word is "reasonable" keeps the task; any other answer drops it. A call
that fails for good stops the generation (nothing is written).
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

from eai.exceptions import EaiError
from eai.host.manager import Plugins
from eai.llm.cache import ResponseCache, cache_key
from eai.llm.calls import Endpoint, EndpointDown, RetryPolicy, call
from eai.llm.model import GenerationConfig, LanguageModel, Message, ModelCallError, Request, resolve_model
from eai.llm.stored import stored

PROMPT = """You check tasks that a household robot will be asked to do in an ordinary home.
A task is reasonable when each object the robot must carry can be carried in one hand,
fits where the task puts it, and would sensibly be kept or used there; and when the
objects a task handles together belong together.
Answer with one word: Reasonable or Unreasonable.

Task: {instruction}"""


class ModelFilter:
    """Asks ``spec`` (``provider:model``) about each instruction, through ``cache`` when given."""

    def __init__(self, plugins: Plugins, spec: str, cache: Path | None, options: dict[str, str] | None = None,
                 retry: RetryPolicy = RetryPolicy()) -> None:
        self.spec = spec
        self.model: LanguageModel = resolve_model(plugins, spec, options or {})
        self.cache = ResponseCache(cache) if cache is not None and self.model.cacheable else None
        self.endpoint = Endpoint(self.model.endpoint or f"{self.model.provider}'s server", 1, policy=retry)

    def judge(self, instruction: str) -> tuple[bool, str]:
        """(keep the task?, the model's answer)."""
        request = Request((Message("user", PROMPT.format(instruction=instruction)),), GenerationConfig())
        key = cache_key(self.model, request) if self.cache is not None else None
        kept = self.cache.get(key[0]) if key else None  # type: ignore[union-attr]
        if kept is None:
            try:
                kept = stored(asyncio.run(call(self.model, request, self.endpoint))[0])
            except (ModelCallError, EndpointDown) as exc:
                raise EaiError(f"--filter-model {self.spec}: {exc}; nothing was written (the answers so far are "
                               f"cached)") from None
            if key:
                self.cache.put(key[0], key[1], kept)  # type: ignore[union-attr]
        answer = kept["text"]
        words = re.findall(r"[a-z]+", answer.lower())
        return bool(words) and words[0] == "reasonable", answer.strip()

    def close(self) -> None:
        if self.cache is not None:
            self.cache.close()
