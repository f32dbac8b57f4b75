"""Suites given by folder (``--suite PATH``): a directory holding suite.json,
registered under the name its suite.json gives, so every command and the
baselines find it as they find an installed suite."""

from __future__ import annotations

from pathlib import Path

from eai.exceptions import EaiError
from eai.host.manager import Plugins
from eai.tasks.reading import read_model
from eai.tasks.store import DirectorySuite
from eai.tasks.taskfile import SuiteFile

FOLDER_PLUGIN = "(folder)"


def suite_name(plugins: Plugins, spec: str) -> str:
    """The name of the suite ``spec`` gives: an installed suite's name, or a
    folder with suite.json, which is registered under its suite's name."""
    if spec in plugins.suites:
        return spec
    folder = Path(spec)
    if not (folder / "suite.json").is_file():
        if folder.is_dir():
            raise EaiError(f"{spec} is not a suite folder: it has no suite.json")
        plugins.suites.get(spec)  # the unknown-suite error, with the names known
    info: SuiteFile = read_model(folder / "suite.json", SuiteFile)
    if info.suite in plugins.suites:
        installed = plugins.suites.get(info.suite)
        if isinstance(installed, DirectorySuite) and installed.path.resolve() == folder.resolve():
            return info.suite
        raise EaiError(f"{spec} holds suite {info.suite!r}, the name of another suite (from plugin "
                       f"{plugins.suites.plugin_of(info.suite)!r}); a generated suite is named after its folder: "
                       f"generate it into a folder of another name")
    resolved = folder.resolve()
    plugins.suites.register(info.suite, DirectorySuite(info.suite, info.simulator, info.description, lambda: resolved),
                            FOLDER_PLUGIN)
    return info.suite


def suite_spec(plugins: Plugins, name: str) -> str:
    """What names suite ``name`` again in another process (run.json): its
    folder when it was given by folder, else its name."""
    suite = plugins.suites.get(name)
    if plugins.suites.plugin_of(name) == FOLDER_PLUGIN and isinstance(suite, DirectorySuite):
        return str(suite.path)
    return name
