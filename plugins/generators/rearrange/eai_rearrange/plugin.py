"""Hooks of the built-in rearrange plugin: a task generator on BEHAVIOR scenes."""

from eai.plugin_api import hookimpl
from eai_rearrange.generator import Rearrange


@hookimpl
def eai_register_generators(register):
    register(Rearrange())
