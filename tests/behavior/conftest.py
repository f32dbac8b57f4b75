"""Fixtures for the BEHAVIOR simulator tests: the real 100 activities, loaded once."""

import pytest

from eai.host.manager import get_plugins
from eai_behavior.world import BehaviorWorld


@pytest.fixture(scope="session")
def activities():
    """Activity name -> task (each of the 100 activities has one task)."""
    return {task.name: task for task in get_plugins().suites.get("behavior").load()}


@pytest.fixture(scope="session")
def bathtub(activities):
    """cleaning_bathtub: soak the scrub brush (it lies in the bathtub) in the
    sink, then clean the stained bathtub with it."""
    return activities["cleaning_bathtub"]


@pytest.fixture(scope="session")
def world(bathtub):
    """Its world; worlds keep no state between calls (states are values)."""
    return BehaviorWorld(bathtub)
