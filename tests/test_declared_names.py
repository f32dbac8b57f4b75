"""Names the kernel once wrote out, now declared by the plugins that own them:
a suite's letter in the result tables, the default model, a source's pin."""

from dataclasses import replace

import pytest

from eai.exceptions import EaiError
from eai.host.manager import get_plugins
from eai.llm.model import default_model
from eai.reporting.headings import suite_headings
from eai.tasks.importing import import_source
from eai.tasks.store import DirectorySuite
from tests.distributions import make_distribution
from tests.helpers import run_eai

ECHO = '''
from eai.plugin_api import ModelProvider, hookimpl


class EchoProvider(ModelProvider):
    name = "echo"
    default_model = "me"

    def create(self, model, options):
        raise NotImplementedError


@hookimpl
def eai_register_models(register):
    register(EchoProvider())
'''


def test_lettered_suites_lead_the_tables_and_the_others_go_by_name():
    """VirtualHome and BEHAVIOR declare the paper's V and B; EB-ALFRED declares
    none, nor does a suite folder no plugin registers: their names head them."""
    headings = suite_headings(["eb-alfred", "my-suite", "behavior", "virtualhome"])
    assert list(headings.items()) == [("virtualhome", "V"), ("behavior", "B"), ("eb-alfred", "eb-alfred"),
                                      ("my-suite", "my-suite")]


def test_the_default_model_is_the_one_the_baselines_declare():
    assert default_model(get_plugins()) == "baseline:auto"


def test_eai_run_without_a_model_runs_the_declared_default(tmp_path):
    result = run_eai("run", "--suite", "virtualhome", "--module", "action_sequencing", "--limit", "1", "--no-cache",
                     "--quiet", "--out", str(tmp_path / "run"))
    assert result.returncode == 0, result.stderr
    assert [p.name for p in (tmp_path / "run" / "virtualhome" / "action_sequencing").iterdir()] == ["baseline_auto"]


def test_no_plugin_declaring_a_default_model_is_one_line(tmp_path):
    env = {"EAI_LOAD_PLUGINS": "virtualhome,replay"}
    result = run_eai("run", "--suite", "virtualhome", "--out", str(tmp_path / "run"), env=env)
    assert (result.returncode, result.stderr) == (2, "error: no model named and no installed plugin declares one: "
                                                     "name one, e.g. --model openai:gpt-4o-mini\n")


def test_two_plugins_declaring_a_default_model_is_one_line(tmp_path):
    site = make_distribution(tmp_path / "site", "eai-echo", {"eai_echo": ECHO}, {"echo": "eai_echo"})
    env = {"PYTHONPATH": str(site), "EAI_LOAD_PLUGINS": "virtualhome,baselines,echo"}
    result = run_eai("run", "--suite", "virtualhome", "--out", str(tmp_path / "run"), env=env)
    assert (result.returncode, result.stderr) == (2, "error: no model named and several plugins declare one "
                                                     "(baseline:auto, echo:me): name one, e.g. --model openai:gpt-4o-mini\n")


def test_suites_pinning_eai_eval_differently_are_refused_before_any_download(tmp_path):
    """VirtualHome and BEHAVIOR each declare the eai-eval pin they are read from."""
    suites = get_plugins().suites
    virtualhome, behavior = suites.get("virtualhome"), suites.get("behavior")
    assert virtualhome.sources[0] == behavior.sources[0]
    newer = (replace(behavior.sources[0], version="1.0.6"), *behavior.sources[1:])
    moved = DirectorySuite("behavior", "behavior", behavior.description, lambda: behavior.path, newer)
    with pytest.raises(EaiError) as raised:
        import_source("eai-eval", [virtualhome, moved], tmp_path / "out", {})
    assert str(raised.value) == ("the suites pin eai-eval differently (virtualhome: 1.0.5, behavior: 1.0.6): "
                                 "their plugins must agree")
    assert not (tmp_path / "out").exists()
