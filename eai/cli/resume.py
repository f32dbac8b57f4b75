"""``--resume``: the options of the run being finished, and how to finish it."""

from __future__ import annotations

import json
import shlex
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer

from eai.exceptions import EaiError
from eai.llm.credentials import REDACTED
from eai.runner.transport import FLAGS, TRANSPORT, flag_words

# run.json's options, by the command-line parameter that sets each (--resume takes those not given)
RESUMED = {"suite": "suites", "module": "modules", "model": "models", "limit": "limit", "tasks": "tasks",
           "temperature": "temperature", "max_tokens": "max_tokens", "base_url": "base_url", "replan": "replan",
           "action_failure_p": "action_failure_p", "seed": "seed", "environment": "environment", "shard": "shard",
           "gen": "gen", "response_format": "response_format", "epochs": "epochs"}
# kept in run.json's options
MODULE_OPTIONS = ("max_nodes", "planner_cpu_seconds", "planner_memory_mb", "agents", "turn_by_turn", "human", "partial", "exact_types",
                  "episode", "max_steps", "max_invalid", "act_as", "chat_history", "chat_window", "prompts",
                  "system_prompt", "shots")


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
