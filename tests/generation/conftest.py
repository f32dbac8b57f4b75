"""Shared pieces of the generation tests: a small generated suite."""

import pytest

from eai.host.manager import get_plugins
from eai.tasks.folders import suite_name
from tests.helpers import run_eai


@pytest.fixture(scope="session")
def small(tmp_path_factory):
    """18 tasks (two of each category) generated on the suite's first scene, loaded as a folder suite."""
    out = tmp_path_factory.mktemp("gen") / "etplan-small"
    result = run_eai("tasks", "generate", "etplan", "--scene", "virtualhome", "--n", "18", "--out", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    plugins = get_plugins()
    return out, plugins.suites.get(suite_name(plugins, str(out))).load()
