"""Run defaults written once (eai/runner/defaults.py): ``eai run``'s and ``eai compose``'s
--help, the Python API and the runner's RunConfig all give them."""

import dataclasses
import inspect
import re

import pytest

from eai import api
from eai.cli import app
from eai.runner import defaults
from eai.runner.config import RunConfig
from tests.helpers import eai_cli

# each run default, by the parameter that takes it in the CLI and the API
BY_PARAMETER = {"concurrency": defaults.CONCURRENCY, "timeout": defaults.TIMEOUT, "retries": defaults.RETRIES,
                "give_up_after": defaults.GIVE_UP_AFTER, "temperature": defaults.TEMPERATURE,
                "max_tokens": defaults.MAX_TOKENS, "replan": defaults.REPLAN,
                "action_failure_p": defaults.ACTION_FAILURE_P, "seed": defaults.SEED, "executor": defaults.EXECUTOR}


@pytest.mark.parametrize("name", ["run", "compose"])
def test_cli_help_shows_the_run_defaults(name, capsys):
    import typer

    group = typer.main.get_command(app)
    params = {p.name: p.default for p in group.loaded(name).params}
    assert {p: params[p] for p in BY_PARAMETER} == BY_PARAMETER
    assert params["agents"] == defaults.AGENTS
    if name == "run":
        assert params["human"] == defaults.HUMAN
    code, out, _ = eai_cli(capsys, name, "--help")
    assert code == 0
    text = re.sub(r"\s+", " ", re.sub(r"[│╭╮╰╯─]", " ", out))
    for flag, value in (("--concurrency", defaults.CONCURRENCY), ("--timeout", defaults.TIMEOUT),
                        ("--retries", defaults.RETRIES), ("--max-tokens", defaults.MAX_TOKENS)):
        assert re.search(rf"{flag} .*?\[default: {value}\]", text), (flag, value)


def test_api_run_signature_has_the_run_defaults():
    params = inspect.signature(api.run).parameters
    assert {p: params[p].default for p in BY_PARAMETER} == BY_PARAMETER


def test_run_config_has_the_run_defaults():
    fields = {f.name: f.default for f in dataclasses.fields(RunConfig)}
    config = RunConfig(suites=[], modules=[], models=[], out=None)
    assert (fields["concurrency"], fields["timeout"], fields["replan"], fields["seed"]) == \
        (defaults.CONCURRENCY, defaults.TIMEOUT, defaults.REPLAN, defaults.SEED)
    assert fields["action_failure_p"] == defaults.ACTION_FAILURE_P
    assert (config.retry.attempts, config.retry.give_up_after) == (defaults.RETRIES, defaults.GIVE_UP_AFTER)
    assert (config.generation.temperature, config.generation.max_tokens) == (defaults.TEMPERATURE, defaults.MAX_TOKENS)
