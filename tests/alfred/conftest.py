"""Fixtures for the ALFRED simulator tests: the real 300 EB-ALFRED tasks, loaded once."""

import pytest

from eai.host.manager import get_plugins


@pytest.fixture(scope="session")
def eb_tasks():
    """Task id -> task, all 300."""
    return {task.id: task for task in get_plugins().suites.get("eb-alfred").load()}


@pytest.fixture(scope="session")
def sample(eb_tasks):
    """The first task of each task type in each subset (a few dozen, every kind of plan)."""
    seen, chosen = set(), []
    for task in eb_tasks.values():
        key = (task.extra["alfred"]["subset"], task.name)
        if key not in seen:
            seen.add(key)
            chosen.append(task)
    return chosen


@pytest.fixture(scope="session")
def simulator():
    return get_plugins().simulators.get("alfred")
