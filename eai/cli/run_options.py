"""The options of ``eai run`` and ``eai compose``: their types, defaults and help."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from eai.cli.argv import REPLAN_WHEN_GIVEN

MODEL_HELP = ("provider:model (repeatable), e.g. openai:gpt-4o-mini. Default: the model an installed plugin declares "
              "its default (the built-in baselines': no key, no network; see: eai list models).")
AGENTS_HELP = ("2: each action plan is shared by a scripted human and robot acting in turns in one world "
               "(tasks with evaluation functions, e.g. --suite partnr-vh; docs/collaboration.md).")
TURNS_HELP = "With --agents 2: the model acts as the robot turn by turn, asked for one action per turn, instead of writing a plan."
HUMAN_HELP = ("With --turn-by-turn: the human's policy: scripted (its share of the gold plan) or a model "
              "(provider:model, e.g. baseline:planner).")
PARTIAL_HELP = ("With --turn-by-turn: partial observability: each agent sees the rooms, the furniture, what it holds "
                "and the things in the rooms it has explored (PARTNR's setting).")
REPLAN_HELP = f"Replanning with feedback: after a failed plan the model sees its attempt and what went wrong, up to K more times ({REPLAN_WHEN_GIVEN} when K is omitted)."
COMPOSE_AGENTS_HELP = ("2: the pipeline's final plan is shared by a scripted human and robot acting in turns "
                       "(tasks with evaluation functions, e.g. --suite partnr-vh; docs/collaboration.md).")
FAILURE_HELP = "Each executed action fails (no effect) with this probability; seeded, so runs repeat exactly."

# Options shared by ``eai run`` and ``eai compose``.
Suites = Annotated[list[str], typer.Option("--suite", help="Task suite (repeatable): a name (see: eai list suites) or a folder with suite.json. Default: every installed suite but those that ask to be named (large or generated ones).")]
Models = Annotated[list[str], typer.Option("--model", help=MODEL_HELP)]
Limit = Annotated[int | None, typer.Option("--limit", min=1, help="Only the first K tasks of each suite.")]
TaskIds = Annotated[str | None, typer.Option("--tasks", help="Only these tasks, comma-separated: task ids or subset names (eb-alfred: base, long_horizon...).")]
Out = Annotated[Path | None, typer.Option("--out", help="Run folder (default: runs/<date-time>).")]
Concurrency = Annotated[int, typer.Option("--concurrency", min=1, help="Model calls in flight at once.")]
BaseUrl = Annotated[str | None, typer.Option("--base-url", help="Base URL of an OpenAI-compatible server (or set OPENAI_BASE_URL).")]
Temperature = Annotated[float, typer.Option("--temperature", help="Sampling temperature (paper: 0).")]
MaxTokens = Annotated[int, typer.Option("--max-tokens", min=0, help="Longest answer, in tokens (0: the server's limit).")]
Timeout = Annotated[float, typer.Option("--timeout", help="Seconds before one call is abandoned (then retried).")]
Retries = Annotated[int, typer.Option("--retries", min=1, help="Attempts per call on rate limits, server errors and timeouts (a refused connection uses none: the call waits for the server).")]
GiveUpAfter = Annotated[float, typer.Option("--give-up-after", min=1.0, metavar="SECONDS", help="Stop the run (resumable) once a model's server has sent nothing but failures (refused connections, 5xx, timeouts) for this long, 5 of them at least.")]
FirstAnswerDeadline = Annotated[float, typer.Option("--first-answer-deadline", min=0.0, metavar="SECONDS", help="Stop the run (resumable) when a model's server has sent nothing back at all, to any call or to its model list, this long after the first call (0: no deadline).")]
Gen = Annotated[list[str], typer.Option("--gen", metavar="KEY=VALUE", help="A generation setting sent as given (repeatable): temperature, top_p, seed, max_tokens, stop, reasoning_effort or any provider option; VALUE is JSON when it is JSON (0.7, true, null: none sent, [\"\\n\"]), else text. --gen temperature=X sends X even to a model that takes only its default temperature (o1, o3, o4-mini, gpt-5: sent none by default).")]
ResponseFormat = Annotated[str, typer.Option("--response-format", help="text, or json-schema: ask each module's answers in its JSON schema (the provider's structured output); answers that do not conform are counted apart from parsing errors.")]
CostLimit = Annotated[float | None, typer.Option("--cost-limit", min=0.0, metavar="USD", help="Stop the run (resumable) once the calls this command makes have cost this many US dollars (prices: genai-prices; calls without a price count nothing).")]
PriceAs = Annotated[str | None, typer.Option("--price-as", metavar="PROVIDER", help="Price the calls to --base-url at this provider's prices (genai-prices' name: openai, anthropic, google, mistral, groq...), e.g. for a proxy in front of OpenAI; default: the provider's own API is priced, another server is not.")]
CachePath = Annotated[Path | None, typer.Option("--cache", help="Response cache (sqlite). Default: ~/.cache/eai/responses.sqlite.")]
NoCache = Annotated[bool, typer.Option("--no-cache", help="Neither read nor write the response cache.")]
Quiet = Annotated[bool, typer.Option("--quiet", help="No progress bars (for CI logs).")]
Replan = Annotated[int, typer.Option("--replan", min=0, metavar="[K]", help=REPLAN_HELP)]
FailureP = Annotated[float, typer.Option("--action-failure-p", help=FAILURE_HELP)]
Seed = Annotated[int, typer.Option("--seed", help="Seed of the random action failures.")]
Epochs = Annotated[int, typer.Option("--epochs", min=1, metavar="K", help="Ask each task K times (each its own call: the response cache is keyed per epoch, at any temperature); records per epoch, rates over all K answers of every task, intervals over tasks (docs/metrics.md, \"Epochs\").")]
ShardOption = Annotated[str | None, typer.Option(
    "--shard", metavar="I/N", help="Run only shard I of N (counted from 0): task k of each unit goes to shard k mod N; "
                                   "eai merge puts the N run folders back together (docs/scale.md).")]
ExecutorName = Annotated[str, typer.Option("--executor", help="Where the units work (see: eai list executors): local, or a plugin's, e.g. ray (docs/scale.md).")]
Address = Annotated[str | None, typer.Option("--address", help="The cluster the executor joins (ray: e.g. ray://head:10001); default: a local one.")]
LiveEnvironment = Annotated[str | None, typer.Option(
    "--environment", help="Run plans step by step in this live environment (see: eai list environments); "
                          "default for episodes: the simulator's symbolic world.")]
