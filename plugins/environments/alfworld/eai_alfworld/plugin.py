"""Hooks of the alfworld plugin: the environment ``alfworld`` (extra ``alfworld``)."""

from eai.plugin_api import hookimpl
from eai_alfworld.environment import AlfworldProvider


@hookimpl
def eai_register_environments(register):
    register(AlfworldProvider())
