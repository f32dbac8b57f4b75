from importlib import metadata

import pytest

from eai.host.manager import get_plugins
from eai.world import Action
from tests.distributions import make_distribution

INSTALLED = any(ep.name == "habitat" for ep in metadata.entry_points(group="eai"))
needs_entry_point = pytest.mark.skipif(not INSTALLED, reason="the habitat entry point is not installed (pip install -e .)")

SAMPLE = ("context_000", "conditional_instructions_002", "multiple_objects_000", "multiple_rearrangements_000",
          "new_scenes_001", "new_scenes_005", "rephrasing_002", "train_validation_002", "train_validation_090")


def load(*ids):
    """Tasks of the real langr suite."""
    return get_plugins().suites.get("langr").load(list(ids))


def plan(*steps):
    """``plan("NAV sofa", "PICK apple_1")`` as actions."""
    return [Action(*step.split(" ", 1)[:1], tuple(step.split(" ")[1:])) for step in steps]


@pytest.fixture(scope="session")
def habitat_site(tmp_path_factory):
    """A distribution declaring the habitat entry point, for environments installed before it existed."""
    return make_distribution(tmp_path_factory.mktemp("site"), "eai-habitat-entry-point", {},
                             {"habitat": "eai_habitat.plugin"})


@pytest.fixture(autouse=True)
def habitat_discovered(habitat_site, monkeypatch):
    """The habitat plugin discovered through its entry point, installed or not."""
    if not INSTALLED:
        monkeypatch.syspath_prepend(str(habitat_site))


@pytest.fixture
def own_tmp(tmp_path, monkeypatch):
    """Planner runs in a folder of the test's own: on a shared machine, runs in
    /tmp failed in pairs (their folders gone mid-run); in a private one, none."""
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    return tmp_path


@pytest.fixture
def simulator():
    return get_plugins().simulators.get("habitat")


@pytest.fixture
def ball_task():
    """context_000: a ball (ball_1) on the right counter is to go to the TV stand."""
    (task,) = load("context_000")
    return task
