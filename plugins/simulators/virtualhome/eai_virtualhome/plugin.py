"""Hooks of the built-in VirtualHome plugin: the task suite and its simulator."""

from eai.plugin_api import DirectorySuite, Pin, hookimpl, tasks_dir
from eai_virtualhome.simulator import VirtualHomeSimulator

DESCRIPTION = "VirtualHome: 342 household tasks in one scene (Embodied Agent Interface)"
EAI_EVAL = Pin("eai-eval", "1.0.5", "fe09f2a84cfb2451e111d02a2fa57e18797e747b73de23cb036d0d4e6502099f")  # its data package (MIT)


def _import(archives, out):
    from eai_virtualhome import importer

    importer.convert(archives["eai-eval"], [EAI_EVAL], out)


def _suite() -> DirectorySuite:
    return DirectorySuite("virtualhome", "virtualhome", DESCRIPTION,
                          lambda: tasks_dir() / "virtualhome", (EAI_EVAL,), _import, letter="V", column=0)


@hookimpl
def eai_register_suites(register):
    register(_suite())


@hookimpl
def eai_register_simulators(register):
    register(VirtualHomeSimulator(lambda: _suite().file("domain")))
