"""Fixtures for the VirtualHome simulator tests: the real 342 tasks, loaded once."""

import pytest

from eai.host.manager import get_plugins
from eai_virtualhome.world import VirtualHomeWorld


@pytest.fixture(scope="session")
def vh_tasks():
    return {task.id: task for task in get_plugins().suites.get("virtualhome").load()}


@pytest.fixture(scope="session")
def wash_clothes(vh_tasks):
    """Task 27_2 "Wash clothes": soap and a jacket go onto the washing machine,
    which is closed and holds the jacket at the start."""
    return vh_tasks["27_2"]


@pytest.fixture(scope="session")
def world(wash_clothes):
    """Its world; worlds keep no state between calls (states are values)."""
    return VirtualHomeWorld(wash_clothes)
