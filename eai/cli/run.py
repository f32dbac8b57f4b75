"""``eai run`` and ``eai compose``: models on task suites, with a report at the end."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from eai import api
from eai.agent.protocol import MAX_INVALID, MAX_STEPS
from eai.cli.agents import (
    ActAs,
    ChatHistory,
    ChatWindow,
    Episode,
    MaxInvalid,
    MaxSteps,
    agent_options,
    check_agents,
    default_modules,
    sharing,
)
from eai.cli.argv import command_line
from eai.cli.budget import (
    DEFAULT_CPU_SECONDS,
    DEFAULT_MEMORY_MB,
    ExactTypes,
    MaxNodes,
    PlannerCpuSeconds,
    PlannerMemoryMb,
    budget_options,
)
from eai.cli.output import say
from eai.cli.progress import shown
from eai.cli.prompt_options import PromptsOption, ShotsOption, SystemPromptOption, prompt_options
from eai.cli.resume import resume_hint, resumed, transport_flags
from eai.cli.run_options import (
    AGENTS_HELP,
    COMPOSE_AGENTS_HELP,
    HUMAN_HELP,
    PARTIAL_HELP,
    TURNS_HELP,
    Address,
    BaseUrl,
    CachePath,
    Concurrency,
    CostLimit,
    Epochs,
    ExecutorName,
    FailureP,
    FirstAnswerDeadline,
    Gen,
    GiveUpAfter,
    Limit,
    LiveEnvironment,
    MaxTokens,
    Models,
    NoCache,
    Out,
    PriceAs,
    Quiet,
    Replan,
    ResponseFormat,
    Retries,
    Seed,
    ShardOption,
    Suites,
    TaskIds,
    Temperature,
    Timeout,
)
from eai.exceptions import EaiError
from eai.host.manager import get_plugins
from eai.modules import MODULES, get_module
from eai.runner import defaults
from eai.simulation.simulator import PAPER


def execute(
    suite: list[str], module: list[str], model: list[str], limit: int | None, tasks: str | None,
    out: Path | None, resume: bool, concurrency: int, base_url: str | None, temperature: float,
    max_tokens: int, timeout: float, retries: int, give_up_after: float, first_answer_deadline: float, gen: list[str],
    response_format: str, cost_limit: float | None, price_as: str | None, cache: Path | None, no_cache: bool, quiet: bool,
    replan: int, action_failure_p: float, seed: int, environment: str | None,
    max_nodes: int | None, planner_cpu_seconds: float, planner_memory_mb: int, agents: int = defaults.AGENTS,
    shard: str | None = None, executor: str = defaults.EXECUTOR, address: str | None = None,
    turn_by_turn: bool = False, human: str = defaults.HUMAN, partial: bool = False, exact_types: bool = False,
    episode: bool = False, max_steps: int = MAX_STEPS, max_invalid: int = MAX_INVALID, act_as: str = "json",
    chat_history: bool = False, chat_window: int = 0, prompts: str = PAPER, system_prompt: str | None = None,
    shots: str | int | None = None, again: Sequence[str] = (), command: Sequence[str] | None = None,
    epochs: int = defaults.EPOCHS,
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
                               price_as=price_as, cache=cache, use_cache=not no_cache, replan=replan, action_failure_p=action_failure_p,
                               seed=seed, epochs=epochs, environment=environment,
                               options={**budget_options(max_nodes, planner_cpu_seconds, planner_memory_mb, exact_types),
                                        **agent_options(agents, turn_by_turn, human, partial, episode, max_steps,
                                                        max_invalid, act_as, chat_history, chat_window),
                                        **prompt_options(prompts, system_prompt, shots)},
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
    epochs: Epochs = defaults.EPOCHS,
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
    episode: Episode = False, max_steps: MaxSteps = MAX_STEPS, max_invalid: MaxInvalid = MAX_INVALID,
    act_as: ActAs = "json",
    chat_history: ChatHistory = False,
    chat_window: ChatWindow = 0,
    prompts: PromptsOption = PAPER,
    system_prompt: SystemPromptOption = None,
    shots: ShotsOption = None,
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
        eai run --model openai:gpt-4o-mini --temperature 0.7 --epochs 5 --limit 20
        eai run --suite virtualhome --prompts upstream --system-prompt @system.txt
        eai run --suite virtualhome --module subgoal_decomposition --shots 1
        eai run --suite virtualhome --module action_sequencing --prompts final_phase.json
        eai run --resume --out runs/gpt
        eai run --suite partnr-vh --agents 2 --limit 8
        eai run --suite partnr-vh --agents 2 --turn-by-turn --partial --human baseline:planner
        eai run --suite eb-alfred --module action_sequencing --episode --max-steps 30 --max-invalid 10
        eai run --suite eb-alfred --module action_sequencing --episode --chat-history --model openai:gpt-4o-mini
        eai run --shard 0/2 --out runs/part0    (then: eai merge runs/part0 runs/part1 --out runs/all)
        eai run --executor ray --model openai:gpt-4o-mini --concurrency 32
    """
    for name in module:
        get_module(name)
    values = resumed(ctx)
    check_agents(values)
    execute(**{**values, "module": list(values["module"]) or default_modules(values)},
            again=transport_flags(ctx, values), command=command_line(ctx))


