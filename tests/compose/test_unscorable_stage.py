"""Issue 32's case: ``eai.run(modules=["object_counting"])``, a plugin's stage
run alone that no ability module scores, asked the model for every task and
then crashed in scoring. It is refused before any model call, in one line,
through the API and the command line alike; in a pipeline it still runs."""

import importlib
import os
import sys

import pytest

import eai
from eai.exceptions import EaiError
from eai.host.manager import load_plugins, set_plugins
from tests.distributions import make_distribution
from tests.helpers import run_eai

COUNTING = '''
from eai.plugin_api import Stage, hookimpl


class ObjectCounting(Stage):
    name = "object_counting"
    description = "how many objects the task names (no ability module scores it)"

    def messages(self, view, env):
        raise AssertionError("asked")

    def evaluate(self, text, gold, env):
        return {"success": text.strip() == str(len(gold.objects))}

    def summarize(self, records):
        return {"n": len(records)}


@hookimpl
def eai_register_stages(register):
    register(ObjectCounting())
'''
REFUSED = ("stage 'object_counting' is no ability module, so its answers cannot be scored alone: run it in a "
           "pipeline, or register a module of that name (eai_register_modules; see: eai list modules)")


@pytest.fixture
def counting_site(tmp_path, monkeypatch):
    site = make_distribution(tmp_path / "site", "eai-counting", {"eai_counting": COUNTING},
                             {"counting": "eai_counting"})
    monkeypatch.syspath_prepend(str(site))
    return site


def test_object_counting_run_alone_through_the_api_is_refused_before_any_model_call(
        counting_site, fake_model_server, tmp_path):
    set_plugins(load_plugins(extra={"counting": importlib.import_module("eai_counting")}))
    try:
        with pytest.raises(EaiError) as raised:
            eai.run(models=["openai:m"], suites=["virtualhome"], modules=["object_counting"], out=tmp_path / "run",
                    base_url=fake_model_server.url, limit=2, use_cache=False)
    finally:
        set_plugins(None)
    assert str(raised.value) == REFUSED
    assert fake_model_server.count == 0 and not (tmp_path / "run").exists()


def test_object_counting_composed_alone_on_the_command_line_is_one_line_and_no_model_call(
        counting_site, fake_model_server, tmp_path):
    env = {"PYTHONPATH": os.pathsep.join([str(counting_site), *sys.path]),
           "EAI_LOAD_PLUGINS": f"{os.environ['EAI_LOAD_PLUGINS']},counting"}
    result = run_eai("compose", "object_counting", "--suite", "virtualhome", "--model", "openai:m", "--base-url",
                     fake_model_server.url, "--limit", "2", "--no-cache", "--out", str(tmp_path / "run"), env=env)
    assert (result.returncode, result.stderr) == (2, f"error: {REFUSED}\n")
    assert fake_model_server.count == 0
