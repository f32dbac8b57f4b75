import os

import pytest
from hypothesis import settings

from eai.host.manager import set_plugins

# No per-example deadline: a loaded 2-core machine would make timing flaky.
# CI (HYPOTHESIS_PROFILE=ci) replays a fixed set of examples, so a red run can
# be reproduced; locally each run explores new ones.
settings.register_profile("default", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(autouse=True)
def fresh_plugins():
    """Every test sees plugins loaded anew (and leaves no cache behind)."""
    set_plugins(None)
    yield
    set_plugins(None)