def compose_command(
    ctx: typer.Context,
    pipeline: Annotated[str, typer.Argument(help="Stages joined by '+', e.g. goal_interpretation+action_sequencing.")],
    suite: Suites = [],
    model: Models = [],
    limit: Limit = None,
    tasks: TaskIds = None,
    out: Out = None,
    modular: Annotated[bool, typer.Option("--modular/--no-modular", help="Also run the last stage alone on the gold goals (when it is an ability module), for the modular-vs-pipeline table.")] = True,
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
    episode: Episode = False, max_steps: MaxSteps = MAX_STEPS, max_invalid: MaxInvalid = MAX_INVALID,
    act_as: ActAs = "json", chat_history: ChatHistory = False, chat_window: ChatWindow = 0,  # with --episode, as eai run's
    shots: ShotsOption = None,
) -> None:
    """Run a pipeline of modules, scored against the gold annotation (paper appendix G).

    Each stage works on the goal the stages before it interpreted; the last
    stage's result is scored against the gold annotation.

    Stages that interpret a goal come first (goal_interpretation); one stage that
    acts comes last: action_sequencing (G+Q), subgoal_decomposition (G+Phi), or
    planner (a bfs search planner acts on the interpreted goal, as in LLM+P).
    Plugins add stages (docs/compose.md). By default the last stage also runs
    alone (when it is an ability module), so the report puts modular and
    pipeline results side by side. --episode: a last action_sequencing stage plays
    an EB episode (docs/episodes.md) shown the interpreted goal, judged on the gold one.

    Examples:

    \b
        eai compose goal_interpretation+action_sequencing --suite virtualhome --limit 5
        eai compose goal_interpretation+planner --model openai:gpt-4o-mini
        eai compose action_sequencing --replan 3 --action-failure-p 0.1
        eai compose goal_interpretation+planner --suite partnr-vh --agents 2
        eai compose goal_interpretation+action_sequencing --suite eb-alfred --episode --max-steps 30 --chat-history
        eai compose goal_interpretation+action_sequencing --suite behavior --shots 0
    """
    plugins = get_plugins()
    from eai.cli.agents import check_episode  # here: eai run's imports need it not
    from eai.compose.pipeline import known_stages, parse_pipeline  # here: it imports the compose stages

    chosen = parse_pipeline(pipeline, plugins)
    modules = [chosen.name]
    if modular and chosen.final.asks_model and len(chosen.stages) > 1 and chosen.final.name in MODULES:
        modules.append(chosen.final.name)
    if agents == 2 and chosen.final.scored_as not in sharing():
        ends = [name for name, stage in known_stages(plugins).items() if stage.scored_as in sharing()]
        raise EaiError(f"--agents 2 shares a final plan: end {pipeline!r} with {' or '.join(ends)}")
    values = resumed(ctx)
    check_episode({**values, "module": [chosen.final.name]})
    flags = transport_flags(ctx, values)
    del values["pipeline"], values["modular"]
    execute(**values, module=modules, again=flags, command=command_line(ctx))

