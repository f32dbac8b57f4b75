"""``eai run`` and ``eai compose``: models on task suites, with a report at the end."""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Optional

import typer

from eai import api
from eai.cli.argv import REPLAN_WHEN_GIVEN, command_line
from eai.cli.output import say
from eai.cli.budget import DEFAULT_CPU_SECONDS, DEFAULT_MEMORY_MB, ExactTypes, MaxNodes, PlannerCpuSeconds, PlannerMemoryMb, budget_options
from eai.cli.progress import shown
from eai.llm.credentials import REDACTED
from eai.exceptions import EaiError
from eai.modules import MODULES, get_module
from eai.host.manager import get_plugins
from eai.runner import defaults
from eai.runner.transport import FLAGS, TRANSPORT, flag_words

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
Limit = Annotated[Optional[int], typer.Option("--limit", min=1, help="Only the first K tasks of each suite.")]
TaskIds = Annotated[Optional[str], typer.Option("--tasks", help="Only these tasks, comma-separated: task ids or subset names (eb-alfred: base, long_horizon...).")]
Out = Annotated[Optional[Path], typer.Option("--out", help="Run folder (default: runs/<date-time>).")]
Concurrency = Annotated[int, typer.Option("--concurrency", min=1, help="Model calls in flight at once.")]
BaseUrl = Annotated[Optional[str], typer.Option("--base-url", help="Base URL of an OpenAI-compatible server (or set OPENAI_BASE_URL).")]
Temperature = Annotated[float, typer.Option("--temperature", help="Sampling temperature (paper: 0).")]
MaxTokens = Annotated[int, typer.Option("--max-tokens", min=0, help="Longest answer, in tokens (0: the server's limit).")]
Timeout = Annotated[float, typer.Option("--timeout", help="Seconds before one call is abandoned (then retried).")]
Retries = Annotated[int, typer.Option("--retries", min=1, help="Attempts per call on rate limits, server errors and timeouts (a refused connection uses none: the call waits for the server).")]
GiveUpAfter = Annotated[float, typer.Option("--give-up-after", min=1.0, metavar="SECONDS", help="Stop the run (resumable) once a model's server has sent nothing but failures (refused connections, 5xx, timeouts) for this long, 5 of them at least.")]
FirstAnswerDeadline = Annotated[float, typer.Option("--first-answer-deadline", min=0.0, metavar="SECONDS", help="Stop the run (resumable) when a model's server has sent nothing back at all, to any call or to its model list, this long after the first call (0: no deadline).")]
Gen = Annotated[list[str], typer.Option("--gen", metavar="KEY=VALUE", help="A generation setting sent as given (repeatable): temperature, top_p, seed, max_tokens, stop, reasoning_effort or any provider option; VALUE is JSON when it is JSON (0.7, true, null: none sent, [\"\\n\"]), else text. --gen temperature=X sends X even to a model that takes only its default temperature (o1, o3, o4-mini, gpt-5: sent none by default).")]
ResponseFormat = Annotated[str, typer.Option("--response-format", help="text, or json-schema: ask each module's answers in its JSON schema (the provider's structured output); answers that do not conform are counted apart from parsing errors.")]
CostLimit = Annotated[Optional[float], typer.Option("--cost-limit", min=0.0, metavar="USD", help="Stop the run (resumable) once the calls this command makes have cost this many US dollars (prices: genai-prices; calls without a price count nothing).")]
PriceAs = Annotated[Optional[str], typer.Option("--price-as", metavar="PROVIDER", help="Price the calls to --base-url at this provider's prices (genai-prices' name: openai, anthropic, google, mistral, groq...), e.g. for a proxy in front of OpenAI; default: the provider's own API is priced, another server is not.")]
CachePath = Annotated[Optional[Path], typer.Option("--cache", help="Response cache (sqlite). Default: ~/.cache/eai/responses.sqlite.")]
NoCache = Annotated[bool, typer.Option("--no-cache", help="Neither read nor write the response cache.")]
Quiet = Annotated[bool, typer.Option("--quiet", help="No progress bars (for CI logs).")]
Replan = Annotated[int, typer.Option("--replan", min=0, metavar="[K]", help=REPLAN_HELP)]
FailureP = Annotated[float, typer.Option("--action-failure-p", help=FAILURE_HELP)]
Seed = Annotated[int, typer.Option("--seed", help="Seed of the random action failures.")]
ShardOption = Annotated[Optional[str], typer.Option(
    "--shard", metavar="I/N", help="Run only shard I of N (counted from 0): task k of each unit goes to shard k mod N; "
                                   "eai merge puts the N run folders back together (docs/scale.md).")]
