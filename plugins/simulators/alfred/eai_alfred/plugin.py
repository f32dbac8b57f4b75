"""Hooks of the built-in ALFRED plugin: the EB-ALFRED suite and its simulator."""

from eai.hookspecs import hookimpl
from eai.paths import tasks_dir
from eai.taskstore import DirectorySuite
from eai_alfred import importer
from eai_alfred.simulator import AlfredSimulator
from eai_alfred.sources import ALFWORLD, EMBODIEDBENCH


def _suite() -> DirectorySuite:
    return DirectorySuite(importer.SUITE, "alfred", importer.DESCRIPTION, lambda: tasks_dir() / importer.SUITE,
                          (EMBODIEDBENCH, ALFWORLD), importer.convert, in_default_run=False)


@hookimpl
def eai_register_suites(register):
    register(_suite())


@hookimpl
def eai_register_simulators(register):
    register(AlfredSimulator(lambda key: _suite().file(key)))
