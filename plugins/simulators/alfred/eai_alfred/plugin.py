"""Hooks of the built-in ALFRED plugin: the EB-ALFRED suite and its simulator."""

from eai.plugin_api import hookimpl, tasks_dir
from eai_alfred.simulator import AlfredSimulator
from eai_alfred.sources import ALFWORLD, EMBODIEDBENCH
from eai_alfred.suite import AlfredSuite

SUITE = "eb-alfred"
DESCRIPTION = "EB-ALFRED: 300 ALFRED tasks of EmbodiedBench in six subsets, symbolic (AI2-THOR's skills)"


def _import(archives, out):
    from eai_alfred import importer

    importer.convert(archives, out)


def _suite() -> AlfredSuite:
    return AlfredSuite(SUITE, "alfred", DESCRIPTION, lambda: tasks_dir() / SUITE,
                          (EMBODIEDBENCH, ALFWORLD), _import, in_default_run=False)


@hookimpl
def eai_register_suites(register):
    register(_suite())


@hookimpl
def eai_register_simulators(register):
    register(AlfredSimulator(lambda key: _suite().file(key)))