ExecutorName = Annotated[str, typer.Option("--executor", help="Where the units work (see: eai list executors): local, or a plugin's, e.g. ray (docs/scale.md).")]
Address = Annotated[Optional[str], typer.Option("--address", help="The cluster the executor joins (ray: e.g. ray://head:10001); default: a local one.")]
LiveEnvironment = Annotated[Optional[str], typer.Option(
    "--environment", help="Run plans step by step in this live environment (see: eai list environments); "
                          "default for episodes: the simulator's symbolic world.")]


# run.json's options, by the command-line parameter that sets each (--resume takes those not given)
RESUMED = {"suite": "suites", "module": "modules", "model": "models", "limit": "limit", "tasks": "tasks",
           "temperature": "temperature", "max_tokens": "max_tokens", "base_url": "base_url", "replan": "replan",
           "action_failure_p": "action_failure_p", "seed": "seed", "environment": "environment", "shard": "shard",
           "gen": "gen", "response_format": "response_format"}
# kept in run.json's options
MODULE_OPTIONS = ("max_nodes", "planner_cpu_seconds", "planner_memory_mb", "agents", "turn_by_turn", "human", "partial", "exact_types")


def resumed(ctx: typer.Context) -> dict[str, Any]:
    """The command's options; with --resume, those of the run in --out that the command line does not give."""
    values = dict(ctx.params)
    if not values["resume"]:
        return values
    if values["out"] is None:
        raise EaiError("--resume needs --out, the folder of the run to finish")
    from eai.runner.manifest import read_manifest  # here: the runner imports the compose stages
    previous = read_manifest(values["out"])
    given = {param: previous[key] for param, key in RESUMED.items()}
    given["tasks"] = ",".join(given["tasks"]) or None
    given["max_tokens"] = given["max_tokens"] or 0
    given["gen"] = [f"{key}={json.dumps(value)}" for key, value in given["gen"].items()]
    given.update((param, previous["options"][param]) for param in MODULE_OPTIONS if param in previous["options"])
    given.update((param, value) for param, value in previous.get(TRANSPORT, {}).items() if param in FLAGS)
    if given.get("cache"):
        given["cache"] = Path(given["cache"]).expanduser()
    if "max_nodes" in given:
        given["max_nodes"] = given["max_nodes"] or 0  # no limit: --max-nodes 0
    for param, value in given.items():
        source = ctx.get_parameter_source(param)  # typer's own copy of click's ParameterSource
        if param in values and source is not None and source.name == "DEFAULT":
            values[param] = value
    if REDACTED in (values["base_url"] or "") and values["base_url"] == given["base_url"]:
        raise EaiError(f"the run in {values['out']} was started with credentials in --base-url, which eai does "
                       "not store: give --base-url again")
    return values


def transport_flags(ctx: typer.Context, values: dict[str, Any]) -> list[str]:
    """The transport settings in ``values`` that are not the command's defaults, as flags."""
    given = {param.name: param.default for param in ctx.command.params}
    return flag_words({param: values[param] for param in FLAGS if values[param] != given[param]})


def resume_hint(folder: Path, flags: Sequence[str]) -> str:
    """How to finish the run in ``folder``, with the transport settings it ran with."""
    return f"what was answered is kept; to continue: {shlex.join(['eai', 'run', '--resume', '--out', str(folder), *flags])}"


