import pytest

from eai.plugins import set_plugins


@pytest.fixture(autouse=True)
def fresh_plugins():
    """Every test sees plugins loaded anew (and leaves no cache behind)."""
    set_plugins(None)
    yield
    set_plugins(None)
