"""run.json: the options that decide a run's results, which ``--resume`` must
match; how its calls were made (``transport``, :mod:`eai.runner.transport`),
which ``--resume`` reuses unless given again; and how the run was made
(:mod:`eai.runner.provenance`: format, versions, times, command line), which
neither is compared nor decides anything. A run.json written before a field
existed is read without it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from eai.base import jsonl
from eai.base.atomic import write_atomic
from eai.exceptions import EaiError
from eai.host.manager import Plugins
from eai.llm.credentials import without_credentials
from eai.llm.generation import for_model
from eai.llm.model import split_model_id
from eai.results.formats import PROVENANCE, format_version
from eai.runner.config import RunConfig
from eai.runner.provenance import provenance, utc_now
from eai.runner.transport import TRANSPORT
from eai.tasks.folders import suite_spec

# the options that decide a run's results, and the command-line option of each
# ("options": the modules' options, e.g. the planner budgets, each named by its own flag)
RUN_OPTIONS = {"suites": "--suite", "modules": "--module", "models": "--model", "limit": "--limit", "tasks": "--tasks",
               "temperature": "--temperature", "max_tokens": "--max-tokens", "base_url": "--base-url",
               "replan": "--replan", "action_failure_p": "--action-failure-p", "seed": "--seed",
               "environment": "--environment", "engine": "--environment", "options": "", "shard": "--shard",
               "gen": "--gen", "response_format": "--response-format", "epochs": "--epochs"}
NEWER: dict[str, Any] = {"engine": None, "gen": {}, "response_format": "text", "epochs": 1}  # options run.json did not always have, and their value then
SENT = "sent"  # what each model is sent (eai.llm.generation.for_model): from the options above, not compared
RUN_JSON = "run.json"


def manifest(config: RunConfig, plugins: Plugins) -> dict[str, Any]:
    """The options that decide the results (not the transport's: concurrency,
    timeout, retries, cache), suites given by folder as their folder, the base
    URL without credentials, the modules' options (the planner budgets), the
    ``--gen`` options, and what each model is sent (``sent``)."""
    return {"suites": [suite_spec(plugins, s) for s in config.suites], "modules": list(config.modules), "models": list(config.models),
            "limit": config.limit, "tasks": list(config.task_ids or []),
            "temperature": config.generation.temperature, "max_tokens": config.generation.max_tokens,
            "base_url": without_credentials(config.model_options.get("base_url") or "") or None,
            "replan": config.replan, "action_failure_p": config.action_failure_p, "seed": config.seed,
            "environment": config.environment, "engine": engine(plugins, config.environment),
            "options": dict(config.options),
            "shard": str(config.shard) if config.shard else None,
            "gen": config.generation.extra(), "response_format": config.response_format,
            **({"epochs": config.epochs} if config.epochs != 1 else {}),  # run.json of one epoch as it always was
            SENT: {model: for_model(config.generation, split_model_id(model)[1]).sent() for model in config.models}}


def engine(plugins: Plugins, environment: str | None) -> str | None:
    """What runs the plans of a run with ``--environment`` (the engine and its version), else None."""
    return plugins.environments.get(environment).engine() if environment else None


def read_manifest(out: Path) -> dict[str, Any]:
    """The run.json of the run in ``out``; EaiError when there is none, it is not one, or of a newer format."""
    path = out / RUN_JSON
    if not path.is_file():
        raise EaiError(f"{out} holds no run to resume (no run.json)")
    try:
        spec = jsonl.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise EaiError(f"{path} is damaged ({exc}); start a new run with another --out") from None
    if isinstance(spec, dict):
        for key, value in NEWER.items():  # runs from before eai recorded them
            spec.setdefault(key, value)
        format_version(spec, path)
    if not isinstance(spec, dict) or not set(RUN_OPTIONS) <= set(spec) <= {*RUN_OPTIONS, SENT, TRANSPORT, *PROVENANCE} \
            or not isinstance(spec.get(TRANSPORT, {}), dict):
        raise EaiError(f"{path} is not a run.json of this eai version; start a new run with another --out")
    return spec


def record_manifest(config: RunConfig, plugins: Plugins, calls: dict[str, Any]) -> dict[str, Any]:
    """Write run.json (with ``calls``, the run's transport, and its provenance), or
    check that a resumed run has the same options that decide the results (it
    keeps its start time). What was written."""
    spec = manifest(config, plugins)
    started = utc_now()
    if (config.out / RUN_JSON).exists():
        if not config.resume:
            raise EaiError(f"{config.out} holds a run already; add --resume to finish it, or choose another --out")
        previous = read_manifest(config.out)
        for option, was, now in differences(previous, json.loads(json.dumps(spec))):
            raise EaiError(f"{option} differs from the run in {config.out}: it was started with "
                           f"{json.dumps(was)}, not {json.dumps(now)} (leave {option} out to keep the run's)")
        started = previous.get("started") or started
    written = {**spec, TRANSPORT: calls, **provenance(plugins, config.command, started)}
    write_manifest(config.out, written)
    return written


def write_manifest(out: Path, spec: dict[str, Any]) -> None:
    write_atomic(out / RUN_JSON, json.dumps(spec, indent=2, sort_keys=True) + "\n")


def finish_manifest(out: Path, written: dict[str, Any]) -> None:
    """run.json as ``written`` when the run started, with the time it finished."""
    write_manifest(out, {**written, "finished": utc_now()})


def without_provenance(spec: dict[str, Any]) -> dict[str, Any]:
    """run.json's options and transport: what two runs made alike share, whenever and however they were made."""
    return {key: value for key, value in spec.items() if key not in PROVENANCE}


def differences(previous: dict[str, Any], spec: dict[str, Any]) -> Iterator[tuple[str, Any, Any]]:
    """(option, value in ``previous``, value in ``spec``) for each option of run.json that differs;
    a module option is named by its flag (``max_nodes``: ``--max-nodes``)."""
    for key, option in RUN_OPTIONS.items():
        if key == "options":
            was, now = previous[key], spec[key]
            for name in sorted(set(was) | set(now)):
                if was.get(name) != now.get(name):
                    yield f"--{name.replace('_', '-')}", was.get(name), now.get(name)
        elif previous.get(key, NEWER.get(key)) != spec.get(key, NEWER.get(key)):
            yield option, previous.get(key, NEWER.get(key)), spec.get(key, NEWER.get(key))