def execute(
    suite: list[str], module: list[str], model: list[str], limit: int | None, tasks: str | None,
    out: Path | None, resume: bool, concurrency: int, base_url: str | None, temperature: float,
    max_tokens: int, timeout: float, retries: int, give_up_after: float, first_answer_deadline: float, gen: list[str],
    response_format: str, cost_limit: float | None, price_as: str | None, cache: Path | None, no_cache: bool, quiet: bool,
    replan: int, action_failure_p: float, seed: int, environment: str | None,
    max_nodes: int | None, planner_cpu_seconds: float, planner_memory_mb: int, agents: int = defaults.AGENTS,
    shard: str | None = None, executor: str = defaults.EXECUTOR, address: str | None = None,
    turn_by_turn: bool = False, human: str = defaults.HUMAN, partial: bool = False, exact_types: bool = False,
    again: Sequence[str] = (), command: Sequence[str] | None = None,
) -> None:
    """Run and report; ``again``: the transport flags the resume line repeats."""
    from eai.base.atomic import WriteError
    from eai.llm.calls import CallsStopped
    from eai.llm.generation import parse_gen

    folder = out or api.default_out()
    try:
        with shown(quiet) as progress:
            finished = api.run(model, suite, module, folder,
                               tasks=[t.strip() for t in tasks.split(",") if t.strip()] if tasks else None,
                               limit=limit, resume=resume, concurrency=concurrency, base_url=base_url,
                               temperature=temperature, max_tokens=max_tokens or None, timeout=timeout, retries=retries,
                               give_up_after=give_up_after, first_answer_deadline=first_answer_deadline or None,
                               gen=parse_gen(gen), response_format=response_format, cost_limit=cost_limit,
                               price_as=price_as,
                               cache=cache, use_cache=not no_cache, replan=replan, action_failure_p=action_failure_p,
                               seed=seed, environment=environment,
                               options={**budget_options(max_nodes, planner_cpu_seconds, planner_memory_mb, exact_types),
                                        **agent_options(agents, turn_by_turn, human, partial)},
                               progress=progress, say=say, shard=shard, executor=executor,
                               address=address, command=command)
    except CallsStopped as exc:
        raise EaiError(f"{exc}; {resume_hint(folder, again)}" if exc.resumable else str(exc)) from None
    except WriteError as exc:
        raise EaiError(f"{exc}; {resume_hint(folder, again)}") from None
    except KeyboardInterrupt:
        print(f"interrupted: {resume_hint(folder, again)}", file=sys.stderr)
        raise typer.Exit(130) from None
    say(f"wrote {len(finished.results)} result folder(s) and the report (report.md, report.html) under {finished.folder}")
    failed = sum(r.summary.get("model_errors", 0) for r in finished.results)
    if failed and not any(r.summary.get("n") for r in finished.results):
        raise EaiError(f"no answer was scored: all {failed} model call(s) failed (why: records.jsonl under "
                       f"{finished.folder}); fix the cause and add --resume to ask them again")


def agent_options(agents: int, turn_by_turn: bool, human: str, partial: bool) -> dict[str, Any]:
    """run.json's options for the agent setup (none for one agent, as before)."""
    if agents != 2:
        return {}
    if not turn_by_turn:
        return {"agents": 2}
    return {"agents": 2, "turn_by_turn": True, "human": human, "partial": partial}


def check_agents(values: dict[str, Any]) -> None:
    """One line for a combination of agent options that cannot run."""
    if values["turn_by_turn"] and values["agents"] != 2:
        raise EaiError("--turn-by-turn needs --agents 2")
    if (values["partial"] or values["human"] != "scripted") and not values["turn_by_turn"]:
        raise EaiError(f"{'--partial' if values['partial'] else '--human'} needs --agents 2 --turn-by-turn "
                       "(the scripted pair sharing a plan does not read what it sees)")
    if values["agents"] == 2 and set(values["module"]) - {"action_sequencing"}:
        raise EaiError("--agents 2 runs action sequencing only (a plan shared by a human and a robot)")
    if values["turn_by_turn"] and (values["replan"] or values["action_failure_p"] or values["environment"]):
        raise EaiError("--turn-by-turn runs in the symbolic world without --replan, --action-failure-p or --environment")


