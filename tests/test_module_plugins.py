"""Ability modules are a plugin kind: the paper's four come from the built-in
``modules`` plugin through ``eai_register_modules``, as a third party's would;
``get_module``, ``eai list modules`` and ``eai doctor`` read the registry."""

import json

import pytest

from eai.base.finding import Finding
from eai.exceptions import EaiError
from eai.health.doctor import gather
from eai.host.hookspecs import hookimpl
from eai.host.manager import get_plugins, load_plugins, set_plugins
from eai.modules import MODULES, get_module
from eai.modules.base import AbilityModule
from eai.modules.deferred import DeferredModule
from tests.helpers import run_eai

PAPER = ["goal_interpretation", "subgoal_decomposition", "action_sequencing", "transition_modeling"]


class ObjectCounting(AbilityModule):
    """The stage issue 32 ran alone: a module some plugin registers."""

    name = "object_counting"
    description = "how many objects a task names"

    def parse(self, text, cut=False):
        return text.strip()

    def evaluate(self, parsed, task, env):
        return {"success": parsed == str(len(task.objects))}

    def summarize(self, records):
        return {"n": len(records)}

    def doctor(self):
        return [Finding("module object_counting", True, "counts")]


class CountingPlugin:
    @hookimpl
    def eai_register_modules(self, register):
        register(ObjectCounting())


@pytest.fixture
def with_counting():
    set_plugins(load_plugins(extra={"counting": CountingPlugin()}))
    yield
    set_plugins(None)


def test_the_paper_s_four_modules_come_from_the_modules_plugin_in_the_paper_s_order(eai_plugins):
    assert list(MODULES) == PAPER
    assert [eai_plugins.modules.plugin_of(name) for name in PAPER] == ["modules"] * 4
    assert get_module("action_sequencing").name == "action_sequencing"
    result = run_eai("list", "modules", "--json")
    assert result.returncode == 0, result.stderr
    listed = json.loads(result.stdout)
    assert [(m["name"], m["plugin"]) for m in listed] == [(name, "modules") for name in sorted(PAPER)]
    assert all(m["description"] for m in listed)


def test_a_plugin_s_module_is_got_listed_and_checked_by_eai_doctor(with_counting):
    assert get_module("object_counting").description == "how many objects a task names"
    assert list(MODULES) == [*PAPER, "object_counting"]  # in registration order: entry points, then extras
    assert Finding("module object_counting", True, "counts") in gather(get_plugins())


def test_an_unknown_module_is_one_line_naming_the_registered_ones(with_counting):
    with pytest.raises(EaiError, match=r"unknown module 'object_count'; did you mean 'object_counting'\?"):
        get_module("object_count")


def test_a_deferred_module_that_cannot_be_made_is_one_line():
    with pytest.raises(EaiError, match=r"^module 'broken' \(no_such_package.module:Broken\) could not be made: "
                                       r"ModuleNotFoundError: No module named 'no_such_package'$"):
        DeferredModule("broken", "no_such_package.module:Broken").load()
