"""Fixtures for the module tests: plugins with the bfs planner discovered for real."""

import pytest

from eai.host.manager import load_plugins
from tests.distributions import make_distribution


@pytest.fixture(scope="session")
def bfs_site(tmp_path_factory):
    """A distribution declaring the bfs entry point, for environments installed before it existed."""
    return make_distribution(tmp_path_factory.mktemp("site"), "eai-bfs-entry-point", {}, {"bfs": "eai_bfs.plugin"})


@pytest.fixture(scope="session")
def plugins(bfs_site):
    """Every installed plugin, bfs included, loaded once."""
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(bfs_site))
        loaded = load_plugins()
    assert "bfs" in loaded.planners
    return loaded