def run_command(
    ctx: typer.Context,
    suite: Suites = [],
    module: Annotated[list[str], typer.Option("--module", help=f"Ability module (repeatable): {', '.join(MODULES)}. Default: all.")] = [],
    model: Models = [],
    limit: Limit = None,
    tasks: TaskIds = None,
    out: Out = None,
    resume: Annotated[bool, typer.Option("--resume", help="Finish an interrupted run in --out with its options (run.json): tasks already answered are kept, the others are asked.")] = False,
    concurrency: Concurrency = defaults.CONCURRENCY,
    base_url: BaseUrl = None,
    temperature: Temperature = defaults.TEMPERATURE,
    max_tokens: MaxTokens = defaults.MAX_TOKENS,
    timeout: Timeout = defaults.TIMEOUT,
    retries: Retries = defaults.RETRIES,
    give_up_after: GiveUpAfter = defaults.GIVE_UP_AFTER,
    first_answer_deadline: FirstAnswerDeadline = defaults.FIRST_ANSWER_DEADLINE,
    gen: Gen = [],
    response_format: ResponseFormat = defaults.RESPONSE_FORMAT,
    cost_limit: CostLimit = None,
    price_as: PriceAs = None,
    cache: CachePath = None,
    no_cache: NoCache = False,
    quiet: Quiet = False,
    replan: Replan = defaults.REPLAN,
    action_failure_p: FailureP = defaults.ACTION_FAILURE_P,
    seed: Seed = defaults.SEED,
    environment: LiveEnvironment = None,
    max_nodes: MaxNodes = None,
    planner_cpu_seconds: PlannerCpuSeconds = DEFAULT_CPU_SECONDS,
    planner_memory_mb: PlannerMemoryMb = DEFAULT_MEMORY_MB,
    shard: ShardOption = None,
    executor: ExecutorName = defaults.EXECUTOR,
    address: Address = None,
    agents: Annotated[int, typer.Option("--agents", min=1, max=2, help=AGENTS_HELP)] = defaults.AGENTS,
    turn_by_turn: Annotated[bool, typer.Option("--turn-by-turn", help=TURNS_HELP)] = False,
    human: Annotated[str, typer.Option("--human", help=HUMAN_HELP)] = defaults.HUMAN,
    partial: Annotated[bool, typer.Option("--partial", help=PARTIAL_HELP)] = False,
    exact_types: ExactTypes = False,
) -> None:
    """Run models on task suites and score every answer.

    With no options: the built-in baselines on the default suites (VirtualHome
    and BEHAVIOR; the others when named with --suite) and every module. API keys
    are read from the environment only (OPENAI_API_KEY, ANTHROPIC_API_KEY...).
    Each suite/module/model gets a folder with responses.jsonl (appended as
    answers arrive, so a killed run loses nothing: rerun with --resume),
    records.jsonl and summary.json; the run folder gets report.md and report.html.
    Rates are over the tasks answered (n); failed model calls are counted
    apart, never as the model's errors (docs/metrics.md).

    Examples:

    \b
        eai run --limit 5
        eai run --suite virtualhome --module action_sequencing --tasks 27_2,417_1
        eai run --model openai:gpt-4o-mini --module goal_interpretation --out runs/gpt
        eai run --model openai:qwen --base-url http://127.0.0.1:8080/v1 --concurrency 1
        eai run --model openai:o4-mini --gen reasoning_effort=low --gen seed=1 --cost-limit 2
        eai run --model openai:gpt-4o-mini --response-format json-schema --limit 20
        eai run --resume --out runs/gpt
        eai run --suite partnr-vh --agents 2 --limit 8
        eai run --suite partnr-vh --agents 2 --turn-by-turn --partial --human baseline:planner
        eai run --shard 0/2 --out runs/part0    (then: eai merge runs/part0 runs/part1 --out runs/all)
        eai run --executor ray --model openai:gpt-4o-mini --concurrency 32
    """
    for name in module:
        get_module(name)
    values = resumed(ctx)
    check_agents(values)
    agents = values["agents"]
    execute(**{**values, "module": list(values["module"]) or (["action_sequencing"] if agents == 2 else list(MODULES))},
            again=transport_flags(ctx, values), command=command_line(ctx))


