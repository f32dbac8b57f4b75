"""One agent acting step by step (``eai run --episode``): EmbodiedBench's episode
protocol (:mod:`eai.agent`) on every suite, the model asked once per turn with
the action-sequencing prompt of the task seen from the current state. In a
pipeline (``eai compose goal_interpretation+action_sequencing --episode``) the
interpreting stages are asked first (:func:`eai.compose.episode.interpreted`)
and the prompts show the goal they left; the episode is judged on the gold goal,
and the log line keeps each stage's answer (``stages``).

run.json's options: ``episode`` (true), ``max_steps`` and ``max_invalid``
(the budgets, EB's 30 and 10 by default), ``act_as`` (the answer form:
:data:`eai.agent.forms.FORMS`; ``tools`` asks with each action a tool),
``chat_history`` and ``chat_window`` when the chat history is on
(:mod:`eai.agent.chat`; EB's default, off: one message a turn).

A record (records.jsonl), per episode:

- ``success``: the goal held after some step (checked after every step
  carried out, the episode ending then); ``progress``: the benchmark's
  progress of the trajectory (:meth:`eai.simulation.simulator.Simulator.progress`),
  else the share of the goal's conditions met at the end;
- ``ended``: ``success``, ``max_steps``, ``max_invalid``, ``empty_plan`` (an
  answer read with no step) or ``model_error``;
- ``steps`` (environment steps), ``invalid_actions``, ``turns``, ``executed``
  (the actions carried out, in order);
- ``step_errors``: each step with an error class, ``{turn, step, action,
  error_type}``: the paper's classes (hallucination, arity, affordance,
  missing_step, wrong_order; additional_step for a step that changed
  nothing, which is no invalid action) or ``parsing`` (an answer read as
  no plan; ``step`` null, as for a step that could not be read);
- ``turn_log``: every turn: ``observation`` (the whole prompt on the first
  turn, after it what it adds: the action history and the request),
  ``answer`` (the model's text), ``steps`` (each tried: ``action``,
  ``words`` as the benchmark writes it, ``feedback``, ``error_type`` or
  null, ``step`` number), ``read_error`` when the answer or a step could
  not be read, ``model_error`` for a failed call, ``usage`` (the turn's
  prompt and completion tokens where the server reports them; when it
  reports no prompt tokens, those of the messages sent estimated, with
  ``prompt_tokens_estimated``);
- ``usage``: the calls, as every driver records them.

A failed model call ends the episode as a model error: ``{"model_error",
"ended", "turn_log"}``, not scored, asked again by ``--resume``. The summary:
:func:`eai.agent.figures.episode_summary` and the budgets and form.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

from eai.agent.chat import Chat, check_chat
from eai.agent.figures import episode_summary
from eai.agent.forms import FORMS
from eai.agent.play import play_episode
from eai.agent.protocol import MAX_INVALID, MAX_STEPS, Budgets
from eai.compose.episode import interpreted
from eai.compose.pipeline import Pipeline
from eai.exceptions import EaiError
from eai.llm import usage
from eai.llm.model import Answer, Message, ModelCallError
from eai.modules.prompting import SHOTS
from eai.results.scoring import ScoreResult, summarize
from eai.runner.config import RunConfig
from eai.runner.driver import Driver, Items, Scope, Streamed, logged_record
from eai.world import Atom, Task

if TYPE_CHECKING:
    from eai.runner.core import Calls, UnitWork

STAGE = "action_sequencing"  # the prompt a turn asks with, and the stage its calls are logged as


def brief(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` as its figures read it: without ``executed``, each turn of its log only its ``usage``."""
    turns = [{"usage": t["usage"]} for t in record.get("turn_log", []) if "usage" in t]
    return {**{k: v for k, v in record.items() if k != "executed"}, "turn_log": turns}


def budgets(config: RunConfig) -> Budgets:
    return Budgets(int(config.options.get("max_steps", MAX_STEPS)), int(config.options.get("max_invalid", MAX_INVALID)))


def chat(config: RunConfig) -> Chat:
    return Chat(bool(config.options.get("chat_history")), int(config.options.get("chat_window", 0)))


class Agent(Driver):
    name = "agent"

    def chosen(self, pipeline: Pipeline, config: RunConfig) -> bool:
        return bool(config.options.get("episode"))

    def check(self, pipeline: Pipeline, config: RunConfig) -> None:
        if pipeline.final.name != STAGE:
            raise EaiError(f"--episode plays {STAGE} turn by turn: run it with --module {STAGE} (or compose stages "
                           f"that interpret the goal before it), not {pipeline.name!r}")
        if config.options.get("act_as", "json") not in FORMS:
            raise EaiError(f"--act-as: one of {', '.join(FORMS)}, not {config.options.get('act_as')!r}")
        check_chat(chat(config), config.options.get("act_as", "json"))
        if config.episodic:
            raise EaiError("--episode runs in the symbolic world, without --replan, --action-failure-p or --environment")

    async def play(self, task: Task, work: UnitWork) -> None:
        config = work.scope.config

        async def played(calls: Calls) -> None:
            stages: dict[str, str] = {}
            try:
                view = await interpreted(task, work.scope.pipeline, partial(work.answer, calls=calls), work.env, stages)
            except ModelCallError as exc:  # not the model's answer: not scored, asked again by --resume
                record = {"model_error": str(exc), "ended": "model_error", "turn_log": []}
                work.record(task, {"llm_output": "", "record": record, "stages": stages, "error": str(exc)}, calls)
                return

            async def ask(messages: tuple[Message, ...], now: frozenset[Atom], tools: tuple[Any, ...]) -> Answer:
                return await work.answer(messages, view, STAGE, calls, now, tools=tools)

            record = await play_episode(task, work.simulator, ask, budgets(config), config.options.get("act_as", "json"),
                                        chat(config), view, config.options.get(SHOTS))
            work.record(task, {"llm_output": "", "record": record, "error": record.get("model_error", ""),
                               **({"stages": stages} if stages else {})}, calls)

        await work.play_guarded(task, played)

    def result(self, items: Items, ids: Sequence[str], scope: Scope) -> ScoreResult:
        """The records made again from the log as records.jsonl is written (:class:`Streamed`),
        the summary from them in :func:`brief`: a unit's memory does not grow with its episodes."""
        keys, briefly = [], []
        for task_id in ids:
            item = items.get(task_id, {})
            if "record" in item:
                keys.append(task_id)
                briefly.append(brief(logged_record(task_id, item)))
        return ScoreResult(Streamed(keys, lambda key: logged_record(key, items[key])),
                           self.summary(briefly, ids, scope))

    def summary(self, records: list[dict[str, Any]], ids: Sequence[str], scope: Scope) -> dict[str, Any]:
        config = scope.config
        limits, history = budgets(config), chat(config)
        return {"suite": scope.unit.suite, "module": STAGE, "pipeline": scope.unit.module,
                "episode": {"max_steps": limits.max_steps, "max_invalid": limits.max_invalid,
                            "act_as": config.options.get("act_as", "json"), "chat_history": history.on,
                            **({"chat_window": history.window} if history.on else {})},
                **summarize(episode_summary, records, tasks=len(ids)),
                "duplicated": 0, "unmatched_identifiers": [], "usage": usage.summarize(records)}
