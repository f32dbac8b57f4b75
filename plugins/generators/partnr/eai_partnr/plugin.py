"""Hooks of the built-in partnr plugin: the generator, and the suite it made
(tasks/partnr-vh), which eai run takes when it is named, not by default."""

from eai.plugin_api import DirectorySuite, hookimpl, tasks_dir
from eai_partnr.generator import Partnr
from eai_partnr.importer import PartnrEpisodes

SUITE = "partnr-vh"


@hookimpl
def eai_register_generators(register):
    register(Partnr())


@hookimpl
def eai_register_suites(register):
    register(DirectorySuite(SUITE, Partnr.simulator, "PARTNR-style collaboration tasks with evaluation functions "
                            "generated on the VirtualHome scene (eai tasks generate partnr; tasks/README.md has "
                            "the command)", lambda: tasks_dir() / SUITE, in_default_run=False))


@hookimpl
def eai_register_importers(register):
    register(PartnrEpisodes())
