"""The test session loads only eai's own plugins (pyproject.toml: ``eai_plugins
= ["builtin"]``, read by eai's pytest plugin): a broken third-party plugin
installed beside eai changes no test's result. Without that allow-list, the
warning it prints on every command landed in the stderr CLI tests compare."""

import os
import subprocess
import sys

import pytest

from eai.host.manager import ALLOW_ENV
from eai.testing.pytest_plugin import builtin_plugin_names
from tests.distributions import make_distribution
from tests.helpers import ROOT

# CLI tests that compare stderr exactly, in this process and in a subprocess
CLI_TESTS = ["tests/test_cli.py::test_an_unknown_module_is_named_a_module_among_the_four",
             "tests/generation/test_suite_folders.py::test_a_folder_without_suite_json_is_one_line",
             "tests/test_paths.py::test_a_task_file_whose_base_scene_is_a_path_is_one_line"]
WARNING = "warning: plugin 'broken' not loaded (load): ModuleNotFoundError: No module named 'eai_broken_nowhere'"


@pytest.fixture
def broken(tmp_path):
    """The environment of a process that has a broken ``eai`` plugin installed (its module does not exist)."""
    site = make_distribution(tmp_path / "site", "eai-broken-plugin", {}, {"broken": "eai_broken_nowhere.plugin"})
    env = {name: value for name, value in os.environ.items() if name != ALLOW_ENV}
    return {**env, "PYTHONPATH": os.pathsep.join([str(site), *sys.path])}


def pytest_in(env, *options):
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *options, *CLI_TESTS],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=600)


def test_this_session_loads_only_eai_s_own_plugins():
    names = builtin_plugin_names()
    assert os.environ[ALLOW_ENV] == ",".join(names) and {"virtualhome", "baselines", "ray"} <= set(names)


def test_a_broken_plugin_installed_beside_eai_warns_on_every_command(broken):
    result = subprocess.run([sys.executable, "-m", "eai", "list", "suites"], capture_output=True, text=True,
                            env=broken, timeout=300)
    assert result.returncode == 0 and result.stderr.strip() == WARNING


def test_cli_tests_pass_with_a_broken_plugin_installed_and_fail_without_the_allow_list(broken):
    hermetic = pytest_in(broken)
    assert hermetic.returncode == 0, hermetic.stdout[-3000:]
    exposed = pytest_in(broken, "-o", "eai_plugins=")
    assert exposed.returncode == 1 and "3 failed" in exposed.stdout, exposed.stdout[-3000:]
