"""The defaults of a run, in one place: ``eai run``, ``eai compose`` (and ``eai tasks
generate``'s retries), the Python API (:func:`eai.run`) and the runner's
:class:`~eai.runner.config.RunConfig` take them from here; a test checks that the
command line's and the API's defaults are these.

Those that a contract below the runner already fixes are read from it, so each
is written once: the generation settings from :class:`~eai.llm.model.GenerationConfig`
(temperature 0 as in the paper, the token limit), a call's timeout from
:class:`~eai.llm.model.Request`, the patience with a server from
:class:`~eai.llm.calls.RetryPolicy`.
"""

from __future__ import annotations

from eai.llm.calls import RetryPolicy
from eai.llm.model import MAX_TOKENS as LONGEST_ANSWER, GenerationConfig, Request
from eai.runner.executors import LOCAL

CONCURRENCY = 8  # model calls in flight at once
TIMEOUT: float = Request.timeout  # seconds before one attempt is abandoned (then retried)
RETRIES: int = RetryPolicy.attempts  # attempts per call
GIVE_UP_AFTER: float = RetryPolicy.give_up_after  # seconds of nothing but failures before a server is given up on
FIRST_ANSWER_DEADLINE: float = RetryPolicy.first_answer_deadline or 0.0  # seconds for a server to reply at all (0: none)
RESPONSE_FORMAT = "text"  # or "json-schema" (eai.modules.schemas)
TEMPERATURE: float = GenerationConfig.temperature or 0.0  # the paper's 0 (the contract's None sends none: --gen)
MAX_TOKENS: int = LONGEST_ANSWER  # GenerationConfig's default (its None, the CLI's 0: the server's own limit)
REPLAN = 0  # attempts after a failed plan
ACTION_FAILURE_P = 0.0  # probability that an executed action fails
SEED = 0  # of the random action failures
EPOCHS = 1  # times each task is asked (--epochs); each time its own call, the cache keyed per epoch
EXECUTOR = LOCAL
AGENTS = 1
HUMAN = "scripted"  # the human's policy with --turn-by-turn
