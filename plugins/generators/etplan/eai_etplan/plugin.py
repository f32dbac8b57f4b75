"""Hooks of the built-in etplan plugin: the generator, and the suite it made (tasks/etplan-vh),
which eai run takes when it is named (--suite etplan-vh), not by default."""

from eai.plugin_api import DirectorySuite, hookimpl, tasks_dir
from eai_etplan.generator import EtPlan

SUITE = "etplan-vh"


@hookimpl
def eai_register_generators(register):
    register(EtPlan())


@hookimpl
def eai_register_suites(register):
    register(DirectorySuite(SUITE, EtPlan.simulator, "ET-Plan-Bench-style tasks generated on the VirtualHome scene "
                            "(eai tasks generate etplan; tasks/README.md has the command)", lambda: tasks_dir() / SUITE,
                            in_default_run=False))
