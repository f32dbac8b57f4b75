"""Plugin discovery through real entry points: allow-list, failures, misspelled hooks."""

import json
import sys

import pytest

from eai.host.manager import load_plugins
from tests.distributions import make_distribution
from tests.helpers import ROOT, run_eai

EXAMPLE = ROOT / "examples" / "eai-example-plugin"

GOOD = """
from eai.host.hookspecs import hookimpl

class Planner:
    name = "noop"
    description = "plans nothing"

@hookimpl
def eai_register_planners(register):
    register(Planner())
"""
MISSPELLED = """
from eai.host.hookspecs import hookimpl

@hookimpl
def eai_register_planner(register):
    pass
"""
RAISES_ON_IMPORT = "raise RuntimeError('boom at import')\n"
RAISES_ON_REGISTER = """
from eai.host.hookspecs import hookimpl

@hookimpl
def eai_register_suites(register):
    raise ValueError('no data here')
"""


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A site directory with the example plugin and four test plugins 'installed'."""
    site = tmp_path / "site"
    make_distribution(site, "eai-example-plugin", {}, {"lamps": "eai_example.plugin"})
    make_distribution(
        site,
        "eai-test-plugins",
        {"good": GOOD, "misspelled": MISSPELLED, "raises_on_import": RAISES_ON_IMPORT, "raises_on_register": RAISES_ON_REGISTER},
        {"good": "good", "misspelled": "misspelled", "importfail": "raises_on_import", "registerfail": "raises_on_register"},
    )
    monkeypatch.syspath_prepend(str(EXAMPLE))
    monkeypatch.syspath_prepend(str(site))
    for name in ("good", "misspelled", "raises_on_import", "raises_on_register"):
        sys.modules.pop(name, None)
    return site


def env_for(site, allow=None):
    paths = [str(site), str(EXAMPLE), *sys.path]
    env = {"PYTHONPATH": ":".join(paths)}
    if allow is not None:
        env["EAI_LOAD_PLUGINS"] = allow
    return env


def test_discovers_example_and_reports_each_failure_by_name(site, monkeypatch):
    monkeypatch.delenv("EAI_LOAD_PLUGINS", raising=False)
    plugins = load_plugins()
    loaded = {p.name for p in plugins.loaded}
    assert {"lamps", "good"} <= loaded
    assert "lamps" in plugins.simulators and "lamps" in plugins.suites
    assert plugins.planners.plugin_of("noop") == "good"
    failures = {f.plugin: f for f in plugins.failures}
    assert failures["misspelled"].stage == "hooks"
    assert "eai_register_planner" in failures["misspelled"].error
    assert failures["importfail"].stage == "load" and "boom at import" in failures["importfail"].error
    assert failures["registerfail"].stage == "register" and "no data here" in failures["registerfail"].error
    assert not {"misspelled", "importfail", "registerfail"} & loaded


def test_allow_list(site, monkeypatch):
    monkeypatch.setenv("EAI_LOAD_PLUGINS", "lamps")
    plugins = load_plugins()
    assert [p.name for p in plugins.loaded if p.name in {"lamps", "good"}] == ["lamps"]
    assert plugins.failures == []


def test_empty_allow_list_loads_nothing(site, monkeypatch):
    monkeypatch.setenv("EAI_LOAD_PLUGINS", "")
    plugins = load_plugins()
    assert plugins.loaded == [] and plugins.failures == []


def test_unknown_name_in_allow_list_is_a_failure(site, monkeypatch):
    monkeypatch.setenv("EAI_LOAD_PLUGINS", "lamps,lamsp")
    plugins = load_plugins()
    assert [f.plugin for f in plugins.failures] == ["lamsp"]


def test_cli_lists_the_example_plugin(site):
    result = run_eai("list", "plugins", "--json", env=env_for(site, allow="lamps"))
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)
    assert [r["name"] for r in rows] == ["lamps"]
    assert rows[0]["ok"] and rows[0]["distribution"] == "eai-example-plugin"
    sims = json.loads(run_eai("list", "simulators", "--json", env=env_for(site, allow="lamps")).stdout)
    assert sims == [{"name": "lamps", "plugin": "lamps", "description": "Switch lamps on and off (example plugin)"}]


def test_a_broken_plugin_does_not_take_the_cli_down(site):
    result = run_eai("list", "plugins", env=env_for(site, allow="lamps,importfail"))
    assert result.returncode == 0
    assert "Traceback" not in result.stderr
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert warnings == ["warning: plugin 'importfail' not loaded (load): RuntimeError: boom at import"]
    assert "lamps" in result.stdout


def test_doctor_fails_with_a_fix_when_a_plugin_is_broken(site):
    result = run_eai("doctor", "--json", env=env_for(site, allow="lamps,misspelled"))
    assert result.returncode == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False
    bad = [f for f in report["findings"] if not f["ok"]]
    assert [f["name"] for f in bad] == ["plugin misspelled"]
    assert bad[0]["fix"]


def test_unknown_list_kind_is_one_clear_error():
    result = run_eai("list", "gizmos")
    assert result.returncode == 2
    assert "gizmos" in result.stderr and "Traceback" not in result.stderr
