"""eai's pytest plugin, registered under ``pytest11`` (it loads wherever eai
is installed): what a plugin's tests need (docs/plugins.md, Testing a plugin).

- ini option ``eai_plugins``: the only plugins the test session loads
  (``builtin`` for eai's own, then entry-point names), so that other
  plugins installed beside it cannot change a result. It sets
  ``EAI_LOAD_PLUGINS`` for the session and the commands it starts.
- fixture ``eai_plugins``: the plugins loaded anew for one test.
- fixture ``fake_model_server``: an OpenAI-compatible chat server on
  127.0.0.1 (:mod:`eai.testing.fake_server`), for a model backend's tests.

Nothing is imported from eai until a test session asks for one of these.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from eai.host.manager import Plugins
    from eai.testing.fake_server import FakeServer

BUILTIN = "builtin"
_SAVED = pytest.StashKey[tuple[bool, str]]()


def builtin_plugin_names() -> list[str]:
    """The names of eai's own plugins: the entry points of eai's distribution."""
    from importlib import metadata

    from eai.host.install import DISTRIBUTION
    from eai.host.manager import ENTRY_POINT_GROUP

    return sorted(ep.name for ep in metadata.distribution(DISTRIBUTION).entry_points if ep.group == ENTRY_POINT_GROUP)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini("eai_plugins", type="args", default=[],
                  help="the only eai plugins the session loads: 'builtin' (eai's own) and entry-point names")


def pytest_configure(config: pytest.Config) -> None:
    names = config.getini("eai_plugins")
    if not names:
        return
    from eai.host.manager import ALLOW_ENV

    allowed = [n for name in names for n in (builtin_plugin_names() if name == BUILTIN else [name])]
    config.stash[_SAVED] = (ALLOW_ENV in os.environ, os.environ.get(ALLOW_ENV, ""))
    os.environ[ALLOW_ENV] = ",".join(allowed)


def pytest_unconfigure(config: pytest.Config) -> None:
    if _SAVED not in config.stash:
        return
    from eai.host.manager import ALLOW_ENV

    was_set, value = config.stash[_SAVED]
    if was_set:
        os.environ[ALLOW_ENV] = value
    else:
        os.environ.pop(ALLOW_ENV, None)


@pytest.fixture
def eai_plugins() -> Iterator[Plugins]:
    """The process-wide plugins, loaded anew for this test and dropped after it."""
    from eai.host.manager import get_plugins, set_plugins

    set_plugins(None)
    yield get_plugins()
    set_plugins(None)


@pytest.fixture
def fake_model_server() -> Iterator[FakeServer]:
    """A fake OpenAI-compatible (and Anthropic, Ollama) chat server on 127.0.0.1:
    ``.url`` is the base URL an OpenAI client wants, ``.bodies`` the requests
    it got; it answers ``[]`` unless its ``answer``, ``reply`` or ``script`` say
    otherwise."""
    from eai.testing.fake_server import FakeServer

    with FakeServer() as server:
        yield server