def compose_command(
    ctx: typer.Context,
    pipeline: Annotated[str, typer.Argument(help="Stages joined by '+', e.g. goal_interpretation+action_sequencing.")],
    suite: Suites = [],
    model: Models = [],
    limit: Limit = None,
    tasks: TaskIds = None,
    out: Out = None,
    modular: Annotated[bool, typer.Option("--modular/--no-modular", help="Also run the last stage alone on the gold goals, for the modular-vs-pipeline table.")] = True,
    resume: Annotated[bool, typer.Option("--resume", help="Finish an interrupted run in --out.")] = False,
    concurrency: Concurrency = defaults.CONCURRENCY,
    base_url: BaseUrl = None,
    temperature: Temperature = defaults.TEMPERATURE,
    max_tokens: MaxTokens = defaults.MAX_TOKENS,
    timeout: Timeout = defaults.TIMEOUT,
    retries: Retries = defaults.RETRIES,
    give_up_after: GiveUpAfter = defaults.GIVE_UP_AFTER,
    first_answer_deadline: FirstAnswerDeadline = defaults.FIRST_ANSWER_DEADLINE,
    gen: Gen = [],
    response_format: ResponseFormat = defaults.RESPONSE_FORMAT,
    cost_limit: CostLimit = None,
    price_as: PriceAs = None,
    cache: CachePath = None,
    no_cache: NoCache = False,
    quiet: Quiet = False,
    replan: Replan = defaults.REPLAN,
    action_failure_p: FailureP = defaults.ACTION_FAILURE_P,
    seed: Seed = defaults.SEED,
    environment: LiveEnvironment = None,
    max_nodes: MaxNodes = None,
    planner_cpu_seconds: PlannerCpuSeconds = DEFAULT_CPU_SECONDS,
    planner_memory_mb: PlannerMemoryMb = DEFAULT_MEMORY_MB,
    shard: ShardOption = None,
    executor: ExecutorName = defaults.EXECUTOR,
    address: Address = None,
    agents: Annotated[int, typer.Option("--agents", min=1, max=2, help=COMPOSE_AGENTS_HELP)] = defaults.AGENTS,
    exact_types: ExactTypes = False,
) -> None:
    """Run a pipeline of modules, scored against the gold annotation (paper appendix G).

    Each stage works on the goal the stages before it interpreted; the last
    stage's result is scored against the gold annotation.

    Stages that interpret a goal come first (goal_interpretation); one stage that
    acts comes last: action_sequencing (G+Q), subgoal_decomposition (G+Phi), or
    planner (a bfs search planner acts on the interpreted goal, as in LLM+P).
    Plugins add stages (docs/compose.md). By default the last stage also runs
    alone, so the report puts modular and pipeline results side by side.

    Examples:

    \b
        eai compose goal_interpretation+action_sequencing --suite virtualhome --limit 5
        eai compose goal_interpretation+planner --model openai:gpt-4o-mini
        eai compose action_sequencing --replan 3 --action-failure-p 0.1
        eai compose goal_interpretation+planner --suite partnr-vh --agents 2
    """
    plugins = get_plugins()
    from eai.compose.pipeline import parse_pipeline  # here: it imports the compose stages

    chosen = parse_pipeline(pipeline, plugins)
    modules = [chosen.name]
    if modular and chosen.final.asks_model and len(chosen.stages) > 1:
        modules.append(chosen.final.name)
    if agents == 2 and chosen.final.name not in ("action_sequencing", "planner"):
        raise EaiError(f"--agents 2 shares a final plan: end {pipeline!r} with action_sequencing or planner")
    values = resumed(ctx)
    flags = transport_flags(ctx, values)
    del values["pipeline"], values["modular"]
    execute(**values, module=modules, again=flags, command=command_line(ctx))

