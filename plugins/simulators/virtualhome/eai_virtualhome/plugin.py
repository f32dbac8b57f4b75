"""Hooks of the built-in VirtualHome plugin: the task suite and its simulator."""

from eai.plugin_api import EAI_EVAL, DirectorySuite, hookimpl, tasks_dir
from eai_virtualhome.simulator import VirtualHomeSimulator

DESCRIPTION = "VirtualHome: 342 household tasks in one scene (Embodied Agent Interface)"


def _import(archives, out):
    from eai_virtualhome import importer

    importer.convert(archives["eai-eval"], [EAI_EVAL], out)


def _suite() -> DirectorySuite:
    return DirectorySuite("virtualhome", "virtualhome", DESCRIPTION,
                          lambda: tasks_dir() / "virtualhome", (EAI_EVAL,), _import)


@hookimpl
def eai_register_suites(register):
    register(_suite())


@hookimpl
def eai_register_simulators(register):
    register(VirtualHomeSimulator(lambda: _suite().file("domain")))
